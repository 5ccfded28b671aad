// Entry points about statuses, errors and versions.
#include <opencv2/core/version.hpp>

#include "api/guard.h"
#include "vision_core/vision_core.h"

extern "C" {

const char* vc_status_name(vc_status_t status) {
  switch (status) {
    case VC_STATUS_OK:
      return "VC_STATUS_OK";
    case VC_STATUS_INVALID_ARGUMENT:
      return "VC_STATUS_INVALID_ARGUMENT";
    case VC_STATUS_INVALID_IMAGE:
      return "VC_STATUS_INVALID_IMAGE";
    case VC_STATUS_TIMESTAMP_ORDER:
      return "VC_STATUS_TIMESTAMP_ORDER";
    case VC_STATUS_BUFFER_TOO_SMALL:
      return "VC_STATUS_BUFFER_TOO_SMALL";
    case VC_STATUS_DECODE_FAILED:
      return "VC_STATUS_DECODE_FAILED";
    case VC_STATUS_IO_ERROR:
      return "VC_STATUS_IO_ERROR";
    case VC_STATUS_OPENCV_ERROR:
      return "VC_STATUS_OPENCV_ERROR";
    case VC_STATUS_OUT_OF_MEMORY:
      return "VC_STATUS_OUT_OF_MEMORY";
    case VC_STATUS_INTERNAL_ERROR:
      return "VC_STATUS_INTERNAL_ERROR";
  }
  return "VC_STATUS_UNKNOWN";
}

const char* vc_last_error_message(void) {
  return vc::ThreadErrorSlot().c_str();
}

#define VC_STRINGIFY_(x) #x
#define VC_STRINGIFY(x) VC_STRINGIFY_(x)

const char* vc_version(void) {
  return VC_STRINGIFY(VC_VERSION_MAJOR) "." VC_STRINGIFY(
      VC_VERSION_MINOR) "." VC_STRINGIFY(VC_VERSION_PATCH);
}

const char* vc_opencv_version(void) { return CV_VERSION; }

}  // extern "C"
