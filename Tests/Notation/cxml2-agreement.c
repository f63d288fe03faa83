/* CXML2 declares the part of libxml2 it uses itself (CXML2.h, Layout.h), since the package
   cannot reach libxml2's headers while it builds. Compiled against those headers by
   NotationTests (`cc -fsyntax-only`, pkg-config's flags for libxml-2.0), this file fails on
   any declaration that disagrees with them: a function's prototype (declared twice), a
   constant, a field's place or a structure's size. */
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>
#include <libxml/xmlreader.h>
#include <stddef.h>

#include "CXML2.h"
#include "Layout.h"

#define SAME_VALUE(ours, theirs, header) _Static_assert((int)(ours) == (int)(theirs), header)
#define SAME_FIELD(theirs, ours, field) \
  _Static_assert(offsetof(theirs, field) == offsetof(ours, field), #theirs "." #field)

SAME_VALUE(XYLO_XML_PARSE_NONET, XML_PARSE_NONET, "parser.h");
SAME_VALUE(XYLO_XML_PARSE_BIG_LINES, XML_PARSE_BIG_LINES, "parser.h");
SAME_VALUE(XYLO_XML_READER_TYPE_ELEMENT, XML_READER_TYPE_ELEMENT, "xmlreader.h");
SAME_VALUE(XYLO_XML_READER_TYPE_TEXT, XML_READER_TYPE_TEXT, "xmlreader.h");
SAME_VALUE(XYLO_XML_READER_TYPE_CDATA, XML_READER_TYPE_CDATA, "xmlreader.h");
SAME_VALUE(XYLO_XML_READER_TYPE_ENTITY_REFERENCE, XML_READER_TYPE_ENTITY_REFERENCE, "xmlreader.h");
SAME_VALUE(XYLO_XML_READER_TYPE_DOCUMENT_TYPE, XML_READER_TYPE_DOCUMENT_TYPE, "xmlreader.h");
SAME_VALUE(XYLO_XML_READER_TYPE_END_ELEMENT, XML_READER_TYPE_END_ELEMENT, "xmlreader.h");
SAME_VALUE(XYLO_XML_ERR_ERROR, XML_ERR_ERROR, "xmlerror.h");
SAME_VALUE(XYLO_XML_DTD_NODE, XML_DTD_NODE, "tree.h");

_Static_assert(sizeof(struct xylo_xml_error) == sizeof(xmlError), "xmlError's size");
_Static_assert(sizeof(((xmlError *)0)->level) == sizeof(int), "xmlErrorLevel's size");
SAME_FIELD(xmlError, struct xylo_xml_error, domain);
SAME_FIELD(xmlError, struct xylo_xml_error, code);
SAME_FIELD(xmlError, struct xylo_xml_error, message);
SAME_FIELD(xmlError, struct xylo_xml_error, level);
SAME_FIELD(xmlError, struct xylo_xml_error, file);
SAME_FIELD(xmlError, struct xylo_xml_error, line);
SAME_FIELD(xmlError, struct xylo_xml_error, int2);
SAME_FIELD(xmlError, struct xylo_xml_error, node);

_Static_assert(sizeof(struct xylo_xml_dtd) == sizeof(xmlDtd), "xmlDtd's size");
_Static_assert(sizeof(((xmlDtd *)0)->type) == sizeof(int), "xmlElementType's size");
SAME_FIELD(xmlDtd, struct xylo_xml_dtd, type);
SAME_FIELD(xmlDtd, struct xylo_xml_dtd, doc);
SAME_FIELD(xmlDtd, struct xylo_xml_dtd, entities);
SAME_FIELD(xmlDtd, struct xylo_xml_dtd, pentities);
SAME_FIELD(xmlNode, struct xylo_xml_dtd, type);
