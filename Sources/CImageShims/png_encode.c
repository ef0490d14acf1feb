#include "CImageShims.h"
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int cimg_png_encode_rgba(const uint8_t *rgba, uint32_t width, uint32_t height, uint8_t **out, size_t *out_size,
                         char *err, size_t err_size) {
  png_image image;
  memset(&image, 0, sizeof image);
  image.version = PNG_IMAGE_VERSION;
  image.width = width;
  image.height = height;
  image.format = PNG_FORMAT_RGBA;

  png_alloc_size_t size = 0;
  // First call sizes the buffer, second fills it (the simplified API's documented two-pass use).
  if (!png_image_write_to_memory(&image, NULL, &size, 0, rgba, 0, NULL)) {
    snprintf(err, err_size, "%s", image.message);
    png_image_free(&image);
    return -1;
  }
  uint8_t *buffer = malloc(size);
  if (buffer == NULL) {
    snprintf(err, err_size, "out of memory");
    return -1;
  }
  if (!png_image_write_to_memory(&image, buffer, &size, 0, rgba, 0, NULL)) {
    snprintf(err, err_size, "%s", image.message);
    png_image_free(&image);
    free(buffer);
    return -1;
  }
  *out = buffer;
  *out_size = size;
  return 0;
}

void cimg_free(void *p) { free(p); }
