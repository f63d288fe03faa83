#ifndef XYLO_CZIP_H
#define XYLO_CZIP_H

#include <stddef.h>
#include <zip.h>

/* Opens libzip (libzip.so.4); returns 0, or -1 with the reason in `reason`. Call before any
   libzip function. */
int xylo_zip_open(char *reason, size_t size);

#endif
