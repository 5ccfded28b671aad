// ARKit's tracking states and the rules that pick one each frame from what
// the tracker observed. Hysteresis on darkness, and a running reference for
// sharpness, keep the state from flickering at a threshold.
#pragma once

#include "common/tracking_options.h"
#include "vision_core/vision_core.h"

namespace vc {

enum class TrackingState { kNotAvailable, kLimited, kNormal };

enum class TrackingStateReason {
  kNone,
  kInitializing,
  kRelocalizing,
  kExcessiveMotion,
  kInsufficientFeatures,
  kInsufficientLight,
};

struct TrackingStatus {
  TrackingState state = TrackingState::kNotAvailable;
  TrackingStateReason reason = TrackingStateReason::kNone;

  bool operator==(const TrackingStatus& other) const {
    return state == other.state && reason == other.reason;
  }
};

vc_tracking_state_t ToC(TrackingState state);
vc_tracking_state_reason_t ToC(TrackingStateReason reason);

// What the tracker saw in one frame.
struct TrackingEvidence {
  double mean_luminance = 0;
  double sharpness = 0;
  // A map exists after this frame.
  bool has_map = false;
  // This frame started a (new) map.
  bool map_created = false;
  // The pose was measured from this frame.
  bool tracked = false;
  int inliers = 0;
  // The image has too few corners to track, whatever the motion.
  bool few_corners = false;
  // The gyroscope or the motion model expects more image motion than
  // optical flow can reach.
  bool large_motion = false;
  // The camera is known to move slowly (gyroscope, motion model, or the
  // last motion measured before tracking was lost), so blur, if any, is not
  // motion blur.
  bool slow_motion = false;
  // Frames stopped before an earlier frame and the camera has not been
  // found since: lost frames are relocalizing, whatever the image shows
  // (a view that looks blurred or plain next to what was seen before the
  // interruption says nothing about the camera's motion).
  bool lost_to_interruption = false;
  // The world's up is still being measured (the first
  // gravity_settle_seconds with an accelerometer) or, without one, judged
  // from the scene: initialising.
  bool settling_gravity = false;
};

// Sharpness (Laplacian variance) grows with the square of contrast, so it is
// compared after dividing by the squared mean luminance: dimming the light
// must not look like blur.
double ExposureNormalizedSharpness(double sharpness, double mean_luminance);

// Plain data, copied and assigned as a whole so that a frame can be
// evaluated on a copy and committed only when it succeeds.
class TrackingStateMachine {
 public:
  explicit TrackingStateMachine(const TrackingOptions& options);

  // Whether the image is too dark to track, with hysteresis: once dark it
  // must get 25% brighter than the threshold to count as light again.
  bool IsDark(double mean_luminance) const;

  // Whether the image is much blurrier than recent well-tracked frames.
  bool IsBlurred(double sharpness, double mean_luminance) const;

  TrackingStatus Update(const TrackingEvidence& evidence);

  const TrackingStatus& status() const { return status_; }

 private:
  double min_luminance_;
  double blur_fraction_;
  int min_inliers_normal_;
  int initialization_frames_;

  // Decides the status this frame's evidence calls for, before debouncing.
  TrackingStatus Judge(const TrackingEvidence& evidence);

  // The status reported: it follows the judged one at once when tracking
  // gets worse than normal, and otherwise only once the judged status has
  // held for a few frames, so that a single odd frame at a transition does
  // not flicker the state (and the coaching that follows it).
  TrackingStatus status_;
  TrackingStatus candidate_;
  int candidate_frames_ = 0;
  bool dark_ = false;
  // Running mean of the exposure-normalised sharpness of well-tracked
  // frames; 0 until one.
  double reference_sharpness_ = 0;
  // Well-tracked frames since the map was made.
  int good_frames_ = 0;
  // Consecutive frames with fast motion or blur.
  int risky_frames_ = 0;
};

}  // namespace vc
