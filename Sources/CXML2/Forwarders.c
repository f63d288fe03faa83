/* libxml2's functions as this project uses them, each forwarding to the library opened on
   first use (see CSystem.h). A function missing here is a link error: add its line. */
#include "Layout.h"

#include "CSystem.h"

static const char *const xml2 = XYLO_LIBRARY_NAME("xml2", 2);

int xylo_xml2_open(char *reason, size_t size) { return xylo_library_open(xml2, reason, size); }

XYLO_FORWARD_VOID(xml2, xmlInitParser, (void), ())
XYLO_FORWARD(xml2, xmlTextReaderPtr, xmlReaderForMemory, (const char *buffer, int size, const char *URL, const char *encoding, int options), (buffer, size, URL, encoding, options))
XYLO_FORWARD_VOID(xml2, xmlFreeTextReader, (xmlTextReaderPtr reader), (reader))
XYLO_FORWARD(xml2, long, xmlGetLineNo, (const xmlNode *node), (node))
XYLO_FORWARD_VOID(xml2, xmlSetExternalEntityLoader, (xmlExternalEntityLoader f), (f))
XYLO_FORWARD_VOID(xml2, xmlSetGenericErrorFunc, (void *ctx, xmlGenericErrorFunc handler), (ctx, handler))
XYLO_FORWARD_VOID(xml2, xmlSetStructuredErrorFunc, (void *ctx, xmlStructuredErrorFunc handler), (ctx, handler))
XYLO_FORWARD(xml2, const xmlChar *, xmlTextReaderConstLocalName, (xmlTextReaderPtr reader), (reader))
XYLO_FORWARD(xml2, const xmlChar *, xmlTextReaderConstValue, (xmlTextReaderPtr reader), (reader))
XYLO_FORWARD(xml2, xmlNodePtr, xmlTextReaderCurrentNode, (xmlTextReaderPtr reader), (reader))
XYLO_FORWARD(xml2, int, xmlTextReaderDepth, (xmlTextReaderPtr reader), (reader))
XYLO_FORWARD(xml2, int, xmlTextReaderGetParserColumnNumber, (xmlTextReaderPtr reader), (reader))
XYLO_FORWARD(xml2, int, xmlTextReaderGetParserLineNumber, (xmlTextReaderPtr reader), (reader))
XYLO_FORWARD(xml2, int, xmlTextReaderIsEmptyElement, (xmlTextReaderPtr reader), (reader))
XYLO_FORWARD(xml2, int, xmlTextReaderMoveToElement, (xmlTextReaderPtr reader), (reader))
XYLO_FORWARD(xml2, int, xmlTextReaderMoveToNextAttribute, (xmlTextReaderPtr reader), (reader))
XYLO_FORWARD(xml2, int, xmlTextReaderNodeType, (xmlTextReaderPtr reader), (reader))
XYLO_FORWARD(xml2, int, xmlTextReaderRead, (xmlTextReaderPtr reader), (reader))
XYLO_FORWARD_VOID(xml2, xmlTextReaderSetStructuredErrorHandler, (xmlTextReaderPtr reader, xmlStructuredErrorFunc f, void *arg), (reader, f, arg))
