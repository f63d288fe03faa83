/* The physical floor under any renderer: BYTES of zeros written to a new file with no audio
   library, the space reserved with fallocate first, in 1 MiB write() calls. A renderer's WAV
   of the same size cannot be written faster than this on the same disk.
   Usage: raw-floor OUT BYTES */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int main(int argc, char **argv) {
  if (argc != 3) { fprintf(stderr, "usage: raw-floor OUT BYTES\n"); return 64; }
  long long bytes = atoll(argv[2]);
  if (bytes < 0) { fprintf(stderr, "BYTES: 0 or more\n"); return 64; }
  int fd = open(argv[1], O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
  if (fd < 0) { fprintf(stderr, "%s: %s\n", argv[1], strerror(errno)); return 1; }
  if (bytes > 0 && fallocate(fd, 0, 0, bytes) != 0 && errno != EOPNOTSUPP) {
    fprintf(stderr, "%s: fallocate: %s\n", argv[1], strerror(errno));
    return 1;
  }
  static char zeros[1 << 20];
  for (long long done = 0; done < bytes;) {
    size_t count = bytes - done < (long long)sizeof zeros ? (size_t)(bytes - done) : sizeof zeros;
    ssize_t written = write(fd, zeros, count);
    if (written <= 0) { fprintf(stderr, "%s: write: %s\n", argv[1], strerror(errno)); return 1; }
    done += written;
  }
  return close(fd) == 0 ? 0 : 1;
}
