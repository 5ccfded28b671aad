// The interface of a tracking front end: what the session asks of whatever
// follows the camera from frame to frame (today the RGB-D tracker,
// rgbd_tracker.h). The session runs every front end alike: map optimisation,
// then Track() on copies, then Commit() once the whole frame has succeeded,
// so that a failed frame leaves no trace; loop closures move the front end's
// world between frames.
#pragma once

#include <Eigen/Geometry>
#include <cstdint>
#include <functional>
#include <memory>
#include <opencv2/core.hpp>
#include <vector>

#include "common/pinhole_camera.h"
#include "common/tracking_options.h"
#include "tracking/keyframe_relative_trajectory.h"
#include "tracking/point_sighting.h"
#include "tracking/tracking_state.h"
#include "tracking/world_alignment.h"
#include "tracking/world_scaling.h"
#include "vision_core/vision_core.h"

namespace vc {

// Where relocalization found the camera (OpenCV camera axes, the map's
// world), and the map points that agree with it, seen in the frame.
struct RelocalizedPose {
  Eigen::Isometry3d camera_from_world = Eigen::Isometry3d::Identity();
  std::vector<PointSighting> sightings;
};

// One validated frame as the tracker needs it; everything is borrowed.
struct TrackerFrame {
  int64_t timestamp_ns = 0;
  PinholeCamera camera;
  const cv::Mat* gray = nullptr;   // CV_8UC1
  const cv::Mat* depth = nullptr;  // registered; empty without depth
  float depth_units_per_metre = 0;
  const std::vector<vc_imu_sample_t>* imu = nullptr;
  double mean_luminance = 0;
  double sharpness = 0;
  // Frames stopped before this one (a gap in timestamps): nothing seen
  // before can be followed into it, so the camera is lost until it is found
  // in the map again.
  bool interrupted = false;
  // Whether, once lost, the tracker may give up on the map and start a new
  // one at the held pose (after reanchor_delay_seconds); false while there
  // is a map worth relocalizing in.
  bool may_start_new_map = true;
  // Asked on each frame while lost with a map: returns true and fills the
  // pose if this frame was found in the map. Empty: never found.
  std::function<bool(RelocalizedPose*)> relocalize;
  // Up judged from the scene since the last frame, in the tracker's world
  // (ARKit axes) as it was then; zero when nothing was decided. Only read
  // while the world's up is undecided: the world turns once so it is +Y.
  Eigen::Vector3d scene_up = Eigen::Vector3d::Zero();
};

struct TrackingResult {
  TrackingStatus status;
  // ARKit axes, as reported.
  Eigen::Isometry3d world_from_camera = Eigen::Isometry3d::Identity();
  // The same pose as the tracker keeps it: OpenCV camera axes.
  Eigen::Isometry3d camera_from_world = Eigen::Isometry3d::Identity();
  // The pose came from relocalization in the map (not from following the
  // last frame): a new local map starts at it.
  bool relocalized_in_map = false;
  // Where world up came from so far.
  WorldUpSource up_source = WorldUpSource::kNone;
  // The world's axes are final: up is neither settling from the
  // accelerometer nor still judged from the scene, so the world will not
  // turn under what is placed in it now.
  bool world_settled = false;
  // The world's axes turned with this frame (up was decided or settled):
  // everything kept in the old world moves by world_turn
  // (new_world_from_old), as the tracker's own map does at Commit().
  bool world_turned = false;
  Eigen::Isometry3d world_turn = Eigen::Isometry3d::Identity();
  // The world's unit changed with this frame (the IMU gave metres, or
  // refined them), after any turn: everything kept in it is rescaled by
  // world_scaling, as the tracker's own map is at Commit(). This frame's
  // pose is reported in the new unit already.
  bool world_scaled = false;
  WorldScaling world_scaling;
  // Lost, the tracker started a new map at the held pose (see
  // TrackerFrame::may_start_new_map).
  bool started_over = false;
  // This frame began a local map (the first, or a new one after a loss).
  bool map_started = false;
  vc_tracking_statistics_t statistics{};
};

// The correction of the map at a time (new_world_from_old), for
// TrackingFrontEnd::CorrectWorld.
using CorrectionAt = std::function<Eigen::Isometry3d(int64_t time_ns)>;

class TrackingFrontEnd {
 public:
  virtual ~TrackingFrontEnd() = default;

  // Improves the map when the last committed frame asked for it; the next
  // Commit() applies the result, so the frame being tracked meanwhile still
  // sees the map as it was. Called before Track() so it can be timed on its
  // own. Leaves the front end's state unchanged.
  virtual void OptimizeMap() = 0;

  // Tracks frame. The front end's state is unchanged until Commit().
  virtual TrackingResult Track(const TrackerFrame& frame) = 0;

  // Makes the last Track() the front end's state. May throw only before it
  // changes anything; everything after is noexcept.
  virtual void Commit() = 0;

  // A loop closure corrected the map under the camera: the pose and motion
  // move by camera_correction (new_world_from_old), everything the map
  // placed at a time by correction_at(that time). Between frames, before
  // OptimizeMap().
  virtual void CorrectWorld(const Eigen::Isometry3d& camera_correction,
                            const CorrectionAt& correction_at) noexcept = 0;

  // Appends the map points the last committed frame tracked, with their
  // world positions, to out.
  virtual void AppendTrackedPoints(
      std::vector<vc_feature_point_t>* out) const = 0;

  // Appends the map points the frame just tracked (after Track(), before
  // Commit()) followed, where it saw them and where they are in the world
  // as the result reports it.
  virtual void AppendPendingSightings(
      std::vector<PointSighting>* out) const = 0;

  // Every measured frame so far, as the map places it now.
  virtual std::vector<TrajectoryPose> RefinedTrajectory() const = 0;

  // Starts in a world that already exists (a saved map): the world's axes
  // are known and the camera is lost in it, so every frame asks
  // TrackerFrame::relocalize until it is found. Call before the first frame.
  // metric: the world's unit is metres (else a monocular map's own);
  // up_known: its +Y is up (else it keeps its first camera's axes).
  virtual void AdoptExistingWorld(bool metric, bool up_known) = 0;
};

}  // namespace vc
