#ifndef XYLO_CXML2_LAYOUT_H
#define XYLO_CXML2_LAYOUT_H

/* What Safety.c needs of libxml2 beyond CXML2.h: three callback types, the setters that take
   them, and the fields of two structures, laid out as libxml2 2.9 and later lay them out (its
   ABI keeps them). Debian keeps libxml2's headers off the default search path, and the flag to
   reach them would keep the package manager from building this package as a dependency, so
   they are declared here; Tests/Notation/cxml2-agreement.c checks every line against libxml2's
   own headers (NotationTests). */
#include "CXML2.h"

typedef struct _xmlParserInput *xmlParserInputPtr;
typedef struct _xmlParserCtxt *xmlParserCtxtPtr;
typedef xmlParserInputPtr (*xmlExternalEntityLoader)(const char *URL, const char *ID,
                                                     xmlParserCtxtPtr context);
typedef void (*xmlGenericErrorFunc)(void *ctx, const char *msg, ...);

void xmlSetExternalEntityLoader(xmlExternalEntityLoader f);
void xmlSetGenericErrorFunc(void *ctx, xmlGenericErrorFunc handler);
void xmlSetStructuredErrorFunc(void *ctx, xmlStructuredErrorFunc handler);

/* xmlErrorLevel's XML_ERR_ERROR (xmlerror.h) and xmlElementType's XML_DTD_NODE (tree.h). */
enum { XYLO_XML_ERR_ERROR = 2, XYLO_XML_DTD_NODE = 14 };

/* struct _xmlError (xmlerror.h): `int2` is the column. */
struct xylo_xml_error {
  int domain;
  int code;
  char *message;
  int level;
  char *file;
  int line;
  char *str1;
  char *str2;
  char *str3;
  int int1;
  int int2;
  void *ctxt;
  void *node;
};

/* struct _xmlDtd (tree.h), whose first fields every node shares: `type` is second in all. */
struct xylo_xml_dtd {
  void *_private;
  int type;
  const xmlChar *name;
  void *children;
  void *last;
  void *parent;
  void *next;
  void *prev;
  void *doc;
  void *notations;
  void *elements;
  void *attributes;
  void *entities;
  const xmlChar *ExternalID;
  const xmlChar *SystemID;
  void *pentities;
};

#endif
