// Decode/encode helpers around libpng and libjpeg-turbo. Their error paths longjmp, which Swift frames
// cannot survive, so every call that can fail is wrapped here and reports errors as return codes.
#ifndef CIMAGESHIMS_H
#define CIMAGESHIMS_H
#include <stddef.h>
#include <stdint.h>

/// Outcome of the decode/encode shims below (the PNG encoder keeps its historical 0 / -1).
typedef enum {
  CIMG_OK = 0,
  /// The codec refused the bytes; the message says why.
  CIMG_CORRUPT = 1,
  /// The header states more than max_pixels pixels; *width and *height are set, nothing was allocated.
  CIMG_TOO_LARGE = 2,
  CIMG_NO_MEMORY = 3,
  /// The caller's buffer does not match the image (wrong dimensions or too small), or bad parameters.
  CIMG_BAD_ARGUMENT = 4,
} cimg_status;

/// Encodes 8-bit RGBA (straight alpha, no row padding) as PNG. On success returns 0 and sets *out
/// (free with cimg_free) and *out_size; otherwise writes a message to err (size err_size) and returns -1.
int cimg_png_encode_rgba(const uint8_t *rgba, uint32_t width, uint32_t height, uint8_t **out, size_t *out_size,
                         char *err, size_t err_size);

/// Decodes any PNG to 8-bit RGBA into the caller's buffer `out` (`out_capacity` bytes, which must be at least
/// width * height * 4 of the image). Palette, low bit depths, gray and tRNS are expanded, 16-bit channels are
/// scaled to 8 bits (rounded), and no gamma or background processing is applied: samples stay as stored.
/// *width and *height are set as soon as IHDR has been read. The pixel limit is checked before any row is decoded.
cimg_status cimg_png_decode_rgba(const uint8_t *data, size_t size, uint64_t max_pixels, uint8_t *out,
                                 size_t out_capacity, uint32_t *width, uint32_t *height, char *err, size_t err_size);

/// Reads a JPEG's markers up to the first scan (no entropy data, no pixel buffers) and reports its dimensions.
cimg_status cimg_jpeg_read_header(const uint8_t *data, size_t size, uint32_t *width, uint32_t *height, char *err,
                                  size_t err_size);

/// Decodes a baseline or progressive JPEG (gray, YCbCr, RGB, CMYK/YCCK) to 8-bit RGBA with alpha 255 into the
/// caller's buffer. A premature end of data is an error (libjpeg would otherwise pad the image with gray).
cimg_status cimg_jpeg_decode_rgba(const uint8_t *data, size_t size, uint64_t max_pixels, uint8_t *out,
                                  size_t out_capacity, uint32_t *width, uint32_t *height, char *err,
                                  size_t err_size);

/// Encodes 8-bit RGBA as a baseline YCbCr JPEG; alpha is ignored (JPEG has none). quality is clamped to 1...100.
/// On success sets *out (free with cimg_free) and *out_size.
cimg_status cimg_jpeg_encode_rgba(const uint8_t *rgba, uint32_t width, uint32_t height, int quality, uint8_t **out,
                                  size_t *out_size, char *err, size_t err_size);

void cimg_free(void *p);

/// Structure only (no pixel decoding): PNG chunk CRCs, IHDR first, consecutive IDATs, IEND; JPEG markers and
/// segment lengths from SOI through EOI. Returns 0, or -1 with a message in err.
int cimg_png_check_structure(const uint8_t *data, size_t size, char *err, size_t err_size);
int cimg_jpeg_check_structure(const uint8_t *data, size_t size, char *err, size_t err_size);

/// CRC-32 as zlib and PNG compute it: cimg_crc32(0, data, size) is the checksum of data; pass a previous result
/// to continue it. Folds with PCLMULQDQ when the CPU has it (cimg_crc32_uses_folding() says so), else zlib.
uint32_t cimg_crc32(uint32_t crc, const uint8_t *data, size_t size);
int cimg_crc32_uses_folding(void);

#endif
