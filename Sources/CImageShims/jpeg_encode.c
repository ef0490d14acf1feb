// JPEG encoding through libjpeg-turbo, into a growable malloc'd buffer owned by this file (jpeg_mem_dest would
// leave the caller with a dangling pointer if an error struck after it had grown its buffer).
#include "CImageShims.h"
#include "jpeg_errors.h"
#include <jerror.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  struct jpeg_destination_mgr pub;
  uint8_t *buffer;
  size_t capacity;
} growable_destination;

static void init_destination(j_compress_ptr cinfo) {
  growable_destination *dest = (growable_destination *)cinfo->dest;
  dest->capacity = 16384;
  dest->buffer = malloc(dest->capacity);
  if (dest->buffer == NULL) ERREXIT1(cinfo, JERR_OUT_OF_MEMORY, 0);
  dest->pub.next_output_byte = dest->buffer;
  dest->pub.free_in_buffer = dest->capacity;
}

// Called when the buffer is full: libjpeg expects the whole buffer to have been consumed, so double it.
static boolean grow_destination(j_compress_ptr cinfo) {
  growable_destination *dest = (growable_destination *)cinfo->dest;
  size_t used = dest->capacity;
  if (dest->capacity > SIZE_MAX / 2) ERREXIT1(cinfo, JERR_OUT_OF_MEMORY, 1);
  uint8_t *bigger = realloc(dest->buffer, dest->capacity * 2);
  if (bigger == NULL) ERREXIT1(cinfo, JERR_OUT_OF_MEMORY, 2);
  dest->buffer = bigger;
  dest->capacity *= 2;
  dest->pub.next_output_byte = bigger + used;
  dest->pub.free_in_buffer = dest->capacity - used;
  return TRUE;
}

static void term_destination(j_compress_ptr cinfo) { (void)cinfo; }

cimg_status cimg_jpeg_encode_rgba(const uint8_t *rgba, uint32_t width, uint32_t height, int quality, uint8_t **out,
                                  size_t *out_size, char *err, size_t err_size) {
  struct jpeg_compress_struct cinfo;
  cimg_jpeg_error_mgr errors;
  growable_destination dest;
  memset(&cinfo, 0, sizeof cinfo);
  memset(&dest, 0, sizeof dest);
  cimg_jpeg_install_errors(&errors, err, err_size);
  cinfo.err = &errors.pub;
  *out = NULL;
  *out_size = 0;
  if (rgba == NULL || width == 0 || height == 0) {
    snprintf(err, err_size, "empty image");
    return CIMG_BAD_ARGUMENT;
  }
  if (setjmp(errors.jump)) {
    jpeg_destroy_compress(&cinfo);
    free(dest.buffer);
    return errors.status;
  }
  jpeg_create_compress(&cinfo);
  dest.pub.init_destination = init_destination;
  dest.pub.empty_output_buffer = grow_destination;
  dest.pub.term_destination = term_destination;
  cinfo.dest = &dest.pub;

  cinfo.image_width = width;
  cinfo.image_height = height;
  cinfo.input_components = 4;
  cinfo.in_color_space = JCS_EXT_RGBA;
  jpeg_set_defaults(&cinfo);
  jpeg_set_quality(&cinfo, quality < 1 ? 1 : (quality > 100 ? 100 : quality), TRUE);
  jpeg_start_compress(&cinfo, TRUE);
  size_t row_bytes = (size_t)width * 4;
  while (cinfo.next_scanline < cinfo.image_height) {
    // libjpeg's JSAMPROW is not const, but compression only reads it.
    JSAMPROW row = (JSAMPROW)(rgba + (size_t)cinfo.next_scanline * row_bytes);
    jpeg_write_scanlines(&cinfo, &row, 1);
  }
  jpeg_finish_compress(&cinfo);
  *out = dest.buffer;
  *out_size = dest.capacity - dest.pub.free_in_buffer;
  jpeg_destroy_compress(&cinfo);
  return CIMG_OK;
}
