// A tracking session: everything the core keeps from frame to frame. Not
// thread-safe; one session is used by one thread at a time.
#pragma once

#include <cstdint>
#include <deque>
#include <limits>
#include <memory>
#include <opencv2/core.hpp>

#include "common/session_options.h"
#include "common/stage_timings.h"
#include "images/image_tracker.h"
#include "planes/plane_map.h"
#include "planes/plane_segmenter.h"
#include "raycast/depth_snapshot.h"
#include "tracking/tracker.h"
#include "vision_core/vision_core.h"

namespace vc {

class Session {
 public:
  explicit Session(const SessionOptions& options);

  // Validates input, then runs the per-frame stages. Throws StatusError on bad
  // input, leaving the session as it was.
  vc_frame_result_t ProcessFrame(const vc_frame_input_t& input);

  const StageTimings& stage_timings() const { return timings_; }
  const SessionOptions& options() const { return options_; }

  // Plane anchors after the last processed frame, in order of id, and the
  // anchors that frame removed. Empty while plane detection is off.
  const std::vector<vc_plane_anchor_t>& plane_anchors() const {
    return plane_map_.anchors();
  }
  const std::vector<vc_plane_anchor_removal_t>& plane_anchor_removals() const {
    return plane_map_.removals();
  }

  // The depth of the last frame that had depth and a measured pose, for
  // estimated-plane raycasts; empty after a frame whose pose was not
  // measured, since its depth would be placed in the world wrongly.
  const DepthSnapshot& last_depth() const { return last_depth_; }

  // The reference images to look for from the next frame on (nullptr:
  // none), and the images found or followed in the last frame.
  void SetReferenceDatabase(std::shared_ptr<const ReferenceDatabase> database);
  const std::vector<vc_image_detection_t>& tracked_images() const {
    return tracked_images_;
  }

 private:
  SessionOptions options_;
  int64_t last_timestamp_ns_ = std::numeric_limits<int64_t>::min();
  // Reused every frame so steady-state processing does not allocate.
  cv::Mat gray_;
  // Recent inertial samples for motion prediction, oldest first, bounded to a
  // couple of seconds at 200 Hz.
  std::deque<vc_imu_sample_t> imu_history_;
  Tracker tracker_;
  // Whether world +Y is up; decided with the tracker's first frame.
  bool world_known_ = false;
  bool gravity_known_ = false;
  PlaneSegmenter plane_segmenter_;
  PlaneMap plane_map_;
  ImageTracker image_tracker_;
  std::vector<vc_image_detection_t> tracked_images_;
  StageTimings timings_;
  // Filled while a frame runs and swapped into timings_ once it succeeds; kept
  // as a member so its storage is reused.
  StageTimings pending_timings_;
  // Swapped on commit like the timings: each frame copies into the buffer
  // the previous frame's depth no longer needs.
  DepthSnapshot last_depth_;
  DepthSnapshot pending_depth_;
};

}  // namespace vc
