#include "CSystem.h"

/* The commit a build names is linked in from an object of its own that defines this text
   (scripts/package makes it: `-Xlinker commit-….o`), so naming it relinks the program and
   recompiles nothing; a build that names none leaves the weak symbol unresolved. */
extern const char xylo_build_commit_text[] __attribute__((weak));

const char *xylo_build_commit(void) {
  const char *text = xylo_build_commit_text;
  return text ? text : "";
}
