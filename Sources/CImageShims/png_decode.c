// PNG decoding through libpng's classic API. The simplified API (png_image_*) would be shorter, but it converts
// samples to sRGB gamma whenever a file carries gAMA/cHRM/iCCP; we want samples exactly as stored, so the
// transformations are chosen by hand. libpng reports errors by longjmp; the setjmp lives in this function, so the
// jump only ever crosses libpng frames and the callbacks below, never a Swift frame.
#include "CImageShims.h"
#include "png_errors.h"
#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// Everything the callbacks and the error path need. Kept out of local variables so that values assigned
// after setjmp are still valid after a longjmp (no `volatile` juggling).
typedef struct {
  const uint8_t *data;
  size_t size;
  size_t offset;
  png_bytep *rows;
  cimg_status status;
  cimg_png_message message;
} png_decode_context;

static void read_from_memory(png_structp png, png_bytep out, size_t length) {
  png_decode_context *context = png_get_io_ptr(png);
  if (length > context->size - context->offset) {
    png_error(png, "file is truncated");
  }
  memcpy(out, context->data + context->offset, length);
  context->offset += length;
}

// Requests 8-bit RGBA whatever the colour type and depth. libpng applies these in its own fixed order
// (expand, then 16→8, then gray→RGB, then filler), which is what makes this combination correct.
static void request_rgba8(png_structp png, png_infop info) {
  int color_type = png_get_color_type(png, info);
  int bit_depth = png_get_bit_depth(png, info);
  if (color_type == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(png);
  if (color_type == PNG_COLOR_TYPE_GRAY && bit_depth < 8) png_set_expand_gray_1_2_4_to_8(png);
  if (png_get_valid(png, info, PNG_INFO_tRNS)) png_set_tRNS_to_alpha(png);
  // Rounds v * 255 / 65535 (png_set_strip_16 would truncate to the high byte instead).
  if (bit_depth == 16) png_set_scale_16(png);
  if (color_type == PNG_COLOR_TYPE_GRAY || color_type == PNG_COLOR_TYPE_GRAY_ALPHA) png_set_gray_to_rgb(png);
  // No-op for images that already have (or gained, through tRNS) an alpha channel.
  png_set_filler(png, 0xFF, PNG_FILLER_AFTER);
  png_set_interlace_handling(png);
}

cimg_status cimg_png_decode_rgba(const uint8_t *data, size_t size, uint64_t max_pixels, uint8_t *out,
                                 size_t out_capacity, uint32_t *width, uint32_t *height, char *err,
                                 size_t err_size) {
  png_decode_context context = {data, size, 0, NULL, CIMG_CORRUPT, {err, err_size}};
  *width = 0;
  *height = 0;
  png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &context.message, cimg_png_record_error_and_jump,
                                           cimg_png_ignore_warning);
  if (png == NULL) {
    snprintf(err, err_size, "out of memory");
    return CIMG_NO_MEMORY;
  }
  png_infop info = png_create_info_struct(png);
  if (info == NULL) {
    png_destroy_read_struct(&png, NULL, NULL);
    snprintf(err, err_size, "out of memory");
    return CIMG_NO_MEMORY;
  }
  if (setjmp(png_jmpbuf(png))) {
    free(context.rows);
    png_destroy_read_struct(&png, &info, NULL);
    return context.status;
  }
  png_set_read_fn(png, &context, read_from_memory);
  png_read_info(png, info);

  png_uint_32 w = png_get_image_width(png, info);
  png_uint_32 h = png_get_image_height(png, info);
  *width = w;
  *height = h;
  // Both are at most 2^31 - 1 (libpng checks), so the products below fit in 64 bits.
  if ((uint64_t)w * h > max_pixels) {
    snprintf(err, err_size, "%u×%u is more than %llu pixels", w, h, (unsigned long long)max_pixels);
    context.status = CIMG_TOO_LARGE;
    png_longjmp(png, 1);
  }
  uint64_t row_bytes = (uint64_t)w * 4;
  if (row_bytes * h > out_capacity) {
    snprintf(err, err_size, "buffer of %zu bytes is too small for %u×%u RGBA", out_capacity, w, h);
    context.status = CIMG_BAD_ARGUMENT;
    png_longjmp(png, 1);
  }

  request_rgba8(png, info);
  png_read_update_info(png, info);
  if (png_get_rowbytes(png, info) != row_bytes) {
    snprintf(err, err_size, "unexpected row size %zu after conversion to RGBA", png_get_rowbytes(png, info));
    png_longjmp(png, 1);
  }

  context.rows = malloc(sizeof(png_bytep) * h);
  if (context.rows == NULL) {
    snprintf(err, err_size, "out of memory");
    context.status = CIMG_NO_MEMORY;
    png_longjmp(png, 1);
  }
  for (png_uint_32 y = 0; y < h; y++) context.rows[y] = out + (size_t)y * row_bytes;
  png_read_image(png, context.rows);
  // Reads (and CRC-checks) the chunks after the image data up to IEND, so a truncated file is refused.
  png_read_end(png, NULL);

  free(context.rows);
  png_destroy_read_struct(&png, &info, NULL);
  return CIMG_OK;
}
