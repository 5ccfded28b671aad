// Camera tracking against a local map of 3D points: per frame, optical flow
// follows the map's features from the last tracked frame (seeded by a motion
// prediction), a robust PnP gives the pose, and on keyframes new corners are
// lifted with depth and described with ORB. Decides the ARKit tracking state
// and never lets the reported pose jump: when tracking fails the last good
// pose is held, and when it resumes without the old map, a new map starts at
// the held pose.
//
// A frame is processed in two steps so a failure leaves no trace: Track()
// works on copies and scratch buffers, Commit() makes the result the
// tracker's state. Not thread-safe; starts no threads.
#pragma once

#include <Eigen/Geometry>
#include <cstdint>
#include <functional>
#include <opencv2/core.hpp>
#include <vector>

#include "common/pinhole_camera.h"
#include "common/tracking_options.h"
#include "tracking/corner_detector.h"
#include "tracking/feature_tracker.h"
#include "tracking/keyframe_relative_trajectory.h"
#include "tracking/keyframe_window_adjuster.h"
#include "tracking/local_keyframe.h"
#include "tracking/local_map.h"
#include "tracking/map_point_matcher.h"
#include "tracking/motion_model.h"
#include "tracking/orb_describer.h"
#include "tracking/pose_estimator.h"
#include "tracking/tracking_state.h"
#include "tracking/world_alignment.h"
#include "vision_core/vision_core.h"

namespace vc {

class DepthSampler;

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
  // Asked on each frame while lost with a map: sets camera_from_world
  // (OpenCV camera axes, the map's world) and returns true if this frame
  // was found in the map. Empty: never found.
  std::function<bool(Eigen::Isometry3d*)> relocalize;
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
  // Lost, the tracker started a new map at the held pose (see
  // TrackerFrame::may_start_new_map).
  bool started_over = false;
  vc_tracking_statistics_t statistics{};
};

class Tracker {
 public:
  explicit Tracker(const TrackingOptions& options);

  // Bundle-adjusts the keyframe window when the last committed frame added
  // a keyframe; the next Commit() applies the result, so the frame being
  // tracked meanwhile still sees the map as it was. The map's costliest
  // step, called before Track() so it can be timed on its own. Leaves the
  // tracker's state unchanged.
  void OptimizeMap();

  // Tracks frame. The tracker's state is unchanged until Commit().
  TrackingResult Track(const TrackerFrame& frame);

  // Makes the last Track() the tracker's state. May throw only before it
  // changes anything (adding the keyframe); everything after is noexcept.
  void Commit();

  // A loop closure corrected the map under the camera: the pose and motion
  // move by camera_correction (new_world_from_old), each map point and
  // keyframe by correction_at(its time), as the map of that time moved; so
  // does every keyframe of the refined trajectory, also those that left the
  // map. Between frames, before OptimizeMap().
  template <typename CorrectionAtTime>
  void CorrectWorld(const Eigen::Isometry3d& camera_correction,
                    const CorrectionAtTime& correction_at) noexcept {
    CorrectPose(camera_correction);
    map_.CorrectWorld(correction_at);
    trajectory_.CorrectWorld(correction_at);
  }

  // Appends the map points the last committed frame tracked (its tracks'
  // points), with their world positions, to out.
  void AppendTrackedPoints(std::vector<vc_feature_point_t>* out) const;

  // Every measured frame so far, as the map places it now: each frame's
  // pose relative to the keyframe it was tracked against, at that
  // keyframe's current pose (see KeyframeRelativeTrajectory).
  std::vector<TrajectoryPose> RefinedTrajectory() const {
    return trajectory_.Resolve();
  }

  // Starts in a world that already exists (a saved map): the world's axes
  // are known and the camera is lost in it, so every frame asks
  // TrackerFrame::relocalize until it is found. Call before the first frame.
  void AdoptExistingWorld();

 private:
  // Everything the tracker carries from frame to frame that is plain data,
  // so a frame can run on a copy.
  struct Scalars {
    explicit Scalars(const TrackingOptions& options) : machine(options) {}

    bool has_frame = false;
    bool has_map = false;
    // camera_from_world in OpenCV camera axes: the pose reported last,
    // measured or held.
    Eigen::Isometry3d camera_from_world = Eigen::Isometry3d::Identity();
    bool last_measured = false;
    MotionModel motion;
    TrackingStateMachine machine;
    Eigen::Isometry3d last_keyframe_pose = Eigen::Isometry3d::Identity();
    // While lost: since when light, texture and motion allow tracking again;
    // -1 when not waiting.
    int64_t recovery_since_ns = -1;
    // Frames stopped (an interruption) and the camera has not been found
    // since: whatever else the image shows, the camera is being looked for.
    bool lost_to_interruption = false;
    int64_t previous_timestamp_ns = 0;
    // Median image motion of tracked features per frame, smoothed; -1 until
    // measured. Frozen while lost: it says how the camera moved before.
    double recent_motion_px = -1;
    int64_t frame_index = 0;
    // While world up is settled from the accelerometer: the samples'
    // specific force summed in the provisional world (the camera's own
    // acceleration averages out, gravity's reaction remains), since the
    // first frame's time; and the current world_from_first_camera (ARKit
    // axes, a rotation).
    bool settling_gravity = false;
    Eigen::Vector3d specific_force_sum = Eigen::Vector3d::Zero();
    int64_t first_timestamp_ns = 0;
    Eigen::Matrix3d world_from_first_camera = Eigen::Matrix3d::Identity();
    // Where up came from; kUndecided while it is judged from the scene
    // (initialising, like settling_gravity).
    WorldUpSource up_source = WorldUpSource::kNone;
    // A keyframe was added: the next frame adjusts the keyframe window.
    bool adjustment_due = false;
  };

