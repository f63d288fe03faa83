#ifndef XYLO_CCRYPTO_H
#define XYLO_CCRYPTO_H

#include <openssl/evp.h>
#include <stddef.h>

/* Opens libcrypto; returns 0, or -1 with the reason in `reason`. */
int xylo_crypto_open(char *reason, size_t size);

#endif
