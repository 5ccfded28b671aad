// Entry points for plane detection: per-frame segments and the session's
// plane anchors.
#include <algorithm>
#include <string>
#include <vector>

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

// Copies items into a caller's array under the count protocol: the count
// always, the items only with a buffer, which must be large enough.
template <typename Item>
void CopyOut(const std::vector<Item>& items, Item* out, int32_t capacity,
             int32_t* out_count, const char* what) {
  vc::Require(out_count != nullptr, "out_count is NULL");
  vc::Require(capacity >= 0, "capacity must be >= 0");
  const auto count = static_cast<int32_t>(items.size());
  *out_count = count;
  if (out == nullptr) return;
  vc::Require(capacity >= count,
              "capacity " + std::to_string(capacity) + " < " +
                  std::to_string(count) + " " + what,
              VC_STATUS_BUFFER_TOO_SMALL);
  std::copy(items.begin(), items.end(), out);
}

// Reading a session's results must not disturb the message of its last
// failed frame: failures of the read itself are recorded, successes are not.
template <typename Body>
vc_status_t GuardedRead(const vc_session_t* session, Body&& body) {
  vc::ErrorSlot local;
  const vc_status_t status = vc::Guarded(local, body);
  if (status != VC_STATUS_OK) {
    const_cast<vc_session_t*>(session)->error.Set(local.c_str());
  }
  return status;
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
    CopyOut(converted, out_segments, capacity, out_count, "segments");
  });
}

vc_status_t vc_session_get_plane_anchors(const vc_session_t* session,
                                         vc_plane_anchor_t* out_anchors,
                                         int32_t capacity, int32_t* out_count) {
  if (session == nullptr) return VC_STATUS_INVALID_ARGUMENT;
  return GuardedRead(session, [&] {
    CopyOut(session->core.plane_anchors(), out_anchors, capacity, out_count,
            "plane anchors");
  });
}

vc_status_t vc_session_get_plane_anchor_removals(
    const vc_session_t* session, vc_plane_anchor_removal_t* out_removals,
    int32_t capacity, int32_t* out_count) {
  if (session == nullptr) return VC_STATUS_INVALID_ARGUMENT;
  return GuardedRead(session, [&] {
    CopyOut(session->core.plane_anchor_removals(), out_removals, capacity,
            out_count, "plane anchor removals");
  });
}

}  // extern "C"
