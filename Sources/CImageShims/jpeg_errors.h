// Error manager shared by the JPEG shims: libjpeg's default error_exit calls exit(), so ours records the
// message and longjmps back to the setjmp in the shim function that started the (de)compression.
#ifndef CIMG_JPEG_ERRORS_H
#define CIMG_JPEG_ERRORS_H
#include "CImageShims.h"
#include <setjmp.h>
#include <stddef.h>
#include <stdio.h>
#include <jpeglib.h>

typedef struct {
  struct jpeg_error_mgr pub;
  jmp_buf jump;
  cimg_status status;
  char *err;
  size_t err_size;
} cimg_jpeg_error_mgr;

/// Installs the recording handlers; call before jpeg_create_*, then setjmp(manager->jump).
void cimg_jpeg_install_errors(cimg_jpeg_error_mgr *manager, char *err, size_t err_size);

#endif
