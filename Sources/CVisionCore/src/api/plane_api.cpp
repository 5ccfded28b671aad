// Entry points for plane detection: per-frame segments and the session's
// plane anchors. (Stubs until src/planes lands: no planes are found.)
#include "api/guard.h"
#include "api/session_handle.h"
#include "common/status_error.h"
#include "vision_core/vision_core.h"

extern "C" {

vc_status_t vc_detect_plane_segments(const vc_depth_view_t* depth,
                                     const vc_camera_intrinsics_t* intrinsics,
                                     const vc_plane_options_t* options,
                                     vc_plane_segment_t* out_segments,
                                     int32_t capacity, int32_t* out_count) {
  return vc::Guarded(vc::ThreadErrorSlot(), [&] {
    vc::Require(depth != nullptr, "depth is NULL");
    vc::Require(intrinsics != nullptr, "intrinsics is NULL");
    vc::Require(out_count != nullptr, "out_count is NULL");
    vc::Require(capacity >= 0, "capacity must be >= 0");
    (void)options;
    (void)out_segments;
    *out_count = 0;
  });
}

vc_status_t vc_session_get_plane_anchors(const vc_session_t* session,
                                         vc_plane_anchor_t* out_anchors,
                                         int32_t capacity, int32_t* out_count) {
  if (session == nullptr) return VC_STATUS_INVALID_ARGUMENT;
  vc::ErrorSlot local;
  return vc::Guarded(local, [&] {
    vc::Require(out_count != nullptr, "out_count is NULL");
    vc::Require(capacity >= 0, "capacity must be >= 0");
    (void)out_anchors;
    *out_count = 0;
  });
}

vc_status_t vc_session_get_plane_anchor_removals(
    const vc_session_t* session, vc_plane_anchor_removal_t* out_removals,
    int32_t capacity, int32_t* out_count) {
  if (session == nullptr) return VC_STATUS_INVALID_ARGUMENT;
  vc::ErrorSlot local;
  return vc::Guarded(local, [&] {
    vc::Require(out_count != nullptr, "out_count is NULL");
    vc::Require(capacity >= 0, "capacity must be >= 0");
    (void)out_removals;
    *out_count = 0;
  });
}

}  // extern "C"
