#ifndef XYLO_CCAIRO_H
#define XYLO_CCAIRO_H

#include <cairo/cairo.h>
#include <cairo/cairo-svg.h>
#include <stddef.h>

/* Opens Cairo; returns 0, or -1 with the reason in `reason`. Call before any Cairo function. */
int xylo_cairo_open(char *reason, size_t size);

#endif
