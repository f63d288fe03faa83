#ifndef XYLO_CSYSTEM_H
#define XYLO_CSYSTEM_H

/* C library calls that Swift's libc modules do not expose. */

#if defined(__GLIBC__)
#include <malloc.h>
/* Returns freed heap pages to the system (glibc's malloc_trim). */
static inline int xylo_release_freed_memory(void) { return malloc_trim(0); }
#else
static inline int xylo_release_freed_memory(void) { return 0; }
#endif

#include <stddef.h>

/* Asks the CPU to bring the cache line at `address` into its nearest cache ahead of a read. */
static inline void xylo_prefetch(const void *address) { __builtin_prefetch(address, 0, 3); }

/* Tells the CPU that the calling thread spins on a value another core will change (x86's
   `pause`, Arm's `yield`): the spin takes less from the core's other thread and ends sooner. */
static inline void xylo_spin_pause(void) {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#elif defined(__aarch64__)
  __asm__ __volatile__("yield");
#endif
}

/* The commit this program was built from, as the build named it (scripts/package links in an
   object defining `xylo_build_commit_text`), or "" when the build named none. */
const char *xylo_build_commit(void);

/* Reserves `bytes` of disk from `offset` for the file open as `descriptor` without changing
   its size (on Linux, fallocate with FALLOC_FL_KEEP_SIZE): a file of known length is then
   written without its blocks being allocated page by page. Best effort: nonzero where it
   cannot be done, and then nothing stays reserved past the file's end. */
int xylo_reserve_file_space(int descriptor, long long offset, long long bytes);

#if defined(__linux__)
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
/* The calling thread's nice value (on Linux, each thread has its own). */
static inline int xylo_thread_nice(void) {
  return getpriority(PRIO_PROCESS, (id_t)syscall(SYS_gettid));
}
/* The main thread's nice value. */
static inline int xylo_process_nice(void) { return getpriority(PRIO_PROCESS, (id_t)getpid()); }
/* Sets the calling thread's nice value; 0, or -1 where lowering it back needs privilege. */
static inline int xylo_set_thread_nice(int value) {
  return setpriority(PRIO_PROCESS, (id_t)syscall(SYS_gettid), value);
}
#else
static inline int xylo_thread_nice(void) { return 0; }
static inline int xylo_process_nice(void) { return 0; }
static inline int xylo_set_thread_nice(int value) { (void)value; return -1; }
#endif

/* Libraries only some commands use (FFmpeg, Cairo, libcrypto, libsoxr, libebur128) are opened
   on first use, not linked: linking them made every process, even `check`, load 147 shared
   libraries (about 50 ms and 28 MB). */

/* A shared library's file name for its major version: libcairo.so.2, libcairo.2.dylib. */
#define XYLO_LIBRARY_TEXT(value) #value
#if defined(__APPLE__)
#define XYLO_LIBRARY_NAME(base, major) "lib" base "." XYLO_LIBRARY_TEXT(major) ".dylib"
#else
#define XYLO_LIBRARY_NAME(base, major) "lib" base ".so." XYLO_LIBRARY_TEXT(major)
#endif

/* Opens the library `name` for the rest of the process; returns 0, or -1 with the loader's
   reason written to `reason` (at most `size` bytes). */
int xylo_library_open(const char *name, char *reason, size_t size);

/* The address of `symbol` in the library `name`, which is opened if it is not yet; prints the
   reason and aborts when either is missing, as a missing symbol at start-up would. */
void *xylo_library_symbol(const char *name, const char *symbol);

/* Defines `function`, declared by the library's header, as a call to the library's own,
   looked up on the first call: the compiler checks the parameters against the header. */
#define XYLO_RESOLVE(library, function)                                                      \
  static __typeof__(&function) resolved;                                                     \
  __typeof__(&function) call = __atomic_load_n(&resolved, __ATOMIC_ACQUIRE);                 \
  if (!call) {                                                                               \
    call = (__typeof__(&function))xylo_library_symbol(library, #function);                   \
    __atomic_store_n(&resolved, call, __ATOMIC_RELEASE);                                     \
  }
#define XYLO_FORWARD(library, result, function, parameters, arguments)                       \
  result function parameters {                                                               \
    XYLO_RESOLVE(library, function)                                                          \
    return call arguments;                                                                   \
  }
#define XYLO_FORWARD_VOID(library, function, parameters, arguments)                          \
  void function parameters {                                                                 \
    XYLO_RESOLVE(library, function)                                                          \
    call arguments;                                                                          \
  }

#endif
