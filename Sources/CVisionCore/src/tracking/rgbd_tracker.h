// The RGB-D tracking front end (tracking_front_end.h): camera tracking
// against a local map of 3D points: per frame, optical flow
// follows the map's features from the last tracked frame (seeded by a motion
// prediction), a robust PnP gives the pose, and on keyframes new corners are
// lifted with depth and described with ORB. Frames without depth are tracked
// the same way against points triangulated instead (monocular): corners are
// followed as candidates until they have parallax (candidate_tracks.h), and
// the first map comes from two views' essential matrix, in a scale of its
// own (the median depth of its points is 1). Decides the ARKit tracking state
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
#include "tracking/candidate_tracks.h"
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
#include "tracking/tracking_front_end.h"
#include "tracking/tracking_state.h"
#include "tracking/world_alignment.h"
#include "vision_core/vision_core.h"

namespace vc {

class DepthSampler;

class RgbdTracker final : public TrackingFrontEnd {
 public:
  explicit RgbdTracker(const TrackingOptions& options);

  // Bundle-adjusts the keyframe window when the last committed frame added
  // a keyframe: the map's costliest step.
  void OptimizeMap() override;

  TrackingResult Track(const TrackerFrame& frame) override;

  // May throw only before it changes anything (adding the keyframe).
  void Commit() override;

  // Each map point and keyframe moves by correction_at(its time), as the
  // map of that time moved; so does every keyframe of the refined
  // trajectory, also those that left the map.
  void CorrectWorld(const Eigen::Isometry3d& camera_correction,
                    const CorrectionAt& correction_at) noexcept override {
    CorrectPose(camera_correction);
    map_.CorrectWorld(correction_at);
    trajectory_.CorrectWorld(correction_at);
  }

  // The last committed frame's tracks' points.
  void AppendTrackedPoints(std::vector<vc_feature_point_t>* out) const override;

  // This frame's tracks and their points' positions.
  void AppendPendingSightings(std::vector<PointSighting>* out) const override;

  // Each frame's pose relative to the keyframe it was tracked against, at
  // that keyframe's current pose (see KeyframeRelativeTrajectory).
  std::vector<TrajectoryPose> RefinedTrajectory() const override {
    return trajectory_.Resolve();
  }

  void AdoptExistingWorld(bool metric, bool up_known) override;

  // Rescales everything the tracker keeps (between frames): monocular
  // tracking's unit becomes metres.
  void ScaleWorld(const WorldScaling& scaling) noexcept;
  // The map's keyframes as committed, oldest first.
  const std::deque<LocalKeyframe>& keyframes() const {
    return map_.keyframes();
  }
  const TrackingOptions& options() const { return options_; }
  // The pose reported last (OpenCV camera axes).
  const Eigen::Isometry3d& camera_from_world() const {
    return state_.camera_from_world;
  }

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
    // The map's positions are metres: it was started from depth, or
    // rescaled by ScaleWorld (a monocular map has a unit of its own).
    bool metric_map = false;
  };

  // What Track() learns of a frame on its way to the result.
  struct FrameOutcome {
    TrackingEvidence evidence;
    int tracked_features = 0;
    int inliers = 0;
    bool tracked = false;
    bool keyframe = false;
    bool relocalized_in_map = false;
  };

  // Track()'s steps, in order.
  // Starts the pending state from the committed one, nothing pending.
  void BeginPending(const TrackerFrame& frame);
  // The first frame sets the world: origin at its camera, axes from gravity
  // when known.
  void StartWorld(const TrackerFrame& frame);
  // Follows the map into a frame bright enough to see; when that fails,
  // looks for the camera in the keyframe map or starts a map.
  void FollowOrRecover(const TrackerFrame& frame, FrameOutcome* outcome);
  // Follows the map's features when there are any to follow; returns the
  // image motion per frame as known now (gyroscope, else the motion model's
  // prediction; -1 unknown).
  double FollowMap(const TrackerFrame& frame, const DepthSampler& depth,
                   FrameOutcome* outcome);
  // Large and slow motion, for the tracking state's reasons.
  void JudgeMotion(double motion_now_px, TrackingEvidence* evidence) const;
  // A followed frame: a keyframe when the map needs one.
  void KeepFollowing(const TrackerFrame& frame, const DepthSampler& depth,
                     FrameOutcome* outcome);
  // A frame not followed: whether tracking could resume, relocalization,
  // and a new map when due.
  void Recover(const TrackerFrame& frame, const DepthSampler& depth,
               FrameOutcome* outcome);
  void RelocalizeInMap(const TrackerFrame& frame, const DepthSampler& depth,
                       FrameOutcome* outcome);
  void StartMapIfDue(const TrackerFrame& frame, const DepthSampler& depth,
                     FrameOutcome* outcome);
  // A map started on this frame with added points: the frame is tracked.
  void TrackFromNewMap(const TrackerFrame& frame, int added,
                       FrameOutcome* outcome);
  // Motion, up and interruption state after the frame, and the evidence
  // the tracking state is judged on.
  void EndPending(const TrackerFrame& frame, FrameOutcome* outcome);
  // The tracking state and the result reported.
  TrackingResult Report(const FrameOutcome& outcome, bool relocalized);

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
  // Empties this frame's tracks, new points, and seen and outlier points.
  void ClearPendingTracks();
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

  // ---- Without depth (monocular).
  // Whether this frame should become a keyframe: the map needs one, or
  // enough candidates can be triangulated.
  bool NeedsMonocularKeyframe(const TrackerFrame& frame, int inliers) const;
  // Starts a map from the candidates followed since they appeared, when
  // they moved enough to fix the two views' motion; otherwise keeps
  // following them, and spawns new ones from this frame when too few are
  // left. Returns the points added (0 when no map started).
  int StartMonocularMap(const TrackerFrame& frame, const DepthSampler& depth);
  // Starts a new local map at pending_.camera_from_world from map points
  // seen in this frame (relocalization's inliers; corners already
  // detected). Returns the points added; on too few, leaves nothing pending.
  int StartMapAtSightings(const TrackerFrame& frame, const DepthSampler& depth,
                          const std::vector<PointSighting>& sightings);
  // The two views' points of a first map, when the candidates allow one:
  // sets the pose and fills the tracks and new points. Returns their count.
  int TriangulateFirstPoints(const TrackerFrame& frame);
  // Candidates with parallax become new points tracked from this frame
  // (before describing, so they get descriptors with the tracks).
  int PromoteCandidatesToPoints(const TrackerFrame& frame);
  // Appends a triangulated point as a new point tracked from this frame.
  void AddPromotedPoint(const TrackerFrame& frame,
                        const PromotedCandidate& promoted);
  // New candidates from the frame's corners in cells nothing occupies.
  void SpawnCandidates(const TrackerFrame& frame);
  // A track's point's world position: a map point, or -(k + 1) for
  // new_points_[k].
  const MapPoint& TrackPoint(int point) const {
    return point >= 0 ? map_.point(point) : new_points_[-point - 1];
  }

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
  // No depth, no map to follow: candidates are followed towards a first
  // map, and the flow advances with them.
  bool starting_monocular_map_ = false;
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
  // Candidate tracks (no depth): as of the last advanced frame, and
  // followed into this one.
  std::vector<CandidateTrack> candidates_;
  std::vector<CandidateTrack> next_candidates_;
  std::vector<PromotedCandidate> promoted_;
  std::vector<cv::Point2f> occupied_;

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
