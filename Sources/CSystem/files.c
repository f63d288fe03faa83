#define _GNU_SOURCE
#include "CSystem.h"

#include <fcntl.h>

int xylo_reserve_file_space(int descriptor, long long bytes) {
#if defined(__linux__)
  return fallocate(descriptor, FALLOC_FL_KEEP_SIZE, 0, (off_t)bytes);
#else
  (void)descriptor;
  (void)bytes;
  return -1;
#endif
}
