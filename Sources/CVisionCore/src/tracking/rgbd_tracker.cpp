#include "tracking/rgbd_tracker.h"

#include <algorithm>
#include <cmath>
#include <utility>

#include "common/angles.h"
#include "common/conventions.h"
#include "common/depth_sampler.h"
#include "common/rotation_angle.h"
#include "tracking/world_alignment.h"

namespace vc {
namespace {

constexpr double kNanosecondsPerSecond = 1e9;

// Image motion per frame, as a fraction of optical flow's reach, above which
// tracking failures are blamed on motion, and below which the camera counts
// as moving slowly.
constexpr double kLargeMotionFraction = 0.5;
constexpr double kSlowMotionFraction = 0.1;
// Smoothing of the measured image motion.
constexpr double kMotionSmoothing = 0.3;
// A point unseen this long and found again means the camera came back to a
// place, rather than kept it in view (held in view, points are tracked
// frame to frame and never go unseen for more than a blink).
constexpr double kRevisitSeconds = 5.0;

Eigen::Vector3d CameraCentre(const Eigen::Isometry3d& camera_from_world) {
  return -camera_from_world.linear().transpose() *
         camera_from_world.translation();
}

// A different, reproducible RANSAC seed for every frame.
uint64_t FrameSeed(uint64_t seed, int64_t frame_index) {
  return seed ^ (static_cast<uint64_t>(frame_index) * 0x9E3779B97F4A7C15ULL);
}

// The median of values (reordered), or -1 when there are none.
double MedianOf(std::vector<float>* values) {
  if (values->empty()) return -1;
  auto middle = values->begin() + values->size() / 2;
  std::nth_element(values->begin(), middle, values->end());
  return *middle;
}

}  // namespace

RgbdTracker::RgbdTracker(const TrackingOptions& options)
    : options_(options),
      flow_(options),
      corners_(options),
      estimator_(options),
      matcher_(options),
      map_(options.max_keyframes, options.map_point_max_unseen_frames),
      window_adjuster_(options),
      state_(options),
      pending_(state_) {}

double RgbdTracker::GyroMotionPixels(const TrackerFrame& frame) const {
  if (frame.imu->empty() || !state_.has_frame) return -1;
  double speed = 0;
  for (const vc_imu_sample_t& s : *frame.imu) {
    speed += Eigen::Vector3f(s.rotation_rate[0], s.rotation_rate[1],
                             s.rotation_rate[2])
                 .norm();
  }
  speed /= static_cast<double>(frame.imu->size());
  const double dt = (frame.timestamp_ns - state_.previous_timestamp_ns) /
                    kNanosecondsPerSecond;
  return speed * dt * frame.camera.MeanFocal();
}

int RgbdTracker::TrackMap(const TrackerFrame& frame, const DepthSampler& depth,
                          int* tracked_features, double* predicted_motion_px,
                          double* measured_motion_px) {
  const PinholeCamera& camera = frame.camera;
  const Eigen::Isometry3d predicted =
      pending_.motion.Predict(frame.timestamp_ns, *frame.imu);

  // Seed optical flow where the prediction puts each map point.
  const size_t count = track_positions_.size();
  flow_positions_.resize(count);
  displacements_.clear();
  for (size_t i = 0; i < count; ++i) {
    const Eigen::Vector3d p = predicted * map_.point(track_points_[i]).world;
    flow_positions_[i] = track_positions_[i];
    if (p.z() <= options_.min_depth) continue;
    const Eigen::Vector2d uv = camera.Project(p);
    if (!camera.Contains(uv, 0)) continue;
    flow_positions_[i] =
        cv::Point2f(static_cast<float>(uv.x()), static_cast<float>(uv.y()));
    displacements_.push_back(
        static_cast<float>(cv::norm(flow_positions_[i] - track_positions_[i])));
  }
  *predicted_motion_px =
      pending_.motion.has_velocity() ? MedianOf(&displacements_) : -1;

  flow_.Track(track_positions_, &flow_positions_, &flow_ok_);

  observations_.clear();
  observation_tracks_.clear();
  for (size_t i = 0; i < count; ++i) {
    if (!flow_ok_[i]) continue;
    const MapPoint& point = map_.point(track_points_[i]);
    const cv::Point2f& at = flow_positions_[i];
    const double z = depth.DepthAt(at.x, at.y);
    // The 3x3 mean has a third of one reading's noise.
    const double z_sigma = options_.depth_noise * z * z / 3.0;
    observations_.push_back(
        {point.world, Eigen::Vector2d(at.x, at.y), point.sigma, z, z_sigma});
    observation_tracks_.push_back(static_cast<int>(i));
  }
  *tracked_features = static_cast<int>(observations_.size());
  displacements_.clear();
  for (int i : observation_tracks_) {
    displacements_.push_back(
        static_cast<float>(cv::norm(flow_positions_[i] - track_positions_[i])));
  }
  *measured_motion_px = MedianOf(&displacements_);

  Eigen::Isometry3d pose = predicted;
  const int inliers =
      estimator_.Estimate(camera, observations_,
                          FrameSeed(options_.random_seed, pending_.frame_index),
                          &pose, &inlier_mask_);
  if (inliers < options_.min_inliers) return inliers;

  pending_.camera_from_world = pose;
  for (size_t k = 0; k < observations_.size(); ++k) {
    const int track = observation_tracks_[k];
    if (inlier_mask_[k]) {
      next_positions_.push_back(flow_positions_[track]);
      next_points_.push_back(track_points_[track]);
      seen_points_.push_back(track_points_[track]);
    } else {
      // Optical flow drifted off the point (or the point moved): the track
      // cannot recover, since its template is the drifted patch.
      outlier_points_.push_back(track_points_[track]);
    }
  }
  return inliers;
}

bool RgbdTracker::NeedsKeyframe(int inliers) const {
  if (inliers < options_.keyframe_feature_fraction * options_.max_features) {
    return true;
  }
  const Eigen::Isometry3d& now = pending_.camera_from_world;
  const Eigen::Isometry3d& then = pending_.last_keyframe_pose;
  return (CameraCentre(now) - CameraCentre(then)).norm() >
             options_.keyframe_distance ||
         RotationDegrees(now.linear() * then.linear().transpose()) >
             options_.keyframe_angle_degrees;
}

void RgbdTracker::DescribeTracksAndCorners(const TrackerFrame& frame) {
  // One ORB pass for both: the blur ORB applies first costs more than the
  // descriptors themselves. class_id says where each keypoint came from.
  const int tracks = static_cast<int>(next_positions_.size());
  const std::vector<cv::KeyPoint>& corners = corners_.corners();
  described_.clear();
  for (int i = 0; i < tracks; ++i) {
    described_.emplace_back(next_positions_[i], 31.0f, -1.0f, 0.0f, 0, i);
  }
  for (const cv::KeyPoint& corner : corners) {
    cv::KeyPoint k = corner;
    k.class_id = tracks + corner.class_id;
    described_.push_back(k);
  }
  describer_.Describe(*frame.gray, &described_, &descriptors_);
  track_rows_.assign(tracks, -1);
  corner_rows_.assign(corners.size(), -1);
  for (size_t row = 0; row < described_.size(); ++row) {
    const int id = described_[row].class_id;
    if (id < tracks) {
      track_rows_[id] = static_cast<int>(row);
    } else {
      corner_rows_[id - tracks] = static_cast<int>(row);
    }
  }
}

void RgbdTracker::ReacquireMapPoints(const TrackerFrame& frame) {
  tracked_points_.assign(map_.slot_count(), 0);
  for (int point : next_points_) {
    if (point >= 0) tracked_points_[point] = 1;
  }
  const std::vector<cv::KeyPoint>& corners = corners_.corners();
  matcher_.FindMatches(frame.camera, pending_.camera_from_world, map_,
                       tracked_points_, corners, corner_rows_, descriptors_,
                       &matches_);
  if (matches_.empty()) return;

  // The tracks (all inliers already) and the candidates together refine the
  // pose; candidates that disagree with it were mismatches.
  observations_.clear();
  for (size_t i = 0; i < next_positions_.size(); ++i) {
    const MapPoint& p = TrackPoint(next_points_[i]);
    observations_.push_back(
        {p.world, Eigen::Vector2d(next_positions_[i].x, next_positions_[i].y),
         p.sigma});
  }
  for (const MapPointMatcher::Match& m : matches_) {
    const MapPoint& p = map_.point(m.point);
    const cv::Point2f& pt = corners[m.corner].pt;
    observations_.push_back({p.world, Eigen::Vector2d(pt.x, pt.y), p.sigma});
  }
  Eigen::Isometry3d pose = pending_.camera_from_world;
  const int support = estimator_.RefineNearby(frame.camera, observations_,
                                              &pose, &inlier_mask_);
  if (support < options_.min_inliers) return;
  pending_.camera_from_world = pose;
  const size_t tracks = next_positions_.size();
  const int64_t revisit_ns =
      static_cast<int64_t>(kRevisitSeconds * kNanosecondsPerSecond);
  for (size_t k = 0; k < matches_.size(); ++k) {
    if (!inlier_mask_[tracks + k]) continue;
    const MapPointMatcher::Match& m = matches_[k];
    if (frame.timestamp_ns - map_.point(m.point).last_seen_ns >= revisit_ns) {
      ++revisited_points_;
    }
    next_positions_.push_back(corners[m.corner].pt);
    next_points_.push_back(m.point);
    seen_points_.push_back(m.point);
    track_rows_.push_back(corner_rows_[m.corner]);
  }
}

int RgbdTracker::AddNewFeatures(const TrackerFrame& frame,
                                const DepthSampler& depth) {
  const int budget =
      options_.max_features - static_cast<int>(next_positions_.size());
  new_keypoints_.clear();
  new_depths_.clear();
  const int added = corners_.SelectInEmptyCells(
      next_positions_, budget,
      [&](const cv::KeyPoint& corner) {
        const double z = depth.DepthAt(corner.pt.x, corner.pt.y);
        if (z <= 0) return false;
        new_depths_.push_back(z);
        return true;
      },
      &new_keypoints_);
  const Eigen::Isometry3d world_from_camera =
      pending_.camera_from_world.inverse();
  for (int k = 0; k < added; ++k) {
    const cv::Point2f& pt = new_keypoints_[k].pt;
    const double z = new_depths_[k];
    MapPoint point;
    point.world = world_from_camera * frame.camera.Unproject(pt.x, pt.y, z);
    // The depth is a 3x3 mean (DepthSampler), a third of one reading's noise.
    point.sigma = options_.depth_noise * z * z / 3.0;
    point.last_seen_frame = pending_.frame_index;
    point.last_seen_ns = frame.timestamp_ns;
    point.first_seen_ns = frame.timestamp_ns;
    point.inlier_count = 1;
    new_points_.push_back(point);
    next_positions_.push_back(pt);
    next_points_.push_back(-static_cast<int>(new_points_.size()));
    track_rows_.push_back(corner_rows_[new_keypoints_[k].class_id]);
  }
  return added;
}

void RgbdTracker::BuildKeyframe(const TrackerFrame& frame,
                                const DepthSampler& depth) {
  LocalKeyframe& keyframe = pending_keyframe_;
  keyframe = LocalKeyframe();
  keyframe.timestamp_ns = frame.timestamp_ns;
  keyframe.camera_from_world = pending_.camera_from_world;
  keyframe.camera = frame.camera;
  // One observation per track, in order: Commit links observation k to
  // track k's point once new points have slots.
  keyframe.observations.resize(next_positions_.size());
  for (size_t k = 0; k < next_positions_.size(); ++k) {
    const cv::Point2f& at = next_positions_[k];
    keyframe.observations[k].pixel = Eigen::Vector2f(at.x, at.y);
    keyframe.observations[k].depth =
        static_cast<float>(depth.DepthAt(at.x, at.y));
  }
  has_pending_keyframe_ = true;
  pending_.last_keyframe_pose = pending_.camera_from_world;
}

int RgbdTracker::StartMap(const TrackerFrame& frame,
                          const DepthSampler& depth) {
  ClearPendingTracks();
  const int added = ExtendMap(frame, depth, /*reacquire=*/false);
  if (added >= options_.min_inliers_normal) {
    clear_map_ = true;
    pending_.metric_map = true;
    pending_.recovery_since_ns = -1;
  } else {
    ClearPendingTracks();
    has_pending_keyframe_ = false;
  }
  return added;
}

void RgbdTracker::ClearPendingTracks() {
  next_positions_.clear();
  next_points_.clear();
  new_points_.clear();
  seen_points_.clear();
  outlier_points_.clear();
}

void RgbdTracker::AdoptExistingWorld(bool metric, bool up_known) {
  state_.has_frame = true;
  state_.has_map = true;
  state_.last_measured = false;
  state_.settling_gravity = false;
  // Up is the map's: given, or unknown as the map's first camera's axes.
  state_.up_source = up_known ? WorldUpSource::kGiven : WorldUpSource::kNone;
  state_.lost_to_interruption = true;
  // Kept by a map found again in it (StartMapAtSightings).
  state_.metric_map = metric;
}

int RgbdTracker::ExtendMap(const TrackerFrame& frame, const DepthSampler& depth,
                           bool reacquire) {
  const int promoted = depth.empty() ? PromoteCandidatesToPoints(frame) : 0;
  DescribeTracksAndCorners(frame);
  if (reacquire) ReacquireMapPoints(frame);
  const int added = depth.empty() ? promoted : AddNewFeatures(frame, depth);
  if (depth.empty()) SpawnCandidates(frame);
  BuildKeyframe(frame, depth);
  return added;
}

void RgbdTracker::OptimizeMap() {
  map_adjustment_.Clear();
  if (state_.adjustment_due && state_.has_map) {
    window_adjuster_.Adjust(map_, &map_adjustment_);
  }
}

TrackingResult RgbdTracker::Track(const TrackerFrame& frame) {
  BeginPending(frame);
  if (!pending_.has_frame) StartWorld(frame);
  FrameOutcome outcome;
  outcome.evidence.mean_luminance = frame.mean_luminance;
  outcome.evidence.sharpness = frame.sharpness;
  // Too dark: nothing to track, and the last good frame stays the one to
  // track from when the light returns.
  if (!pending_.machine.IsDark(frame.mean_luminance)) {
    FollowOrRecover(frame, &outcome);
  }
  // Tracking resumed in the same map after held frames, or was found in the
  // keyframe map after an interruption: the pose moves from the held one to
  // the measured one, a correction worth announcing.
  const bool relocalized = outcome.relocalized_in_map ||
                           (outcome.tracked && !outcome.evidence.map_created &&
                            state_.has_map && !state_.last_measured);
  EndPending(frame, &outcome);
  const TrackingResult result = Report(outcome, relocalized);
  map_.ReservePoints(static_cast<int>(new_points_.size()));
  ++pending_.frame_index;
  return result;
}

void RgbdTracker::BeginPending(const TrackerFrame& frame) {
  pending_ = state_;
  advance_flow_ = false;
  clear_map_ = false;
  drop_tracks_ = frame.interrupted;
  ClearPendingTracks();
  has_pending_keyframe_ = false;
  world_changed_ = false;
  revisited_points_ = 0;
  starting_monocular_map_ = false;
  next_candidates_.clear();
}

void RgbdTracker::StartWorld(const TrackerFrame& frame) {
  // The world: origin at the first camera, axes from gravity if known.
  const Eigen::Isometry3d world_from_first =
      WorldFromFirstArkitCamera(options_, *frame.imu);
  pending_.camera_from_world =
      WorldFromOpenCvCamera(world_from_first).inverse();
  pending_.has_frame = true;
  pending_.world_from_first_camera = world_from_first.linear();
  pending_.first_timestamp_ns = frame.timestamp_ns;
  pending_.settling_gravity = options_.gravity_settle_seconds > 0 &&
                              GravityFromAccelerometer(options_, *frame.imu);
  pending_.up_source =
      FirstFrameUpSource(options_, *frame.imu, !frame.depth->empty());
}

void RgbdTracker::FollowOrRecover(const TrackerFrame& frame,
                                  FrameOutcome* outcome) {
  flow_.BuildPyramid(*frame.gray);
  const DepthSampler depth(*frame.depth, frame.depth_units_per_metre, options_);
  if (depth.empty()) FollowCandidates(candidates_, &flow_, &next_candidates_);
  const double motion_now_px = FollowMap(frame, depth, outcome);
  JudgeMotion(motion_now_px, &outcome->evidence);
  if (outcome->tracked) {
    KeepFollowing(frame, depth, outcome);
  } else {
    Recover(frame, depth, outcome);
  }
  // Without depth, a map is started from candidates followed frame to
  // frame, so those frames advance too.
  advance_flow_ = outcome->tracked || starting_monocular_map_;
}

double RgbdTracker::FollowMap(const TrackerFrame& frame,
                              const DepthSampler& depth,
                              FrameOutcome* outcome) {
  // How fast the image moves: the gyroscope knows best, then the motion
  // model.
  double motion_now_px = GyroMotionPixels(frame);
  if (!pending_.has_map || frame.interrupted || track_positions_.empty() ||
      !flow_.has_previous()) {
    return motion_now_px;
  }
  double predicted_px = -1;
  double measured_px = -1;
  outcome->inliers = TrackMap(frame, depth, &outcome->tracked_features,
                              &predicted_px, &measured_px);
  outcome->tracked = outcome->inliers >= options_.min_inliers;
  if (motion_now_px < 0) motion_now_px = predicted_px;
  if (outcome->tracked && measured_px >= 0) {
    pending_.recent_motion_px =
        pending_.recent_motion_px < 0
            ? measured_px
            : pending_.recent_motion_px +
                  kMotionSmoothing * (measured_px - pending_.recent_motion_px);
  }
  return motion_now_px;
}

void RgbdTracker::JudgeMotion(double motion_now_px,
                              TrackingEvidence* evidence) const {
  const double reach =
      (options_.optical_flow_window_size / 2) *
      static_cast<double>(1 << options_.optical_flow_pyramid_levels);
  evidence->large_motion = motion_now_px > kLargeMotionFraction * reach;
  // Once lost, only the motion measured before says how the camera was
  // moving.
  const double known_motion_px =
      motion_now_px >= 0 ? motion_now_px : pending_.recent_motion_px;
  evidence->slow_motion =
      known_motion_px >= 0 && known_motion_px < kSlowMotionFraction * reach;
}

void RgbdTracker::KeepFollowing(const TrackerFrame& frame,
                                const DepthSampler& depth,
                                FrameOutcome* outcome) {
  const bool extend = depth.empty()
                          ? NeedsMonocularKeyframe(frame, outcome->inliers)
                          : NeedsKeyframe(outcome->inliers);
  if (extend || outcome->inliers < options_.min_inliers_normal) {
    corners_.DetectCorners(*frame.gray);
    outcome->evidence.few_corners =
        corners_.corner_count() < options_.min_inliers_normal;
  }
  if (extend) {
    ExtendMap(frame, depth, /*reacquire=*/true);
    outcome->keyframe = true;
  }
  pending_.motion.Observe(frame.timestamp_ns, pending_.camera_from_world,
                          pending_.last_measured);
  pending_.recovery_since_ns = -1;
}

void RgbdTracker::Recover(const TrackerFrame& frame, const DepthSampler& depth,
                          FrameOutcome* outcome) {
  corners_.DetectCorners(*frame.gray);
  TrackingEvidence& evidence = outcome->evidence;
  evidence.few_corners = corners_.corner_count() < options_.min_inliers_normal;
  // Judged on this image alone (and the gyroscope): the motion measured
  // before the loss says nothing about now.
  const bool can_track_again =
      !evidence.few_corners && !evidence.large_motion &&
      !pending_.machine.IsBlurred(frame.sharpness, frame.mean_luminance);
  if (!can_track_again) {
    pending_.recovery_since_ns = -1;
  } else if (pending_.recovery_since_ns < 0) {
    pending_.recovery_since_ns = frame.timestamp_ns;
  }
  RelocalizeInMap(frame, depth, outcome);
  StartMapIfDue(frame, depth, outcome);
}

void RgbdTracker::RelocalizeInMap(const TrackerFrame& frame,
                                  const DepthSampler& depth,
                                  FrameOutcome* outcome) {
  // Found in the map again: a new local map starts at the pose found, in
  // the old world, so every anchor stays where it was.
  // Without depth, the map points relocalization matched are followed from
  // here (in the old world's unit).
  // RGB-D tracking does not follow a frame without depth (as in
  // StartMapIfDue).
  if (depth.empty() && options_.tracking_mode == TrackingMode::kRgbd) return;
  RelocalizedPose found;
  if (!pending_.has_map || !frame.relocalize || !frame.relocalize(&found)) {
    return;
  }
  const Eigen::Isometry3d held = pending_.camera_from_world;
  pending_.camera_from_world = found.camera_from_world;
  const int added = depth.empty()
                        ? StartMapAtSightings(frame, depth, found.sightings)
                        : StartMap(frame, depth);
  if (added >= options_.min_inliers_normal) {
    TrackFromNewMap(frame, added, outcome);
    outcome->relocalized_in_map = true;
  } else {
    pending_.camera_from_world = held;
  }
}

void RgbdTracker::StartMapIfDue(const TrackerFrame& frame,
                                const DepthSampler& depth,
                                FrameOutcome* outcome) {
  const bool reanchor_due =
      frame.may_start_new_map && pending_.has_map &&
      pending_.recovery_since_ns >= 0 &&
      (frame.timestamp_ns - pending_.recovery_since_ns) >=
          options_.reanchor_delay_seconds * kNanosecondsPerSecond;
  if (outcome->tracked || (pending_.has_map && !reanchor_due)) return;
  if (depth.empty() && options_.tracking_mode == TrackingMode::kRgbd) return;
  if (depth.empty()) {
    starting_monocular_map_ = true;
    const int added = StartMonocularMap(frame, depth);
    if (added > 0) {
      TrackFromNewMap(frame, added, outcome);
      outcome->evidence.map_created = true;
      pending_.has_map = true;
    }
    return;
  }
  // Start a (new) map at the current pose: the first camera's, or the held
  // one, so the reported pose continues without a jump.
  const int added = StartMap(frame, depth);
  if (added >= options_.min_inliers_normal) {
    TrackFromNewMap(frame, added, outcome);
    outcome->evidence.map_created = true;
    pending_.has_map = true;
  } else {
    // Too few corners with depth to start a map on.
    outcome->evidence.few_corners = true;
  }
}

void RgbdTracker::TrackFromNewMap(const TrackerFrame& frame, int added,
                                  FrameOutcome* outcome) {
  outcome->keyframe = true;
  outcome->tracked = true;
  outcome->inliers = added;
  pending_.motion.Observe(frame.timestamp_ns, pending_.camera_from_world,
                          false);
}

void RgbdTracker::EndPending(const TrackerFrame& frame, FrameOutcome* outcome) {
  TrackingEvidence& evidence = outcome->evidence;
  // Hold the last good pose; a held pose carries no velocity.
  if (!outcome->tracked) pending_.motion.StopMotion();
  pending_.last_measured = outcome->tracked;
  pending_.previous_timestamp_ns = frame.timestamp_ns;
  if (pending_.settling_gravity) SettleGravity(frame);
  // Like the accelerometer's, after tracking: the frame was tracked in the
  // world the map is in, and Commit turns both.
  if (pending_.up_source == WorldUpSource::kUndecided &&
      !frame.scene_up.isZero()) {
    pending_.up_source = WorldUpSource::kScene;
    TurnWorldUp(pending_.world_from_first_camera.transpose() * frame.scene_up);
  }
  evidence.settling_gravity = pending_.settling_gravity ||
                              pending_.up_source == WorldUpSource::kUndecided;
  if (frame.interrupted) pending_.lost_to_interruption = true;
  if (outcome->tracked) pending_.lost_to_interruption = false;
  evidence.has_map = pending_.has_map;
  evidence.lost_to_interruption = pending_.lost_to_interruption;
  evidence.tracked = outcome->tracked;
  evidence.inliers = outcome->inliers;
}

TrackingResult RgbdTracker::Report(const FrameOutcome& outcome,
                                   bool relocalized) {
  TrackingResult result;
  result.status = pending_.machine.Update(outcome.evidence);
  result.world_from_camera =
      WorldFromArkitCamera(pending_.camera_from_world.inverse());
  result.camera_from_world = pending_.camera_from_world;
  result.relocalized_in_map = outcome.relocalized_in_map;
  result.up_source = pending_.up_source;
  result.world_settled = !pending_.settling_gravity &&
                         pending_.up_source != WorldUpSource::kUndecided;
  result.world_turned = world_changed_;
  if (world_changed_) result.world_turn = world_change_;
  result.statistics.tracked_features = outcome.tracked_features;
  result.statistics.inliers = outcome.inliers;
  const int new_point_count = static_cast<int>(new_points_.size());
  result.statistics.map_points =
      clear_map_ ? new_point_count : map_.point_count() + new_point_count;
  result.statistics.keyframes =
      clear_map_ ? 1
                 : std::min(map_.keyframe_count() + (outcome.keyframe ? 1 : 0),
                            options_.max_keyframes);
  result.statistics.is_keyframe = outcome.keyframe ? 1 : 0;
  pending_.adjustment_due = outcome.keyframe;
  // A new map after a loss starts at the held pose, which is no measurement;
  // the first map defines the origin, which is.
  const bool reanchored = outcome.evidence.map_created && state_.has_map;
  result.started_over = reanchored;
  result.map_started = outcome.evidence.map_created;
  result.statistics.pose_measured = outcome.tracked && !reanchored ? 1 : 0;
  pending_pose_measured_ = result.statistics.pose_measured != 0;
  result.statistics.relocalized = relocalized ? 1 : 0;
  result.statistics.revisited_points = revisited_points_;
  result.statistics.is_scale_known = pending_.metric_map ? 1 : 0;
  result.statistics.unknown_scale_reason =
      pending_.metric_map ? VC_UNKNOWN_SCALE_NONE : VC_UNKNOWN_SCALE_NO_IMU;
  return result;
}

void RgbdTracker::SettleGravity(const TrackerFrame& frame) {
  const Eigen::Matrix3d world_from_camera =
      WorldFromArkitCamera(pending_.camera_from_world.inverse()).linear();
  for (const vc_imu_sample_t& s : *frame.imu) {
    pending_.specific_force_sum +=
        world_from_camera * Eigen::Vector3d(s.acceleration[0],
                                            s.acceleration[1],
                                            s.acceleration[2]);
  }
  const double elapsed = (frame.timestamp_ns - pending_.first_timestamp_ns) /
                         kNanosecondsPerSecond;
  if (elapsed < options_.gravity_settle_seconds) return;
  pending_.settling_gravity = false;
  // Free fall or no samples: keep the first frame's axes.
  if (pending_.specific_force_sum.norm() < 1e-6) return;
  TurnWorldUp(pending_.world_from_first_camera.transpose() *
              pending_.specific_force_sum);
}

void RgbdTracker::TurnWorldUp(const Eigen::Vector3d& up_in_first_camera) {
  const Eigen::Matrix3d settled =
      GravityAlignedWorldFromCamera(up_in_first_camera);
  world_change_ = Eigen::Isometry3d::Identity();
  world_change_.linear() =
      settled * pending_.world_from_first_camera.transpose();
  world_changed_ = true;
  pending_.world_from_first_camera = settled;
  const Eigen::Isometry3d old_from_new = world_change_.inverse();
  pending_.camera_from_world = pending_.camera_from_world * old_from_new;
  pending_.last_keyframe_pose = pending_.last_keyframe_pose * old_from_new;
  pending_.motion.ChangeWorld(world_change_);
}

void RgbdTracker::CorrectPose(
    const Eigen::Isometry3d& new_world_from_old) noexcept {
  const Eigen::Isometry3d old_from_new = new_world_from_old.inverse();
  state_.camera_from_world = state_.camera_from_world * old_from_new;
  state_.last_keyframe_pose = state_.last_keyframe_pose * old_from_new;
  state_.motion.ChangeWorld(new_world_from_old);
  state_.world_from_first_camera =
      new_world_from_old.linear() * state_.world_from_first_camera;
  ChangeCandidatesWorld(new_world_from_old, &candidates_);
}

void RgbdTracker::ScaleWorld(const WorldScaling& scaling) noexcept {
  state_.metric_map = true;
  state_.camera_from_world = scaling.Pose(state_.camera_from_world);
  state_.last_keyframe_pose = scaling.Pose(state_.last_keyframe_pose);
  state_.motion.ScaleWorld(scaling);
  for (CandidateTrack& track : candidates_) {
    track.origin_camera_from_world =
        scaling.Pose(track.origin_camera_from_world);
  }
  map_.ScaleWorld(scaling);
  trajectory_.ScaleWorld(scaling);
}

void RgbdTracker::Commit() {
  // The only steps that can throw (allocation) come first and have the
  // strong guarantee.
  trajectory_.Reserve(map_.next_keyframe_id());
  if (has_pending_keyframe_) map_.AddKeyframe(std::move(pending_keyframe_));
  if (clear_map_) map_.ClearAllButNewestKeyframe();
  // The frame was measured against the map as it was before the adjustment
  // below, in the world before a turn of its axes (Track() turned the pose).
  const bool measured = pending_pose_measured_ && map_.keyframe_count() > 0;
  Eigen::Isometry3d camera_from_keyframe = Eigen::Isometry3d::Identity();
  int64_t keyframe_id = -1;
  if (measured) {
    const LocalKeyframe& keyframe = map_.keyframes().back();
    const Eigen::Isometry3d tracked_pose =
        world_changed_ ? pending_.camera_from_world * world_change_
                       : pending_.camera_from_world;
    camera_from_keyframe = tracked_pose * keyframe.camera_from_world.inverse();
    keyframe_id = keyframe.id;
  }
  // Before this frame's points change (the adjustment saw the map as it was).
  map_.Apply(map_adjustment_);

  const int64_t frame = state_.frame_index;
  for (int index : seen_points_) {
    MapPoint& p = map_.point(index);
    p.last_seen_frame = frame;
    p.last_seen_ns = pending_.previous_timestamp_ns;
    ++p.inlier_count;
  }
  for (int index : outlier_points_) ++map_.point(index).outlier_count;
  for (size_t i = 0; i < next_points_.size(); ++i) {
    int& point = next_points_[i];
    if (point < 0) point = map_.AddPoint(new_points_[-point - 1]);
    // Keyframes give every track's point its latest appearance.
    if (has_pending_keyframe_ && track_rows_[i] >= 0) {
      MapPoint& p = map_.point(point);
      const uint8_t* row = descriptors_.ptr<uint8_t>(track_rows_[i]);
      std::copy(row, row + p.descriptor.size(), p.descriptor.begin());
      p.described = true;
    }
  }
  if (has_pending_keyframe_) map_.LinkNewestKeyframe(next_points_);
  if (drop_tracks_ && !advance_flow_) {
    track_positions_.clear();
    track_points_.clear();
    candidates_.clear();
  }
  if (advance_flow_) {
    track_positions_.swap(next_positions_);
    track_points_.swap(next_points_);
    candidates_.swap(next_candidates_);
    flow_.AdvanceFrame();
    map_.Cull(frame);
  }
  // Last, so that the keyframe and points added above turn too.
  if (world_changed_) {
    map_.ChangeWorld(world_change_);
    ChangeCandidatesWorld(world_change_, &candidates_);
  }
  state_ = pending_;
  // The trajectory's keyframes turn with the world, then take the poses the
  // map now holds for the keyframes adjusted and added.
  if (world_changed_) trajectory_.ChangeWorld(world_change_);
  for (const MapAdjustment::KeyframePose& adjusted :
       map_adjustment_.keyframes) {
    RecordKeyframePose(adjusted.id);
  }
  map_adjustment_.Clear();
  if (has_pending_keyframe_) RecordKeyframePose(map_.keyframes().back().id);
  if (measured) {
    trajectory_.AddFrame(pending_.previous_timestamp_ns, keyframe_id,
                         camera_from_keyframe);
  }
}

void RgbdTracker::RecordKeyframePose(int64_t id) noexcept {
  // Ids are consecutive in the map, oldest first.
  const std::deque<LocalKeyframe>& keyframes = map_.keyframes();
  if (keyframes.empty()) return;
  const int64_t index = id - keyframes.front().id;
  if (index < 0 || index >= static_cast<int64_t>(keyframes.size())) return;
  const LocalKeyframe& keyframe = keyframes[static_cast<size_t>(index)];
  trajectory_.SetKeyframePose(id, keyframe.timestamp_ns,
                              keyframe.camera_from_world);
}

void RgbdTracker::AppendPendingSightings(
    std::vector<PointSighting>* out) const {
  out->reserve(out->size() + next_points_.size());
  for (size_t k = 0; k < next_points_.size(); ++k) {
    const MapPoint& point = TrackPoint(next_points_[k]);
    out->push_back({next_positions_[k], point.world,
                    next_points_[k] >= 0 ? point.id : -1});
  }
}

void RgbdTracker::AppendTrackedPoints(
    std::vector<vc_feature_point_t>* out) const {
  out->reserve(out->size() + track_points_.size());
  for (int index : track_points_) {
    if (index < 0 || !map_.alive(index)) continue;
    const MapPoint& point = map_.point(index);
    vc_feature_point_t feature{};
    feature.id = static_cast<uint64_t>(point.id);
    for (int axis = 0; axis < 3; ++axis) {
      feature.position[axis] = static_cast<float>(point.world[axis]);
    }
    out->push_back(feature);
  }
}

}  // namespace vc
