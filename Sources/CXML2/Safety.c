/* What libxml2 must never do here (print, load anything from outside the document), and what
   Swift cannot read from libxml2's structures without its headers. */
#include "Layout.h"

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

void xylo_xml2_error_fields(const xmlError *error, int *is_error, int *line, int *column,
                            const char **message) {
  const struct xylo_xml_error *fields = (const struct xylo_xml_error *)error;
  *is_error = fields->level >= XYLO_XML_ERR_ERROR;
  *line = fields->line;
  *column = fields->int2;
  *message = fields->message;
}

int xylo_xml2_declares_entities(xmlNodePtr doctype) {
  const struct xylo_xml_dtd *dtd = (const struct xylo_xml_dtd *)doctype;
  if (!dtd || dtd->type != XYLO_XML_DTD_NODE) return 0;
  return dtd->entities != NULL || dtd->pentities != NULL;
}
