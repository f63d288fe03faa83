#ifndef XYLO_CXML2_H
#define XYLO_CXML2_H

/* Debian's headers live in /usr/include/libxml2 (pkg-config libxml-2.0), which Package.swift
   adds to this target's and its one Swift user's search paths. */
#include <libxml/parser.h>
#include <libxml/xmlerror.h>
#include <libxml/xmlreader.h>
#include <stddef.h>

/* Opens libxml2 (libxml2.so.2); returns 0, or -1 with the reason in `reason`. Call before any
   libxml2 function. */
int xylo_xml2_open(char *reason, size_t size);

/* Sends the calling thread's generic and structured libxml2 errors nowhere (libxml2 keeps
   these handlers per thread): libxml2 must print nothing. A reader's own errors go to the
   handler set with xmlTextReaderSetStructuredErrorHandler. */
void xylo_xml2_quiet_thread(void);

/* Makes every external entity, DTD or document libxml2 would load fail (process-wide). */
void xylo_xml2_refuse_external_entities(void);

#endif
