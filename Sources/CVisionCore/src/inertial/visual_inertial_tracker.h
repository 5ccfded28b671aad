// The visual-inertial tracking front end (tracking_front_end.h) for frames
// without depth: the camera is tracked as monocular tracking does it
// (RgbdTracker on frames without depth: points triangulated from candidate
// tracks), and the IMU gives the map its metric scale. Once the keyframes
// span kMinSeconds, visual-inertial initialisation (inertial_initializer.h)
// joins their poses with the IMU preintegrated between them; when it finds
// a scale, the whole map is rescaled to metres. Until then the tracking
// state stays limited(initializing), as ARKit's does. Each later keyframe
// repeats the estimate over the latest keyframes and rescales the map about
// the camera, so the scale monocular tracking drifts in is pulled back.
//
// Frames with depth pass straight to the RGB-D tracker, untouched; frames
// without depth and without an IMU are tracked monocular, in a unit of
// their own (TrackingResult::scale_known false).
#pragma once

#include <Eigen/Geometry>
#include <vector>

#include "common/tracking_options.h"
#include "tracking/rgbd_tracker.h"
#include "tracking/tracking_front_end.h"
#include "tracking/world_scaling.h"
#include "vision_core/vision_core.h"

namespace vc {

class VisualInertialTracker final : public TrackingFrontEnd {
 public:
  explicit VisualInertialTracker(const TrackingOptions& options)
      : visual_(options) {}

  void OptimizeMap() override { visual_.OptimizeMap(); }
  TrackingResult Track(const TrackerFrame& frame) override;
  void Commit() override;
  void CorrectWorld(const Eigen::Isometry3d& camera_correction,
                    const CorrectionAt& correction_at) noexcept override {
    visual_.CorrectWorld(camera_correction, correction_at);
  }
  void AppendTrackedPoints(
      std::vector<vc_feature_point_t>* out) const override {
    visual_.AppendTrackedPoints(out);
  }
  // Only a map without an IMU's metres takes keyframes without depth (see
  // Session::KnowsItsUnit), so these are the visual tracker's as they are.
  void AppendPendingSightings(std::vector<PointSighting>* out) const override {
    visual_.AppendPendingSightings(out);
  }
  std::vector<TrajectoryPose> RefinedTrajectory() const override {
    return visual_.RefinedTrajectory();
  }
  // A world in metres is not rescaled to the IMU's first estimate, only
  // refined by the later ones.
  void AdoptExistingWorld(bool metric, bool up_known) override {
    visual_.AdoptExistingWorld(metric, up_known);
    scale_known_ = metric;
  }

 private:
  // The scale that makes the latest keyframes' motion agree with the IMU
  // (metres per map unit); otherwise why there is none
  // (vc_unknown_scale_reason_t).
  vc_unknown_scale_reason_t EstimateScale(double* scale) const;
  // On a keyframe: the first scale found rescales the map to metres (and
  // this frame's reported pose with it); later ones pull it back by
  // kRescaleGain of their disagreement, about the camera.
  void RescaleFromInertia(TrackingResult* result);
  // Rescales the world by scaling at Commit(), and this frame's pose now.
  void ReportScaled(const WorldScaling& scaling, TrackingResult* result);

  RgbdTracker visual_;
  // IMU samples of the last kKeepSeconds, oldest first.
  std::vector<vc_imu_sample_t> imu_;
  bool scale_known_ = false;
  // Some frame of the session brought IMU samples.
  bool imu_seen_ = false;
  // Where the current map began: the camera held while it was made (the
  // world's origin for the first map; after a loss, the held pose, away
  // from it). The map's own unit spreads from there, so its first rescale
  // is about it, and the world stays continuous.
  Eigen::Vector3d map_origin_ = Eigen::Vector3d::Zero();
  // When the current map began (its keyframes are at or after it).
  int64_t map_start_ns_ = 0;
  // The camera's centre as the last frame reported it.
  Eigen::Vector3d last_centre_ = Eigen::Vector3d::Zero();
  // When the scale was last estimated and applied.
  int64_t last_estimate_ns_ = 0;
  // Why the scale is unknown, as the last estimate found (kept until the
  // next one, or a new map).
  vc_unknown_scale_reason_t unknown_scale_reason_ =
      VC_UNKNOWN_SCALE_COLLECTING_MOTION;

  // ---- Pending, applied by Commit().
  const std::vector<vc_imu_sample_t>* pending_samples_ = nullptr;
  bool pending_scale_known_ = false;
  vc_unknown_scale_reason_t pending_unknown_scale_reason_ =
      VC_UNKNOWN_SCALE_COLLECTING_MOTION;
  Eigen::Vector3d pending_map_origin_ = Eigen::Vector3d::Zero();
  Eigen::Vector3d pending_centre_ = Eigen::Vector3d::Zero();
  int64_t pending_map_start_ns_ = 0;
  int64_t pending_estimate_ns_ = 0;
  bool pending_scaling_due_ = false;
  WorldScaling pending_scaling_;
};

}  // namespace vc
