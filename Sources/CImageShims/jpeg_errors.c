#include "jpeg_errors.h"
#include <jerror.h>

static void record_message_and_jump(j_common_ptr cinfo) {
  cimg_jpeg_error_mgr *manager = (cimg_jpeg_error_mgr *)cinfo->err;
  char message[JMSG_LENGTH_MAX];
  (*cinfo->err->format_message)(cinfo, message);
  snprintf(manager->err, manager->err_size, "%s", message);
  if (cinfo->err->msg_code == JERR_OUT_OF_MEMORY) manager->status = CIMG_NO_MEMORY;
  longjmp(manager->jump, 1);
}

// libjpeg only warns when the data ends early, then pads the rest of the image with gray. Such an image must
// not be cached as if it were complete, so that warning is promoted to an error. Other warnings ("extraneous
// bytes before marker" and the like) are common in real files that display fine, so they are tolerated.
static void emit_message(j_common_ptr cinfo, int msg_level) {
  if (msg_level >= 0) return;  // trace messages
  if (cinfo->err->msg_code == JWRN_JPEG_EOF) record_message_and_jump(cinfo);
  cinfo->err->num_warnings++;
}

void cimg_jpeg_install_errors(cimg_jpeg_error_mgr *manager, char *err, size_t err_size) {
  jpeg_std_error(&manager->pub);
  manager->pub.error_exit = record_message_and_jump;
  manager->pub.emit_message = emit_message;
  manager->status = CIMG_CORRUPT;
  manager->err = err;
  manager->err_size = err_size;
}
