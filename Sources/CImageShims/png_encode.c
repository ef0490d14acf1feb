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

  // One pass into a growing memory stream. The simplified API's in-memory writer needs the size first, and its
  // sizing call compresses the whole picture, so the picture was compressed twice: zlib was two thirds of a
  // collage's CPU. (Its other way, a buffer of the worst-case size, would double a large collage's memory.)
  char *buffer = NULL;
  size_t size = 0;
  FILE *stream = open_memstream(&buffer, &size);
  if (stream == NULL) {
    snprintf(err, err_size, "out of memory");
    return -1;
  }
  int written = png_image_write_to_stdio(&image, stream, 0, rgba, 0, NULL);
  if (!written) snprintf(err, err_size, "%s", image.message);
  png_image_free(&image);
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
