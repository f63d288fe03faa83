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


#endif
