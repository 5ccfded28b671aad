#include "tracking/tracking_state.h"

#include <algorithm>

namespace vc {
namespace {

// Leaving darkness needs 25% more light than entering it.
constexpr double kLightHysteresis = 1.25;
// Tracking that degrades in an image less than twice as bright as the
// darkness threshold is blamed on the light.
constexpr double kDimFactor = 2.0;
// The sharpness reference follows well-tracked frames over about a second,
// blurred ones over about three.
constexpr double kSharpnessSmoothing = 0.05;
constexpr double kBlurredSharpnessSmoothing = 0.01;
// Consecutive fast or blurred frames before a well-tracked camera is
// reported as limited(excessiveMotion): 0.1 s at 30 Hz.
constexpr int kRiskyFramesToLimit = 3;

// A change of reason, or back to normal, is reported once the new status
// has held this many consecutive frames (0.07 s at 30 Hz); a drop from
// normal is reported at once.
constexpr int kFramesToConfirmChange = 2;

// Below this luminance the normalisation would amplify noise.
constexpr double kMinNormalizingLuminance = 0.02;

TrackingStatus Limited(TrackingStateReason reason) {
  return {TrackingState::kLimited, reason};
}

}  // namespace

double ExposureNormalizedSharpness(double sharpness, double mean_luminance) {
  const double luminance = std::max(mean_luminance, kMinNormalizingLuminance);
  return sharpness / (luminance * luminance);
}

vc_tracking_state_t ToC(TrackingState state) {
  switch (state) {
    case TrackingState::kNotAvailable:
      return VC_TRACKING_STATE_NOT_AVAILABLE;
    case TrackingState::kLimited:
      return VC_TRACKING_STATE_LIMITED;
    case TrackingState::kNormal:
      return VC_TRACKING_STATE_NORMAL;
  }
  return VC_TRACKING_STATE_NOT_AVAILABLE;
}

vc_tracking_state_reason_t ToC(TrackingStateReason reason) {
  switch (reason) {
    case TrackingStateReason::kNone:
      return VC_TRACKING_STATE_REASON_NONE;
    case TrackingStateReason::kInitializing:
      return VC_TRACKING_STATE_REASON_INITIALIZING;
    case TrackingStateReason::kRelocalizing:
      return VC_TRACKING_STATE_REASON_RELOCALIZING;
    case TrackingStateReason::kExcessiveMotion:
      return VC_TRACKING_STATE_REASON_EXCESSIVE_MOTION;
    case TrackingStateReason::kInsufficientFeatures:
      return VC_TRACKING_STATE_REASON_INSUFFICIENT_FEATURES;
    case TrackingStateReason::kInsufficientLight:
      return VC_TRACKING_STATE_REASON_INSUFFICIENT_LIGHT;
  }
  return VC_TRACKING_STATE_REASON_NONE;
}

TrackingStateMachine::TrackingStateMachine(const TrackingOptions& options)
    : min_luminance_(options.min_luminance),
      blur_fraction_(options.blur_sharpness_fraction),
      min_inliers_normal_(options.min_inliers_normal),
      initialization_frames_(options.initialization_frames) {}

bool TrackingStateMachine::IsDark(double mean_luminance) const {
  const double threshold =
      dark_ ? kLightHysteresis * min_luminance_ : min_luminance_;
  return mean_luminance < threshold;
}

bool TrackingStateMachine::IsBlurred(double sharpness,
                                     double mean_luminance) const {
  return reference_sharpness_ > 0 &&
         ExposureNormalizedSharpness(sharpness, mean_luminance) <
             blur_fraction_ * reference_sharpness_;
}

TrackingStatus TrackingStateMachine::Update(const TrackingEvidence& evidence) {
  const TrackingStatus judged = Judge(evidence);
  candidate_frames_ = judged == candidate_ ? candidate_frames_ + 1 : 1;
  candidate_ = judged;
  const bool worsens = status_.state == TrackingState::kNormal &&
                       judged.state == TrackingState::kLimited;
  const bool first = status_.state == TrackingState::kNotAvailable;
  if (first || worsens || candidate_frames_ >= kFramesToConfirmChange) {
    status_ = judged;
  }
  return status_;
}

TrackingStatus TrackingStateMachine::Judge(const TrackingEvidence& evidence) {
  dark_ = IsDark(evidence.mean_luminance);
  const bool blurred = IsBlurred(evidence.sharpness, evidence.mean_luminance);
  const bool well_tracked =
      evidence.tracked && evidence.inliers >= min_inliers_normal_;

  if (evidence.map_created) good_frames_ = 0;
  const bool risky =
      evidence.large_motion || (blurred && !evidence.slow_motion);
  risky_frames_ = risky ? risky_frames_ + 1 : 0;
  if (well_tracked) {
    ++good_frames_;
    // Blurred frames pull the reference down only slowly, so a second of
    // motion blur does not become the new normal, while a scene that is
    // really less detailed is still adopted within a few seconds.
    const double sharpness = ExposureNormalizedSharpness(
        evidence.sharpness, evidence.mean_luminance);
    const double smoothing =
        blurred ? kBlurredSharpnessSmoothing : kSharpnessSmoothing;
    reference_sharpness_ =
        reference_sharpness_ == 0
            ? sharpness
            : reference_sharpness_ +
                  smoothing * (sharpness - reference_sharpness_);
  } else if (!evidence.tracked && !dark_ && reference_sharpness_ > 0) {
    // Lost, it follows the view at the blurred pace too: else it would stay
    // the last tracked scene's, and a camera that now faces a less detailed
    // one would be judged blurred for ever and never try a new map (the
    // 7-Scenes kitchen jumping from frame 3 to frame 400: sharpness 300 ->
    // 50, lost for all 200 frames).
    reference_sharpness_ += kBlurredSharpnessSmoothing *
                            (ExposureNormalizedSharpness(
                                 evidence.sharpness, evidence.mean_luminance) -
                             reference_sharpness_);
  }
  // What degraded or lost tracking is blamed on, most specific first: a
  // dim image; motion beyond optical flow's reach; an image without corners
  // (a plain surface, whatever the motion); blur, unless the camera is known
  // to move slowly (then it is defocus or a plain surface).
  const auto blame = [&](TrackingStateReason otherwise) {
    if (evidence.mean_luminance < kDimFactor * min_luminance_) {
      return TrackingStateReason::kInsufficientLight;
    }
    if (evidence.large_motion) return TrackingStateReason::kExcessiveMotion;
    if (evidence.few_corners) return TrackingStateReason::kInsufficientFeatures;
    if (blurred && !evidence.slow_motion) {
      return TrackingStateReason::kExcessiveMotion;
    }
    return otherwise;
  };

  TrackingStatus judged;
  if (dark_) {
    judged = Limited(TrackingStateReason::kInsufficientLight);
  } else if (!evidence.has_map) {
    judged = Limited(TrackingStateReason::kInitializing);
  } else if (evidence.tracked) {
    if (good_frames_ < initialization_frames_ || evidence.settling_gravity ||
        (evidence.map_created && initialization_frames_ > 0)) {
      judged = Limited(TrackingStateReason::kInitializing);
    } else if (well_tracked) {
      // Tracked well despite fast motion or blur: the pose is measured, but
      // its quality is at risk, as ARKit reports it. A blurred frame or two
      // (real cameras have them) does not count.
      judged = risky_frames_ >= kRiskyFramesToLimit
                   ? Limited(TrackingStateReason::kExcessiveMotion)
                   : TrackingStatus{TrackingState::kNormal,
                                    TrackingStateReason::kNone};
    } else {
      judged = Limited(blame(TrackingStateReason::kInsufficientFeatures));
    }
  } else if (evidence.lost_to_interruption) {
    judged = Limited(TrackingStateReason::kRelocalizing);
  } else {
    judged = Limited(blame(TrackingStateReason::kRelocalizing));
  }
  return judged;
}

}  // namespace vc
