// The camera-intrinsics check as an entry point, so that the Swift layer and
// C++ users ask the core instead of repeating its rules.
#include "api/guard.h"
#include "common/status_error.h"
#include "frame/frame_input.h"
#include "vision_core/vision_core.h"

extern "C" {

vc_status_t vc_camera_intrinsics_check(
    const vc_camera_intrinsics_t* intrinsics) {
  return vc::Guarded(vc::ThreadErrorSlot(), [&] {
    vc::Require(intrinsics != nullptr, "intrinsics is NULL");
    vc::CheckCameraIntrinsics(*intrinsics);
  });
}

}  // extern "C"
