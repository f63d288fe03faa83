/* A floor for encoded output that silence does not give: FLAC packs silence into almost
   nothing, so encoding silence costs far less than encoding music. This reads IN (the
   renderer's own samples, as 16-bit WAV) into memory, then times only libsndfile writing them
   to OUT as FORMAT (wav, w64 or flac; FLAC at libsndfile's default level, as xylo-render),
   BLOCK frames per sf_writef_short call, from opening OUT to closing it. The reading is left
   out of the time; the run's wall and CPU seconds of that part go to TIMING as "WALL CPU".
   Usage: encode-floor IN OUT FORMAT BLOCK TIMING */
#include <sndfile.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "floor-format.h"

static double cpu_seconds(void) {
  struct rusage usage;
  getrusage(RUSAGE_SELF, &usage);
  return usage.ru_utime.tv_sec + usage.ru_utime.tv_usec / 1e6 + usage.ru_stime.tv_sec +
         usage.ru_stime.tv_usec / 1e6;
}

static double wall_seconds(void) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return now.tv_sec + now.tv_nsec / 1e9;
}

int main(int argc, char **argv) {
  if (argc != 6) { fprintf(stderr, "usage: encode-floor IN OUT wav|w64|flac BLOCK TIMING\n"); return 64; }
  int format = floor_format(argv[3]);
  if (format == 0) { fprintf(stderr, "FORMAT: wav, w64 or flac\n"); return 64; }
  long long blockFrames = atoll(argv[4]);
  if (blockFrames < 1 || blockFrames > 1 << 20) { fprintf(stderr, "BLOCK: 1 to 1048576\n"); return 64; }
  SF_INFO info;
  memset(&info, 0, sizeof info);
  SNDFILE *in = sf_open(argv[1], SFM_READ, &info);
  if (!in) { fprintf(stderr, "%s: %s\n", argv[1], sf_strerror(NULL)); return 1; }
  long long frames = info.frames;
  short *samples = malloc((size_t)(frames > 0 ? frames : 1) * info.channels * sizeof *samples);
  if (!samples) { fprintf(stderr, "out of memory\n"); return 1; }
  if (sf_readf_short(in, samples, frames) != frames) { fprintf(stderr, "%s: short read\n", argv[1]); return 1; }
  sf_close(in);

  double wall = wall_seconds(), cpu = cpu_seconds();
  SF_INFO outInfo;
  memset(&outInfo, 0, sizeof outInfo);
  outInfo.samplerate = info.samplerate;
  outInfo.channels = info.channels;
  outInfo.format = format | SF_FORMAT_PCM_16;
  SNDFILE *out = sf_open(argv[2], SFM_WRITE, &outInfo);
  if (!out) { fprintf(stderr, "%s: %s\n", argv[2], sf_strerror(NULL)); return 1; }
  for (long long done = 0; done < frames; done += blockFrames) {
    long long count = frames - done < blockFrames ? frames - done : blockFrames;
    if (sf_writef_short(out, samples + done * info.channels, count) != count) {
      fprintf(stderr, "write failed\n");
      return 1;
    }
  }
  if (sf_close(out) != 0) { fprintf(stderr, "%s: close failed\n", argv[2]); return 1; }
  wall = wall_seconds() - wall;
  cpu = cpu_seconds() - cpu;

  FILE *timing = fopen(argv[5], "w");
  if (!timing) { perror(argv[5]); return 1; }
  fprintf(timing, "%.6f %.6f\n", wall, cpu);
  return fclose(timing) == 0 ? 0 : 1;
}
