/* The floor a renderer cannot beat: writing N frames of 16-bit silence with libsndfile.
   Usage: silence-floor OUT.wav FRAMES RATE CHANNELS */
#include <sndfile.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
  if (argc != 5) { fprintf(stderr, "usage: silence-floor OUT FRAMES RATE CHANNELS\n"); return 64; }
  long long frames = atoll(argv[2]);
  SF_INFO info;
  memset(&info, 0, sizeof info);
  info.samplerate = atoi(argv[3]);
  info.channels = atoi(argv[4]);
  info.format = SF_FORMAT_WAV | SF_FORMAT_PCM_16;
  SNDFILE *file = sf_open(argv[1], SFM_WRITE, &info);
  if (!file) { fprintf(stderr, "%s\n", sf_strerror(NULL)); return 1; }
  enum { BLOCK = 4096 };
  static short block[BLOCK * 8];
  for (long long done = 0; done < frames; done += BLOCK) {
    long long count = frames - done < BLOCK ? frames - done : BLOCK;
    if (sf_writef_short(file, block, count) != count) { fprintf(stderr, "write failed\n"); return 1; }
  }
  return sf_close(file) == 0 ? 0 : 1;
}
