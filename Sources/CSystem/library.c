#include "CSystem.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int xylo_library_open(const char *name, char *reason, size_t size) {
  /* Never closed: the library's functions are cached by the forwarders. */
  if (dlopen(name, RTLD_NOW | RTLD_LOCAL)) return 0;
  const char *error = dlerror();
  snprintf(reason, size, "%s", error ? error : name);
  return -1;
}

void *xylo_library_symbol(const char *name, const char *symbol) {
  void *library = dlopen(name, RTLD_NOW | RTLD_LOCAL);
  void *address = library ? dlsym(library, symbol) : NULL;
  if (!address) {
    const char *error = dlerror();
    fprintf(stderr, "xylo-render: cannot load %s from %s: %s\n", symbol, name,
            error ? error : "not found");
    abort();
  }
  return address;
}
