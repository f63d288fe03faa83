#ifndef XYLO_CEBUR128_H
#define XYLO_CEBUR128_H

#include <ebur128.h>
#include <stddef.h>

/* Opens libebur128; returns 0, or -1 with the reason in `reason`. */
int xylo_ebur128_open(char *reason, size_t size);

#endif
