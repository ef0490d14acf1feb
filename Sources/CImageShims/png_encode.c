#include "CImageShims.h"
#include "png_errors.h"
#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int cimg_is_opaque(const uint8_t *rgba, size_t pixels) {
  for (size_t i = 0; i < pixels; i++) {
    if (rgba[i * 4 + 3] != 255) return 0;
  }
  return 1;
}

// Writes the rows through libpng's full API into `stream`; returns 1 on success.
static int cimg_png_write_rows(const uint8_t *rgba, uint32_t width, uint32_t height, FILE *stream, char *err,
                               size_t err_size) {
  cimg_png_message message = {err, err_size};
  png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &message, cimg_png_record_error_and_jump,
                                            cimg_png_ignore_warning);
  if (png == NULL) return 0;
  png_infop info = png_create_info_struct(png);
  if (info == NULL) {
    png_destroy_write_struct(&png, NULL);
    return 0;
  }
  if (setjmp(png_jmpbuf(png))) {
    png_destroy_write_struct(&png, &info);
    return 0;
  }
  png_init_io(png, stream);
  // An opaque picture (a collage, a cover) is written without its alpha channel: a quarter less to compress
  // and store. Level 3 with libpng's adaptive filters: on the demo covers' collage it compresses about three
  // times faster than zlib's default level 6 and writes fewer bytes than ImageMagick's level 7 (BENCHMARKS.md).
  int opaque = cimg_is_opaque(rgba, (size_t)width * height);
  png_set_IHDR(png, info, width, height, 8, opaque ? PNG_COLOR_TYPE_RGB : PNG_COLOR_TYPE_RGB_ALPHA,
               PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
  png_set_compression_level(png, 3);
  png_write_info(png, info);
  if (opaque) png_set_filler(png, 0, PNG_FILLER_AFTER);  // drops the fourth byte of each pixel on the way out
  for (uint32_t y = 0; y < height; y++) {
    png_write_row(png, (png_const_bytep)(rgba + (size_t)y * width * 4));
  }
  png_write_end(png, info);
  png_destroy_write_struct(&png, &info);
  return 1;
}

int cimg_png_encode_rgba(const uint8_t *rgba, uint32_t width, uint32_t height, uint8_t **out, size_t *out_size,
                         char *err, size_t err_size) {
  if (width == 0 || height == 0 || width > PNG_USER_WIDTH_MAX || height > PNG_USER_HEIGHT_MAX) {
    snprintf(err, err_size, "a %ux%u picture cannot be written as PNG", width, height);
    return -1;
  }
  snprintf(err, err_size, "out of memory");
  // One pass into a growing memory stream: libpng's simplified in-memory writer compresses the whole picture
  // once only to learn the size, then again to write it.
  char *buffer = NULL;
  size_t size = 0;
  FILE *stream = open_memstream(&buffer, &size);
  if (stream == NULL) return -1;
  int written = cimg_png_write_rows(rgba, width, height, stream, err, err_size);
  // Closing the stream sets buffer and size; a failed flush (out of memory) fails the encode.
  if (fclose(stream) != 0 && written) {
    snprintf(err, err_size, "out of memory");
    written = 0;
  }
  if (!written) {
    free(buffer);
    return -1;
  }
  *out = (uint8_t *)buffer;
  *out_size = size;
  return 0;
}

void cimg_free(void *p) { free(p); }