  // Adds the frame's accelerometer samples to the settling sum and, once
  // gravity_settle_seconds have passed, turns the world so that the
  // averaged up is +Y (recorded in world_change_ for Commit).
  void SettleGravity(const TrackerFrame& frame);
  // Turns the world about the origin so that up (in the first camera's
  // ARKit axes) becomes +Y, and records the turn in world_change_ for
  // Commit.
  void TurnWorldUp(const Eigen::Vector3d& up_in_first_camera);
  // Keyframe id's pose in the map into trajectory_, if the map holds it
  // (room for it reserved).
  void RecordKeyframePose(int64_t id) noexcept;
  // CorrectWorld()'s move of the pose, motion and world axes.
  void CorrectPose(const Eigen::Isometry3d& new_world_from_old) noexcept;

  // Follows the map's features into the frame and estimates the pose.
  // Returns the inlier count; fills next_positions_/next_points_ and the
  // point updates when tracked. predicted_motion_px: the motion model's
  // median feature displacement (-1 without a velocity); measured_motion_px:
  // the median displacement optical flow found.
  int TrackMap(const TrackerFrame& frame, const DepthSampler& depth,
               int* tracked_features, double* predicted_motion_px,
               double* measured_motion_px);
  // Image motion per frame the gyroscope implies, -1 without samples.
  double GyroMotionPixels(const TrackerFrame& frame) const;
  bool NeedsKeyframe(int inliers) const;
  // Starts a new local map at pending_.camera_from_world from this frame's
  // corners (already detected) and depth. Returns the points added; on too
  // few, leaves nothing pending.
  int StartMap(const TrackerFrame& frame, const DepthSampler& depth);
  // Makes this frame a keyframe (corners already detected): describes the
  // tracks and the frame's corners with ORB, finds untracked map points again
  // (reacquire), lifts new corners in empty cells with depth, and prepares the
  // keyframe. Returns the number of new points.
  int ExtendMap(const TrackerFrame& frame, const DepthSampler& depth,
                bool reacquire);
  void DescribeTracksAndCorners(const TrackerFrame& frame);
  void ReacquireMapPoints(const TrackerFrame& frame);
  int AddNewFeatures(const TrackerFrame& frame, const DepthSampler& depth);
  void BuildKeyframe(const TrackerFrame& frame, const DepthSampler& depth);

  TrackingOptions options_;
  FeatureTracker flow_;
  CornerDetector corners_;
  PoseEstimator estimator_;
  OrbDescriber describer_;
  MapPointMatcher matcher_;
  LocalMap map_;
  KeyframeWindowAdjuster window_adjuster_;
  // Set by Track() when the world's axes settled this frame: Commit() turns
  // the map with it.
  bool world_changed_ = false;
  Eigen::Isometry3d world_change_ = Eigen::Isometry3d::Identity();
  // Measured frames relative to their keyframes, for RefinedTrajectory().
  KeyframeRelativeTrajectory trajectory_;
  // Map points found again this frame that no frame had seen for
  // kRevisitSeconds: the camera is back in a place it mapped before.
  int revisited_points_ = 0;

  Scalars state_;
  // Tracks in the last tracked frame: position and map point index.
  std::vector<cv::Point2f> track_positions_;
  std::vector<int> track_points_;

  // ---- Pending: what Track() computed, applied by Commit().
  Scalars pending_;
  bool advance_flow_ = false;
  bool clear_map_ = false;
  // The frame came after an interruption: the tracks are forgotten.
  bool drop_tracks_ = false;
  // Tracks into this frame; a negative point -(k + 1) refers to
  // new_points_[k], which gets its index at Commit().
  std::vector<cv::Point2f> next_positions_;
  std::vector<int> next_points_;
  std::vector<MapPoint> new_points_;
  // Existing points seen this frame, and the ones that disagreed.
  std::vector<int> seen_points_;
  std::vector<int> outlier_points_;
  bool has_pending_keyframe_ = false;
  LocalKeyframe pending_keyframe_;
  // The frame's pose was measured (TrackingResult's pose_measured).
  bool pending_pose_measured_ = false;
  // The keyframe window's bundle adjustment, computed by OptimizeMap() on
  // the map as committed and applied by Commit().
  MapAdjustment map_adjustment_;
  // ORB rows of this keyframe (descriptors_) for each pending track and for
  // each corner; -1 where the border left none. Map points get their row's
  // descriptor at Commit().
  cv::Mat descriptors_;
  std::vector<int> track_rows_;
  std::vector<int> corner_rows_;

  // ---- Scratch, reused every frame.
  std::vector<cv::Point2f> flow_positions_;
  std::vector<uint8_t> flow_ok_;
  std::vector<PointObservation> observations_;
  std::vector<int> observation_tracks_;
  std::vector<uint8_t> inlier_mask_;
  std::vector<float> displacements_;
  std::vector<cv::KeyPoint> new_keypoints_;
  std::vector<double> new_depths_;
  std::vector<cv::KeyPoint> described_;
  std::vector<uint8_t> tracked_points_;
  std::vector<MapPointMatcher::Match> matches_;
};

}  // namespace vc
