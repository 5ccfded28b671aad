// Names of the tracking state enums, for logs and for tests that prove the
// Swift mirror matches the C values one to one.
#include "vision_core/vision_core.h"

extern "C" {

const char* vc_tracking_state_name(vc_tracking_state_t state) {
  switch (state) {
    case VC_TRACKING_STATE_NOT_AVAILABLE:
      return "VC_TRACKING_STATE_NOT_AVAILABLE";
    case VC_TRACKING_STATE_LIMITED:
      return "VC_TRACKING_STATE_LIMITED";
    case VC_TRACKING_STATE_NORMAL:
      return "VC_TRACKING_STATE_NORMAL";
  }
  return "VC_TRACKING_STATE_UNKNOWN";
}

const char* vc_tracking_state_reason_name(vc_tracking_state_reason_t reason) {
  switch (reason) {
    case VC_TRACKING_STATE_REASON_NONE:
      return "VC_TRACKING_STATE_REASON_NONE";
    case VC_TRACKING_STATE_REASON_INITIALIZING:
      return "VC_TRACKING_STATE_REASON_INITIALIZING";
    case VC_TRACKING_STATE_REASON_RELOCALIZING:
      return "VC_TRACKING_STATE_REASON_RELOCALIZING";
    case VC_TRACKING_STATE_REASON_EXCESSIVE_MOTION:
      return "VC_TRACKING_STATE_REASON_EXCESSIVE_MOTION";
    case VC_TRACKING_STATE_REASON_INSUFFICIENT_FEATURES:
      return "VC_TRACKING_STATE_REASON_INSUFFICIENT_FEATURES";
    case VC_TRACKING_STATE_REASON_INSUFFICIENT_LIGHT:
      return "VC_TRACKING_STATE_REASON_INSUFFICIENT_LIGHT";
  }
  return "VC_TRACKING_STATE_REASON_UNKNOWN";
}

}  // extern "C"
