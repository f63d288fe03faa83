/* The containers the libsndfile floors write, by the name run.py passes. */
#include <sndfile.h>
#include <string.h>

/* SF_FORMAT_WAV, _W64 or _FLAC for "wav", "w64" or "flac"; 0 for anything else. */
static int floor_format(const char *name) {
  if (strcmp(name, "wav") == 0) return SF_FORMAT_WAV;
  if (strcmp(name, "w64") == 0) return SF_FORMAT_W64;
  if (strcmp(name, "flac") == 0) return SF_FORMAT_FLAC;
  return 0;
}
