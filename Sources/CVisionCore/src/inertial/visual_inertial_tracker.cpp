#include "inertial/visual_inertial_tracker.h"

#include <algorithm>
#include <limits>

#include "common/conventions.h"
#include "inertial/imu_preintegration.h"
#include "inertial/inertial_initializer.h"

namespace vc {
namespace {

constexpr double kNanosecondsPerSecond = 1e9;
// Keyframes spanning less than this give no usable scale (the initialiser's
// error on EuRoC-like noise: 4.4% at 2 s, under 1% at 3 s); the estimate
// uses the keyframes of the last kWindowSeconds (3 s: the 30 s walk's SE(3)
// ATE 2.3-8.1 cm, each rescale about the camera bending the map; 10 s
// averages the noise, and an orbit turns far enough in it to show its
// acceleration). Once the scale is known it is estimated again at most
// every kRefreshSeconds.
constexpr double kMinSeconds = 2.0;
constexpr double kWindowSeconds = 10.0;
constexpr double kRefreshSeconds = 1.0;
// Keyframes closer than this are skipped: the estimate differentiates
// positions twice, and millimetres of tracking noise over keyframes 67 ms
// apart are 0.45 m/s^2, as much as a walk's accelerations, which biased the
// scale 7% low (errors in the regressors shrink a least-squares slope).
constexpr double kMinGapSeconds = 0.2;
// IMU kept for the window, with room.
constexpr double kKeepSeconds = 12.0;
// A later estimate moves the scale by at most this factor per keyframe, and
// one further from 1 than kMaxRescale is distrusted.
constexpr double kRescaleGain = 0.5;
constexpr double kMaxDisagreement = 0.25;
constexpr double kMaxRescale = 0.2;

// The body (the IMU, in ARKit camera axes at the camera's centre) in the
// map's world.
VisualKeyframe BodyOf(const LocalKeyframe& keyframe) {
  const Eigen::Isometry3d world_from_camera =
      keyframe.camera_from_world.inverse();
  VisualKeyframe body;
  body.timestamp = keyframe.timestamp_ns / kNanosecondsPerSecond;
  body.rotation = world_from_camera.linear() * CameraAxesFlip();
  body.position = world_from_camera.translation();
  return body;
}

// The IMU from from_ns to to_ns, preintegrated. A sample stands for the
// interval since the one before it; the intervals at either end are cut at
// from_ns and to_ns (keyframes fall between samples: dropping the pieces
// lost 2-5% of every 67 ms interval, and with it 12% of the scale).
ImuPreintegration IntegrateBetween(const std::vector<vc_imu_sample_t>& imu,
                                   int64_t from_ns, int64_t to_ns) {
  ImuPreintegration integration{ImuBias(), ImuNoise()};
  int64_t previous = from_ns;
  for (const vc_imu_sample_t& s : imu) {
    if (s.timestamp_ns <= from_ns) continue;
    const int64_t until = std::min(s.timestamp_ns, to_ns);
    const double dt = (until - previous) / kNanosecondsPerSecond;
    previous = until;
    if (dt > 0) {
      integration.Integrate(
          Eigen::Vector3d(s.rotation_rate[0], s.rotation_rate[1],
                          s.rotation_rate[2]),
          Eigen::Vector3d(s.acceleration[0], s.acceleration[1],
                          s.acceleration[2]),
          dt);
    }
    if (s.timestamp_ns >= to_ns) break;
  }
  return integration;
}

// Why an initialisation that did not solve gives no scale.
vc_unknown_scale_reason_t ReasonFor(InertialInitializationOutcome outcome) {
  switch (outcome) {
    case InertialInitializationOutcome::kSolved:
      return VC_UNKNOWN_SCALE_NONE;
    case InertialInitializationOutcome::kTooFewKeyframes:
      return VC_UNKNOWN_SCALE_COLLECTING_MOTION;
    case InertialInitializationOutcome::kTooLittleAcceleration:
    case InertialInitializationOutcome::kNoScale:
      return VC_UNKNOWN_SCALE_TOO_LITTLE_ACCELERATION;
    case InertialInitializationOutcome::kGravityMismatch:
    case InertialInitializationOutcome::kInconsistent:
      return VC_UNKNOWN_SCALE_IMU_DISAGREES;
  }
  return VC_UNKNOWN_SCALE_IMU_DISAGREES;
}

}  // namespace

TrackingResult VisualInertialTracker::Track(const TrackerFrame& frame) {
  TrackingResult result = visual_.Track(frame);
  // A new map after a loss has a unit of its own again (made from two
  // views once lost, the monocular map is not always "started over" from
  // a held map).
  pending_scale_known_ = scale_known_ && !result.map_started;
  pending_unknown_scale_reason_ = result.map_started
                                      ? VC_UNKNOWN_SCALE_COLLECTING_MOTION
                                      : unknown_scale_reason_;
  pending_map_origin_ = result.map_started ? last_centre_ : map_origin_;
  pending_map_start_ns_ =
      result.map_started ? frame.timestamp_ns : map_start_ns_;
  pending_scaling_due_ = false;
  pending_samples_ = nullptr;
  pending_estimate_ns_ = last_estimate_ns_;
  const TrackingMode mode = visual_.options().tracking_mode;
  // A frame whose slice of the IMU is empty (a gap, or a camera faster
  // than the IMU) is still one of a session with an IMU.
  const bool has_imu = imu_seen_ || !frame.imu->empty();
  const bool wants_scale =
      frame.depth->empty() && (mode == TrackingMode::kVisualInertial ||
                               (mode == TrackingMode::kAutomatic && has_imu));
  pending_centre_ = result.camera_from_world.inverse().translation();
  if (!wants_scale) return result;
  if (!frame.imu->empty()) {
    pending_samples_ = frame.imu;
    imu_.reserve(imu_.size() + frame.imu->size());
    const bool refresh_due =
        frame.timestamp_ns - last_estimate_ns_ >=
        static_cast<int64_t>(kRefreshSeconds * kNanosecondsPerSecond);
    // The frame that starts a map still sees the old one's keyframes.
    if (result.statistics.is_keyframe && !result.map_started &&
        (!pending_scale_known_ || refresh_due)) {
      RescaleFromInertia(&result);
      if (pending_scaling_due_) pending_estimate_ns_ = frame.timestamp_ns;
    }
  }
  if (!pending_scale_known_) {
    result.statistics.unknown_scale_reason =
        has_imu ? pending_unknown_scale_reason_ : VC_UNKNOWN_SCALE_NO_IMU;
  }
  // As ARKit's: initialising until the scale is known.
  if (!pending_scale_known_ && result.status.state == TrackingState::kNormal) {
    result.status = {TrackingState::kLimited,
                     TrackingStateReason::kInitializing};
  }
  return result;
}

void VisualInertialTracker::RescaleFromInertia(TrackingResult* result) {
  double scale = 0;
  const vc_unknown_scale_reason_t reason = EstimateScale(&scale);
  if (reason != VC_UNKNOWN_SCALE_NONE) {
    if (!pending_scale_known_) pending_unknown_scale_reason_ = reason;
    return;
  }
  if (!pending_scale_known_) {
    pending_scale_known_ = true;
    result->statistics.is_scale_known = 1;
    result->statistics.unknown_scale_reason = VC_UNKNOWN_SCALE_NONE;
    ReportScaled(WorldScaling::About(pending_map_origin_, scale), result);
  } else if (std::abs(scale - 1.0) < kMaxRescale) {
    const Eigen::Vector3d centre =
        visual_.camera_from_world().inverse().translation();
    ReportScaled(
        WorldScaling::About(centre, 1.0 + kRescaleGain * (scale - 1.0)),
        result);
  }
}

void VisualInertialTracker::ReportScaled(const WorldScaling& scaling,
                                         TrackingResult* result) {
  pending_scaling_ = scaling;
  pending_scaling_due_ = true;
  result->world_scaled = true;
  result->world_scaling = scaling;
  // This frame is reported in the new unit already, as the keyframe it may
  // give the session's map is.
  result->camera_from_world = scaling.Pose(result->camera_from_world);
  result->world_from_camera =
      WorldFromArkitCamera(result->camera_from_world.inverse());
  pending_centre_ = result->camera_from_world.inverse().translation();
}

void VisualInertialTracker::Commit() {
  visual_.Commit();
  if (pending_samples_ != nullptr) {
    imu_seen_ = true;
    imu_.insert(imu_.end(), pending_samples_->begin(), pending_samples_->end());
    // Saturating: a sample stamped near the earliest representable time
    // (the fuzzer found one) keeps everything rather than overflowing.
    const int64_t window =
        static_cast<int64_t>(kKeepSeconds * kNanosecondsPerSecond);
    const int64_t last = imu_.empty() ? 0 : imu_.back().timestamp_ns;
    const int64_t keep_from =
        last < std::numeric_limits<int64_t>::min() + window
            ? std::numeric_limits<int64_t>::min()
            : last - window;
    const auto first_kept = std::find_if(
        imu_.begin(), imu_.end(),
        [&](const vc_imu_sample_t& s) { return s.timestamp_ns >= keep_from; });
    imu_.erase(imu_.begin(), first_kept);
  }
  if (pending_scaling_due_) visual_.ScaleWorld(pending_scaling_);
  scale_known_ = pending_scale_known_;
  unknown_scale_reason_ = pending_unknown_scale_reason_;
  map_origin_ = pending_map_origin_;
  map_start_ns_ = pending_map_start_ns_;
  last_centre_ = pending_centre_;
  last_estimate_ns_ = pending_estimate_ns_;
  pending_samples_ = nullptr;
}

vc_unknown_scale_reason_t VisualInertialTracker::EstimateScale(
    double* scale) const {
  const std::deque<LocalKeyframe>& keyframes = visual_.keyframes();
  if (keyframes.size() < 4 || imu_.empty()) {
    return VC_UNKNOWN_SCALE_COLLECTING_MOTION;
  }
  const int64_t newest = keyframes.back().timestamp_ns;
  // Only the current map's keyframes: an older map's unit is another.
  const int64_t window_start = std::max(
      map_start_ns_,
      newest - static_cast<int64_t>(kWindowSeconds * kNanosecondsPerSecond));
  std::vector<VisualKeyframe> bodies;
  std::vector<ImuPreintegration> between;
  const LocalKeyframe* previous = nullptr;
  const int64_t min_gap_ns =
      static_cast<int64_t>(kMinGapSeconds * kNanosecondsPerSecond);
  for (const LocalKeyframe& keyframe : keyframes) {
    if (keyframe.timestamp_ns < window_start ||
        keyframe.timestamp_ns < imu_.front().timestamp_ns ||
        (previous != nullptr &&
         keyframe.timestamp_ns - previous->timestamp_ns < min_gap_ns)) {
      continue;
    }
    if (previous != nullptr) {
      between.push_back(IntegrateBetween(imu_, previous->timestamp_ns,
                                         keyframe.timestamp_ns));
    }
    bodies.push_back(BodyOf(keyframe));
    previous = &keyframe;
  }
  if (bodies.size() < 4 ||
      bodies.back().timestamp - bodies.front().timestamp < kMinSeconds) {
    return VC_UNKNOWN_SCALE_COLLECTING_MOTION;
  }
  const InertialInitialization solution =
      InitializeInertial(bodies, between, InertialInitializerOptions());
  if (solution.outcome != InertialInitializationOutcome::kSolved) {
    return ReasonFor(solution.outcome);
  }
  *scale = ScaleGivenGravity(bodies, between, solution.gravity, solution.bias);
  // The two estimates differ by the initialiser's shrinking (7-10% on the
  // walk); far apart, the motion did not determine the scale (the orbit's
  // seeds 2 and 3 gave 35 and 106 times the truth), and no scale is
  // better than a made-up one.
  return *scale > 0 &&
                 std::abs(*scale / solution.scale - 1.0) <= kMaxDisagreement
             ? VC_UNKNOWN_SCALE_NONE
             : VC_UNKNOWN_SCALE_IMU_DISAGREES;
}

}  // namespace vc
