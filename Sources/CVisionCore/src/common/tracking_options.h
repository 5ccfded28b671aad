// The tracker's tunables in C++ form, with the defaults and the validation
// that vc_tracking_options_t is checked against. The C header documents each
// field for users; the comments here say why the defaults are what they are.
#pragma once

#include <Eigen/Core>
#include <cstdint>

#include "vision_core/vision_core.h"

namespace vc {

enum class WorldAlignment { kGravity, kCamera };

struct TrackingOptions {
  // 150 features keep optical flow near 1 ms at 640x480 and give PnP more
  // than enough redundancy; more barely improves the pose.
  int max_features = 150;
  // 16 x 12 cells (40 px at 640x480): at most one new corner per empty cell
  // spreads features over the image, which conditions the pose.
  int grid_columns = 16;
  int grid_rows = 12;
  int fast_threshold = 20;

  // With a motion prediction the residual displacement is small, so an
  // 11 px window with 3 levels (reach about +-40 px) and a few iterations
  // suffice. Measured on the synthetic walk, 11 px costs half of 15 px and is
  // as accurate (a smaller patch also distorts less under perspective).
  int klt_window_size = 11;
  int klt_pyramid_levels = 3;
  int klt_max_iterations = 10;
  float klt_max_error = 30.0f;

  // Consumer depth cameras are unreliable closer than 0.1 m and beyond about
  // 6 m; a 5% step across 3x3 pixels separates a depth edge from a slanted
  // floor.
  float min_depth = 0.1f;
  float max_depth = 6.0f;
  float max_depth_step = 0.05f;
  // Kinect-class structured light: about 1.5 mm at 1 m, 6 mm at 2 m.
  float depth_noise = 0.0015f;

  float inlier_threshold = 2.0f;
  int ransac_max_iterations = 100;
  // A hand-held camera rarely moves 2 cm or turns 2 degrees more than
  // predicted between frames at 30 Hz.
  float motion_prior_metres = 0.02f;
  float motion_prior_degrees = 2.0f;
  int min_inliers = 15;
  int min_inliers_normal = 40;

  float keyframe_feature_fraction = 0.7f;
  float keyframe_distance = 0.3f;
  float keyframe_angle_degrees = 20.0f;
  // 256 keyframes x ~150 ORB descriptors x 32 bytes is about 1.2 MB.
  int max_keyframes = 256;
  // A place revisited within a minute (at 30 Hz) is tracked against the
  // points first lifted there, so the drift of the way round does not
  // stay: on a 60 s synthetic orbit (a revisit every 18 s) ATE fell from
  // 1.19 cm with 300 frames to 0.32 cm with 1000 and 0.31 with 3000, and
  // tracking got cheaper (fewer new points and keyframes). Points are
  // ~100 bytes; keyframes reacquire them by projection, O(points).
  int map_point_max_unseen_frames = 1800;
  // Enough for the pose error a keyframe can have; 50 of 256 bits is the
  // usual bound for a true ORB match.
  float match_radius = 12.0f;
  int max_descriptor_distance = 50;

  int initialization_frames = 5;
  float min_luminance = 0.05f;
  float blur_sharpness_fraction = 0.35f;
  float reanchor_delay_seconds = 0.3f;

  WorldAlignment world_alignment = WorldAlignment::kGravity;
  // Zero: not known, measure with the accelerometer.
  Eigen::Vector3f first_camera_up = Eigen::Vector3f::Zero();
  uint64_t random_seed = 0x41525363656e65ULL;  // "ARScene"
  // A handheld camera accelerates: the first frame's one or two samples put
  // up 4.7 degrees off on the synthetic walk. Summed in the world frame over
  // 0.3 s the motion largely cancels: 0.42 degrees median, 0.50 max on that
  // walk (0.5 s gave 0.57 / 0.63). Longer delays initialisation, and with it
  // the first plane anchors, for no gain.
  float gravity_settle_seconds = 0.3f;
  // Without accelerometer or given up, judge up from the planes in view.
  bool scene_up_enabled = true;

  static TrackingOptions FromC(const vc_tracking_options_t& options);
  void ToC(vc_tracking_options_t* options) const;

  // Throws StatusError(VC_STATUS_INVALID_ARGUMENT) naming the bad field.
  void Check() const;
};

}  // namespace vc
