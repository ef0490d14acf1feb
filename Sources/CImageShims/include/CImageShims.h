// Decode/encode helpers around libpng and libjpeg-turbo. Their error paths longjmp, which Swift frames
// cannot survive, so every call that can fail is wrapped here and reports errors as return codes.
#ifndef CIMAGESHIMS_H
#define CIMAGESHIMS_H
#include <stddef.h>
#include <stdint.h>

/// Encodes 8-bit RGBA (straight alpha, no row padding) as PNG. On success returns 0 and sets *out
/// (free with cimg_free) and *out_size; otherwise writes a message to err (size err_size) and returns -1.
int cimg_png_encode_rgba(const uint8_t *rgba, uint32_t width, uint32_t height, uint8_t **out, size_t *out_size,
                         char *err, size_t err_size);

void cimg_free(void *p);

#endif
