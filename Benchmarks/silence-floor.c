/* The floor a renderer cannot beat: writing N frames of 16-bit silence with libsndfile,
   BLOCK frames per sf_writef_short call (xylo-render writes 32768 at a time to an encoded
   file, 131072 to an uncompressed one), to FORMAT: wav (the default), w64 or flac. FLAC is
   encoded at libsndfile's default compression level (5), which xylo-render keeps too.
   Usage: silence-floor OUT FRAMES RATE CHANNELS BLOCK [FORMAT] */
#include <sndfile.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "floor-format.h"

int main(int argc, char **argv) {
  if (argc != 6 && argc != 7) {
    fprintf(stderr, "usage: silence-floor OUT FRAMES RATE CHANNELS BLOCK [wav|w64|flac]\n");
    return 64;
  }
  long long blockFrames = atoll(argv[5]);
  if (blockFrames < 1 || blockFrames > 65536) { fprintf(stderr, "BLOCK: 1 to 65536\n"); return 64; }
  int format = floor_format(argc == 7 ? argv[6] : "wav");
  if (format == 0) { fprintf(stderr, "FORMAT: wav, w64 or flac\n"); return 64; }
  long long frames = atoll(argv[2]);
  SF_INFO info;
  memset(&info, 0, sizeof info);
  info.samplerate = atoi(argv[3]);
  info.channels = atoi(argv[4]);
  if (info.channels < 1 || info.channels > 8) { fprintf(stderr, "CHANNELS: 1 to 8\n"); return 64; }
  info.format = format | SF_FORMAT_PCM_16;
  SNDFILE *file = sf_open(argv[1], SFM_WRITE, &info);
  if (!file) { fprintf(stderr, "%s\n", sf_strerror(NULL)); return 1; }
  static short block[65536 * 8];
  for (long long done = 0; done < frames; done += blockFrames) {
    long long count = frames - done < blockFrames ? frames - done : blockFrames;
    if (sf_writef_short(file, block, count) != count) { fprintf(stderr, "write failed\n"); return 1; }
  }
  return sf_close(file) == 0 ? 0 : 1;
}
