#ifndef XYLO_CXML2_H
#define XYLO_CXML2_H

/* The part of libxml2's API this project uses, declared as libxml2's own headers declare it.
   Debian keeps those headers in /usr/include/libxml2, off the default search path, and the
   flag to reach them would keep the package manager from building this package as a
   dependency: Tests/Notation/cxml2-agreement.c checks every declaration here against them
   (NotationTests). */
#include <stddef.h>

typedef unsigned char xmlChar;
typedef struct _xmlTextReader xmlTextReader;
typedef xmlTextReader *xmlTextReaderPtr;
typedef struct _xmlNode xmlNode;
typedef xmlNode *xmlNodePtr;
typedef struct _xmlError xmlError;
typedef xmlError *xmlErrorPtr;
typedef void (*xmlStructuredErrorFunc)(void *userData, xmlErrorPtr error);

/* xmlParserOption values (parser.h), checked against it in Forwarders.c. */
enum {
  XYLO_XML_PARSE_NONET = 1 << 11,
  XYLO_XML_PARSE_BIG_LINES = 1 << 22,
};

/* xmlReaderTypes values (xmlreader.h), checked against it in Forwarders.c. */
enum {
  XYLO_XML_READER_TYPE_ELEMENT = 1,
  XYLO_XML_READER_TYPE_TEXT = 3,
  XYLO_XML_READER_TYPE_CDATA = 4,
  XYLO_XML_READER_TYPE_ENTITY_REFERENCE = 5,
  XYLO_XML_READER_TYPE_DOCUMENT_TYPE = 10,
  XYLO_XML_READER_TYPE_END_ELEMENT = 15,
};

void xmlInitParser(void);
xmlTextReaderPtr xmlReaderForMemory(const char *buffer, int size, const char *URL,
                                    const char *encoding, int options);
void xmlFreeTextReader(xmlTextReaderPtr reader);
int xmlTextReaderRead(xmlTextReaderPtr reader);
int xmlTextReaderNodeType(xmlTextReaderPtr reader);
int xmlTextReaderDepth(xmlTextReaderPtr reader);
int xmlTextReaderIsEmptyElement(xmlTextReaderPtr reader);
const xmlChar *xmlTextReaderConstLocalName(xmlTextReaderPtr reader);
const xmlChar *xmlTextReaderConstValue(xmlTextReaderPtr reader);
int xmlTextReaderMoveToNextAttribute(xmlTextReaderPtr reader);
int xmlTextReaderMoveToElement(xmlTextReaderPtr reader);
int xmlTextReaderGetParserLineNumber(xmlTextReaderPtr reader);
int xmlTextReaderGetParserColumnNumber(xmlTextReaderPtr reader);
xmlNodePtr xmlTextReaderCurrentNode(xmlTextReaderPtr reader);
long xmlGetLineNo(const xmlNode *node);
void xmlTextReaderSetStructuredErrorHandler(xmlTextReaderPtr reader, xmlStructuredErrorFunc f,
                                            void *arg);

/* Opens libxml2 (libxml2.so.2); returns 0, or -1 with the reason in `reason`. Call before any
   libxml2 function. */
int xylo_xml2_open(char *reason, size_t size);

/* Sends the calling thread's generic and structured libxml2 errors nowhere (libxml2 keeps
   these handlers per thread): libxml2 must print nothing. A reader's own errors go to the
   handler set with xmlTextReaderSetStructuredErrorHandler. */
void xylo_xml2_quiet_thread(void);

/* Makes every external entity, DTD or document libxml2 would load fail (process-wide). */
void xylo_xml2_refuse_external_entities(void);

/* An error's fields: whether it is an error (not a warning), its line and column (0 when
   unknown) and message (NULL when none; libxml2's, valid while the error is). */
void xylo_xml2_error_fields(const xmlError *error, int *is_error, int *line, int *column,
                            const char **message);

/* Whether the DOCTYPE node `doctype` (as the reader gives it) declares entities (general or
   parameter) in an internal subset. */
int xylo_xml2_declares_entities(xmlNodePtr doctype);

#endif
