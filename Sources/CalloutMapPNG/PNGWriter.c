// libpng with the settings a map picture wants. GdkTexture's writer keeps the alpha channel and
// zlib's default level with libpng's adaptive filters: for an 800 × 600 map at zoom 16 that
// was 83 ms of a 120 ms picture. Measured on the bench's pictures (zooms 12 and 16): without
// row filters the flat colours and antialiased edges of a map compress better and faster than
// with any filter (filters suit photographs), and level 3 costs 2 ms more than level 1 for
// 4 % less — 27 ms and 397 KB at zoom 16 against 83 ms and 468 KB.
#include "CalloutMapPNG.h"

#include <png.h>
#include <setjmp.h>
#include <stdio.h>

int cm_png_write_opaque(const char *path, const unsigned char *pixels, int width, int height, size_t stride) {
    FILE *file = fopen(path, "wb");
    if (!file) return -1;
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (!info || setjmp(png_jmpbuf(png))) {  // libpng's errors come back here (longjmp)
        png_destroy_write_struct(&png, &info);
        fclose(file);
        return -1;
    }
    png_init_io(png, file);
    png_set_compression_level(png, 3);
    png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_NONE);
    png_set_IHDR(png, info, (png_uint_32)width, (png_uint_32)height, 8, PNG_COLOR_TYPE_RGB,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_write_info(png, info);
    // A pixel in memory: B, G, R, A on a little-endian machine, A, R, G, B on a big-endian one.
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    png_set_filler(png, 0, PNG_FILLER_AFTER);
    png_set_bgr(png);
#else
    png_set_filler(png, 0, PNG_FILLER_BEFORE);
#endif
    for (int y = 0; y < height; y++) png_write_row(png, (png_const_bytep)(pixels + (size_t)y * stride));
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    return fclose(file) == 0 ? 0 : -1;
}
