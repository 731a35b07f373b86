// libxml2 from Debian's libxml2-dev: its streaming reader (xmlTextReader) reads GPX and KML.
//
// Debian builds libxml2 with ICU, so its encoding.h includes <unicode/ucnv.h>, whose
// definitions clash with the ICU that Swift's Foundation carries (_FoundationICU) and stop
// the module from building. The only use is two pointer members and a buffer of 16-bit
// units in a struct CalloutMap never touches: ICU's header is kept out and those two types
// are declared here with the same sizes.
#include <stdint.h>
#define UCNV_H 1
typedef struct CMXMLICUConverter UConverter;
typedef uint16_t UChar;
#include <libxml/xmlreader.h>
#include <libxml/xmlerror.h>
