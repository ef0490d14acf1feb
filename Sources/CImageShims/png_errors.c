#include "png_errors.h"
#include <stdio.h>

void cimg_png_record_error_and_jump(png_structp png, png_const_charp message) {
  cimg_png_message *destination = png_get_error_ptr(png);
  snprintf(destination->err, destination->err_size, "%s", message);
  png_longjmp(png, 1);
}

void cimg_png_ignore_warning(png_structp png, png_const_charp message) {
  (void)png;
  (void)message;
}
