#define _GNU_SOURCE
#include "CSystem.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

int xylo_reserve_file_space(int descriptor, long long offset, long long bytes) {
#if defined(__linux__)
  if (fallocate(descriptor, FALLOC_FL_KEEP_SIZE, (off_t)offset, (off_t)bytes) == 0) return 0;
  /* A partial success keeps some blocks past the end: give them back. */
  struct stat status;
  if (fstat(descriptor, &status) == 0) (void)ftruncate(descriptor, status.st_size);
  return -1;
#else
  (void)descriptor;
  (void)offset;
  (void)bytes;
  return -1;
#endif
}
