// JPEG decoding through libjpeg-turbo. Every libjpeg call below sits after a setjmp in the same function,
// so an error longjmps only across libjpeg frames and lands here, where the decompressor is destroyed.
#include "CImageShims.h"
#include "jpeg_errors.h"
#include <jerror.h>
#include <string.h>

// Reads markers up to the first scan; failures longjmp through the error manager to the caller's setjmp.
static void start_reading(struct jpeg_decompress_struct *cinfo, const uint8_t *data, size_t size) {
  jpeg_create_decompress(cinfo);
  jpeg_mem_src(cinfo, data, (unsigned long)size);
  jpeg_read_header(cinfo, TRUE);
}

// Adobe applications write CMYK JPEGs inverted (0 = full ink); libjpeg hands them back as stored.
// A naive conversion without colour management, good enough for a thumbnail.
static void inverted_cmyk_to_rgba(uint8_t *row, JDIMENSION width) {
  for (JDIMENSION x = 0; x < width; x++) {
    uint8_t *p = row + (size_t)x * 4;
    unsigned k = p[3];
    p[0] = (uint8_t)((p[0] * k + 127) / 255);
    p[1] = (uint8_t)((p[1] * k + 127) / 255);
    p[2] = (uint8_t)((p[2] * k + 127) / 255);
    p[3] = 255;
  }
}

// Reading the header is the first step of a decode, so both entry points share it: with `out` NULL the
// decode stops once the dimensions are known.
static cimg_status decode(const uint8_t *data, size_t size, uint64_t max_pixels, uint8_t *out, size_t out_capacity,
                          uint32_t *width, uint32_t *height, char *err, size_t err_size) {
  struct jpeg_decompress_struct cinfo;
  cimg_jpeg_error_mgr errors;
  // Zeroed so that jpeg_destroy_decompress is harmless even if jpeg_create_decompress itself fails.
  memset(&cinfo, 0, sizeof cinfo);
  cimg_jpeg_install_errors(&errors, err, err_size);
  cinfo.err = &errors.pub;
  *width = 0;
  *height = 0;
  if (setjmp(errors.jump)) {
    jpeg_destroy_decompress(&cinfo);
    return errors.status;
  }
  start_reading(&cinfo, data, size);
  *width = cinfo.image_width;
  *height = cinfo.image_height;
  if (out == NULL) {
    jpeg_destroy_decompress(&cinfo);
    return CIMG_OK;
  }
  // jpeg_start_decompress allocates buffers proportional to the image (a whole-image coefficient buffer
  // for progressive files), so the limit is checked before it.
  if ((uint64_t)cinfo.image_width * cinfo.image_height > max_pixels) {
    snprintf(err, err_size, "%u×%u is more than %llu pixels", cinfo.image_width, cinfo.image_height,
             (unsigned long long)max_pixels);
    jpeg_destroy_decompress(&cinfo);
    return CIMG_TOO_LARGE;
  }
  uint64_t row_bytes = (uint64_t)cinfo.image_width * 4;
  if (row_bytes * cinfo.image_height > out_capacity) {
    snprintf(err, err_size, "buffer of %zu bytes is too small for %u×%u RGBA", out_capacity, cinfo.image_width,
             cinfo.image_height);
    jpeg_destroy_decompress(&cinfo);
    return CIMG_BAD_ARGUMENT;
  }

  int cmyk = cinfo.jpeg_color_space == JCS_CMYK || cinfo.jpeg_color_space == JCS_YCCK;
  cinfo.out_color_space = cmyk ? JCS_CMYK : JCS_EXT_RGBA;
  jpeg_start_decompress(&cinfo);
  if (cinfo.output_width != cinfo.image_width || cinfo.output_height != cinfo.image_height ||
      cinfo.output_components != 4) {
    snprintf(err, err_size, "unexpected output geometry %u×%u×%d", cinfo.output_width, cinfo.output_height,
             cinfo.output_components);
    jpeg_destroy_decompress(&cinfo);
    return CIMG_CORRUPT;
  }
  while (cinfo.output_scanline < cinfo.output_height) {
    JSAMPROW row = out + (size_t)cinfo.output_scanline * row_bytes;
    // With an in-memory source libjpeg never suspends, so 0 rows would mean it is stuck.
    if (jpeg_read_scanlines(&cinfo, &row, 1) != 1) {
      snprintf(err, err_size, "decoder returned no scanline");
      jpeg_destroy_decompress(&cinfo);
      return CIMG_CORRUPT;
    }
    if (cmyk) inverted_cmyk_to_rgba(row, cinfo.output_width);
  }
  // Reads up to EOI, so data cut off after the last scanline is still noticed (JWRN_JPEG_EOF).
  jpeg_finish_decompress(&cinfo);
  jpeg_destroy_decompress(&cinfo);
  return CIMG_OK;
}

cimg_status cimg_jpeg_read_header(const uint8_t *data, size_t size, uint32_t *width, uint32_t *height, char *err,
                                  size_t err_size) {
  return decode(data, size, 0, NULL, 0, width, height, err, err_size);
}

cimg_status cimg_jpeg_decode_rgba(const uint8_t *data, size_t size, uint64_t max_pixels, uint8_t *out,
                                  size_t out_capacity, uint32_t *width, uint32_t *height, char *err,
                                  size_t err_size) {
  if (out == NULL) {
    snprintf(err, err_size, "no output buffer");
    return CIMG_BAD_ARGUMENT;
  }
  return decode(data, size, max_pixels, out, out_capacity, width, height, err, err_size);
}
