/* What libxml2 must never do here: print, or load anything from outside the document. */
#include "CXML2.h"

static void ignore_message(void *context, const char *message, ...) {
  (void)context;
  (void)message;
}

static void ignore_error(void *context, xmlErrorPtr error) {
  (void)context;
  (void)error;
}

static xmlParserInputPtr refuse_entity(const char *url, const char *id, xmlParserCtxtPtr context) {
  (void)url;
  (void)id;
  (void)context;
  return NULL;
}

void xylo_xml2_quiet_thread(void) {
  xmlSetGenericErrorFunc(NULL, ignore_message);
  xmlSetStructuredErrorFunc(NULL, ignore_error);
}

void xylo_xml2_refuse_external_entities(void) { xmlSetExternalEntityLoader(refuse_entity); }
