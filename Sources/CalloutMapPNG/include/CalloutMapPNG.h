#ifndef CALLOUTMAP_PNG_H
#define CALLOUTMAP_PNG_H

#include <stddef.h>

/// Writes an opaque picture held as cairo's ARGB32 pixels (32 bits each in native byte order,
/// the alpha byte ignored) to `path` as an 8-bit RGB PNG. Returns 0, or -1 when the file cannot
/// be opened or written (errno tells why; a libpng error leaves errno as it was).
int cm_png_write_opaque(const char *path, const unsigned char *pixels, int width, int height, size_t stride);

#endif
