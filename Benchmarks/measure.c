/* Runs a command and reports its wall time, CPU time and peak memory.
   Peak memory (ru_maxrss) counts the memory a child had before exec, so the parent must be
   small: Python's own 30 MB would otherwise show as every command's peak.
   Usage: measure RESULT_FILE COMMAND [ARGS...]; the command's stdout goes to /dev/null, its
   stderr passes through. Writes "WALL_S CPU_S PEAK_KB EXIT" to RESULT_FILE. */
#include <fcntl.h>
#include <stdio.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char **argv) {
  if (argc < 3) { fprintf(stderr, "usage: measure RESULT_FILE COMMAND [ARGS...]\n"); return 64; }
  struct timespec start, end;
  clock_gettime(CLOCK_MONOTONIC, &start);
  pid_t pid = fork();
  if (pid == 0) {
    int null = open("/dev/null", O_WRONLY);
    dup2(null, 1);
    execvp(argv[2], argv + 2);
    perror(argv[2]);
    _exit(127);
  }
  int status;
  struct rusage usage;
  wait4(pid, &status, 0, &usage);
  clock_gettime(CLOCK_MONOTONIC, &end);
  double wall = (end.tv_sec - start.tv_sec) + (end.tv_nsec - start.tv_nsec) / 1e9;
  double cpu = usage.ru_utime.tv_sec + usage.ru_utime.tv_usec / 1e6 + usage.ru_stime.tv_sec +
               usage.ru_stime.tv_usec / 1e6;
  FILE *out = fopen(argv[1], "w");
  if (!out) { perror(argv[1]); return 1; }
  fprintf(out, "%.6f %.6f %ld %d\n", wall, cpu, usage.ru_maxrss,
          WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status));
  fclose(out);
  return 0;
}
