// Entry points for plane detection: per-frame segments and the session's
// plane anchors.
#include <algorithm>
#include <string>
#include <vector>

#include "api/count_protocol.h"
#include "api/guard.h"
#include "api/session_handle.h"
#include "common/conventions.h"
#include "common/pinhole_camera.h"
#include "common/plane_options.h"
#include "common/status_error.h"
#include "frame/frame_input.h"
#include "planes/plane_segmenter.h"
#include "vision_core/vision_core.h"

namespace {

// Segments leave the core in ARKit camera axes; the offset is the same
// number in both conventions.
vc_plane_segment_t ToC(const vc::PlaneSegment& segment) {
  vc_plane_segment_t out{};
  const Eigen::Vector3d normal =
      vc::ArkitFromOpenCvCameraVector(segment.normal);
  const Eigen::Vector3d centroid =
      vc::ArkitFromOpenCvCameraVector(segment.centroid);
  for (int k = 0; k < 3; ++k) {
    out.normal[k] = static_cast<float>(normal[k]);
    out.centroid[k] = static_cast<float>(centroid[k]);
  }
  out.offset = static_cast<float>(segment.offset);
  out.cell_count = segment.cell_count;
  out.pixel_count = segment.pixel_count;
  out.area = static_cast<float>(segment.area);
  out.rms_distance = static_cast<float>(segment.rms_distance);
  return out;
}

}  // namespace

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
    vc::PlaneOptions parsed;
    if (options != nullptr) parsed = vc::PlaneOptions::FromC(*options);
    parsed.Check();
    vc::CheckCameraIntrinsics(*intrinsics);
    const cv::Mat image = vc::WrapDepthView(*depth);
    vc::Require(
        image.cols == intrinsics->width && image.rows == intrinsics->height,
        "depth image is " + std::to_string(image.cols) + "x" +
            std::to_string(image.rows) + " but the intrinsics are for " +
            std::to_string(intrinsics->width) + "x" +
            std::to_string(intrinsics->height),
        VC_STATUS_INVALID_IMAGE);
    // One segmenter per thread keeps repeated calls free of allocations.
    thread_local vc::PlaneSegmenter segmenter;
    const std::vector<vc::PlaneSegment>& segments =
        segmenter.Segment(image, depth->units_per_metre,
                          vc::PinholeCamera::FromC(*intrinsics), parsed);
    std::vector<vc_plane_segment_t> converted;
    converted.reserve(segments.size());
    for (const vc::PlaneSegment& segment : segments) {
      converted.push_back(ToC(segment));
    }
    vc::CopyOut(converted, out_segments, capacity, out_count, "segments");
  });
}

vc_status_t vc_session_get_plane_anchors(const vc_session_t* session,
                                         vc_plane_anchor_t* out_anchors,
                                         int32_t capacity, int32_t* out_count) {
  if (session == nullptr) return VC_STATUS_INVALID_ARGUMENT;
  return vc::GuardedRead(session, [&] {
    vc::CopyOut(session->core.plane_anchors(), out_anchors, capacity, out_count,
                "plane anchors");
  });
}

vc_status_t vc_session_get_plane_anchor_removals(
    const vc_session_t* session, vc_plane_anchor_removal_t* out_removals,
    int32_t capacity, int32_t* out_count) {
  if (session == nullptr) return VC_STATUS_INVALID_ARGUMENT;
  return vc::GuardedRead(session, [&] {
    vc::CopyOut(session->core.plane_anchor_removals(), out_removals, capacity,
                out_count, "plane anchor removals");
  });
}

}  // extern "C"
