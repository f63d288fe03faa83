#ifndef XYLO_CSOXR_H
#define XYLO_CSOXR_H

#include <soxr.h>
#include <stddef.h>

/* Opens libsoxr; returns 0, or -1 with the reason in `reason`. */
int xylo_soxr_open(char *reason, size_t size);

#endif
