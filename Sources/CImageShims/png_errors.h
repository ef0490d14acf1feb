// Error handlers shared by the PNG shims: libpng's default error handler prints to stderr and aborts unless a
// setjmp catches it, so ours records the message and longjmps back to the shim's setjmp; warnings (bad ancillary
// chunk CRCs, unknown chunks, extra image data) do not make an image unusable and are dropped.
#ifndef CIMG_PNG_ERRORS_H
#define CIMG_PNG_ERRORS_H
#include <png.h>
#include <stddef.h>

/// Where a shim wants libpng's error message: pass a pointer to it as the error pointer.
typedef struct {
  char *err;
  size_t err_size;
} cimg_png_message;

void cimg_png_record_error_and_jump(png_structp png, png_const_charp message);
void cimg_png_ignore_warning(png_structp png, png_const_charp message);

#endif
