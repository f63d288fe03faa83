/* How fast this processor can do what the mixer's two-plane pass does, with nothing else in
   the way: STREAMS voices, each reading its own stretch of one of eight samples, summed 32
   frames at a time into left and right sums held in registers (a shared value scaled once and
   added to both), blocks of 4096 frames, as xylo-render's `addTwoPlaneRun` does. Prints the
   time a voice-frame for the values stored as 16-bit integers and as floats, from eight
   samples of 180,000 frames (the app's, which together live in L3) and from one of 4096
   frames that every voice reads (which lives in L1). Compare with the render's own pass in
   `perf report` (docs/performance.md).
   Needs x86-64 with AVX2. Build and run:
     cc -O2 -mavx2 Benchmarks/mix-limit.c -o /tmp/mix-limit && /tmp/mix-limit
   Usage: mix-limit [STREAMS] */
#include <immintrin.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

enum { block = 4096, blocks = 20000 };

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

static __m256 widened(const short *values) {
  return _mm256_cvtepi32_ps(_mm256_cvtepi16_epi32(_mm_loadu_si128((const __m128i *)values)));
}

/* Nanoseconds a voice-frame over `keys` samples of `frames` frames, as floats or 16-bit. */
static double run(int keys, long frames, int streams, int floats) {
  void *pool[8];
  for (int k = 0; k < keys; k++) {
    pool[k] = aligned_alloc(64, (size_t)(frames + block) * 4);
    for (long i = 0; i < frames + block; i++) {
      short value = (short)((i * 7919 + k * 104729) % 30000);
      if (floats) ((float *)pool[k])[i] = value; else ((short *)pool[k])[i] = value;
    }
  }
  static float left[block] __attribute__((aligned(64))), right[block] __attribute__((aligned(64)));
  int key[64];
  long offset[64];
  for (int s = 0; s < streams; s++) {
    key[s] = s % keys;
    offset[s] = frames / streams * s / 32 * 32;
  }
  double start = now();
  for (int b = 0; b < blocks; b++) {
    for (long t = 0; t < block; t += 32) {
      __m256 l0 = _mm256_load_ps(left + t), l1 = _mm256_load_ps(left + t + 8);
      __m256 l2 = _mm256_load_ps(left + t + 16), l3 = _mm256_load_ps(left + t + 24);
      __m256 r0 = _mm256_load_ps(right + t), r1 = _mm256_load_ps(right + t + 8);
      __m256 r2 = _mm256_load_ps(right + t + 16), r3 = _mm256_load_ps(right + t + 24);
      for (int s = 0; s < streams; s++) {
        __m256 gain = _mm256_set1_ps(0.5f / 32768 + s * 1e-7f), v0, v1, v2, v3;
        if (floats) {
          const float *p = (const float *)pool[key[s]] + offset[s] + t;
          v0 = _mm256_loadu_ps(p); v1 = _mm256_loadu_ps(p + 8);
          v2 = _mm256_loadu_ps(p + 16); v3 = _mm256_loadu_ps(p + 24);
        } else {
          const short *p = (const short *)pool[key[s]] + offset[s] + t;
          v0 = widened(p); v1 = widened(p + 8); v2 = widened(p + 16); v3 = widened(p + 24);
        }
        v0 = _mm256_mul_ps(v0, gain); v1 = _mm256_mul_ps(v1, gain);
        v2 = _mm256_mul_ps(v2, gain); v3 = _mm256_mul_ps(v3, gain);
        l0 = _mm256_add_ps(l0, v0); r0 = _mm256_add_ps(r0, v0);
        l1 = _mm256_add_ps(l1, v1); r1 = _mm256_add_ps(r1, v1);
        l2 = _mm256_add_ps(l2, v2); r2 = _mm256_add_ps(r2, v2);
        l3 = _mm256_add_ps(l3, v3); r3 = _mm256_add_ps(r3, v3);
      }
      _mm256_store_ps(left + t, l0); _mm256_store_ps(left + t + 8, l1);
      _mm256_store_ps(left + t + 16, l2); _mm256_store_ps(left + t + 24, l3);
      _mm256_store_ps(right + t, r0); _mm256_store_ps(right + t + 8, r1);
      _mm256_store_ps(right + t + 16, r2); _mm256_store_ps(right + t + 24, r3);
    }
    for (int s = 0; s < streams; s++) {
      offset[s] += block;
      if (offset[s] + block > frames) { offset[s] = 0; key[s] = (key[s] + 3) % keys; }
    }
  }
  double seconds = now() - start;
  for (int k = 0; k < keys; k++) free(pool[k]);
  volatile float keep = left[5] + right[7];
  (void)keep;
  return seconds / ((double)blocks * block * streams) * 1e9;
}

int main(int argc, char **argv) {
  int streams = argc > 1 ? atoi(argv[1]) : 16;
  if (streams < 1 || streams > 64) { fprintf(stderr, "STREAMS: 1 to 64\n"); return 64; }
  printf("%d voices, two planes, ns a voice-frame:\n", streams);
  printf("  16-bit, eight samples of 180,000 frames (L3): %.3f\n", run(8, 180000, streams, 0));
  printf("  16-bit, one of 4096 frames (L1):              %.3f\n", run(1, block, streams, 0));
  printf("  float,  eight samples of 180,000 frames (L3): %.3f\n", run(8, 180000, streams, 1));
  printf("  float,  one of 4096 frames (L1):              %.3f\n", run(1, block, streams, 1));
  return 0;
}
