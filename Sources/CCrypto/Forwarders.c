/* libcrypto's functions as this project uses them, each forwarding to the library opened on
   first use (see CSystem.h). A function missing here is a link error: add its line. */
#include "CCrypto.h"

#include "CSystem.h"

static const char *const crypto = XYLO_LIBRARY_NAME("crypto", OPENSSL_VERSION_MAJOR);

int xylo_crypto_open(char *reason, size_t size) { return xylo_library_open(crypto, reason, size); }

XYLO_FORWARD(crypto, int, EVP_DigestFinal_ex, (EVP_MD_CTX *ctx, unsigned char *md, unsigned int *s), (ctx, md, s))
XYLO_FORWARD(crypto, int, EVP_DigestInit_ex, (EVP_MD_CTX *ctx, const EVP_MD *type, ENGINE *impl), (ctx, type, impl))
XYLO_FORWARD(crypto, int, EVP_DigestUpdate, (EVP_MD_CTX *ctx, const void *d, size_t cnt), (ctx, d, cnt))
XYLO_FORWARD_VOID(crypto, EVP_MD_CTX_free, (EVP_MD_CTX *ctx), (ctx))
XYLO_FORWARD(crypto, EVP_MD_CTX *, EVP_MD_CTX_new, (), ())
XYLO_FORWARD(crypto, const EVP_MD *, EVP_sha256, (), ())
