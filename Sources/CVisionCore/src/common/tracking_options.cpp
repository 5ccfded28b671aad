#include "common/tracking_options.h"

#include <cmath>
#include <string>

#include "common/status_error.h"

namespace vc {
namespace {

void RequireIntIn(int value, int low, int high, const char* name) {
  Require(value >= low && value <= high,
          std::string("tracking.") + name + " must be " + std::to_string(low) +
              "..." + std::to_string(high) + ", got " + std::to_string(value));
}

// Floats must also be finite: NaN compares false with every bound, so the
// explicit check gives the better message.
void RequireFloat(float value, bool in_range, const char* name,
                  const char* range) {
  Require(std::isfinite(value) && in_range, std::string("tracking.") + name +
                                                " must be " + range + ", got " +
                                                std::to_string(value));
}

}  // namespace

TrackingOptions TrackingOptions::FromC(const vc_tracking_options_t& options) {
  TrackingOptions result;
  result.max_features = options.max_features;
  result.grid_columns = options.grid_columns;
  result.grid_rows = options.grid_rows;
  result.fast_threshold = options.fast_threshold;
  result.klt_window_size = options.klt_window_size;
  result.klt_pyramid_levels = options.klt_pyramid_levels;
  result.klt_max_iterations = options.klt_max_iterations;
  result.klt_max_error = options.klt_max_error;
  result.min_depth = options.min_depth;
  result.max_depth = options.max_depth;
  result.max_depth_step = options.max_depth_step;
  result.depth_noise = options.depth_noise;
  result.inlier_threshold = options.inlier_threshold;
  result.ransac_max_iterations = options.ransac_max_iterations;
  result.motion_prior_metres = options.motion_prior_metres;
  result.motion_prior_degrees = options.motion_prior_degrees;
  result.min_inliers = options.min_inliers;
  result.min_inliers_normal = options.min_inliers_normal;
  result.keyframe_feature_fraction = options.keyframe_feature_fraction;
  result.keyframe_distance = options.keyframe_distance;
  result.keyframe_angle_degrees = options.keyframe_angle_degrees;
  result.max_keyframes = options.max_keyframes;
  result.map_point_max_unseen_frames = options.map_point_max_unseen_frames;
  result.match_radius = options.match_radius;
  result.max_descriptor_distance = options.max_descriptor_distance;
  result.initialization_frames = options.initialization_frames;
  result.min_luminance = options.min_luminance;
  result.blur_sharpness_fraction = options.blur_sharpness_fraction;
  result.reanchor_delay_seconds = options.reanchor_delay_seconds;
  // An unknown enum value must fail Check(), not silently mean "gravity".
  switch (options.world_alignment) {
    case VC_WORLD_ALIGNMENT_GRAVITY:
      result.world_alignment = WorldAlignment::kGravity;
      break;
    case VC_WORLD_ALIGNMENT_CAMERA:
      result.world_alignment = WorldAlignment::kCamera;
      break;
    default:
      throw StatusError(VC_STATUS_INVALID_ARGUMENT,
                        "tracking.world_alignment " +
                            std::to_string(options.world_alignment) +
                            " is not a vc_world_alignment_t");
  }
  result.first_camera_up =
      Eigen::Vector3f(options.first_camera_up[0], options.first_camera_up[1],
                      options.first_camera_up[2]);
  result.random_seed = options.random_seed;
  result.gravity_settle_seconds = options.gravity_settle_seconds;
  result.scene_up_enabled = options.scene_up_enabled != 0;
  return result;
}

void TrackingOptions::ToC(vc_tracking_options_t* options) const {
  options->max_features = max_features;
  options->grid_columns = grid_columns;
  options->grid_rows = grid_rows;
  options->fast_threshold = fast_threshold;
  options->klt_window_size = klt_window_size;
  options->klt_pyramid_levels = klt_pyramid_levels;
  options->klt_max_iterations = klt_max_iterations;
  options->klt_max_error = klt_max_error;
  options->min_depth = min_depth;
  options->max_depth = max_depth;
  options->max_depth_step = max_depth_step;
  options->depth_noise = depth_noise;
  options->inlier_threshold = inlier_threshold;
  options->ransac_max_iterations = ransac_max_iterations;
  options->motion_prior_metres = motion_prior_metres;
  options->motion_prior_degrees = motion_prior_degrees;
  options->min_inliers = min_inliers;
  options->min_inliers_normal = min_inliers_normal;
  options->keyframe_feature_fraction = keyframe_feature_fraction;
  options->keyframe_distance = keyframe_distance;
  options->keyframe_angle_degrees = keyframe_angle_degrees;
  options->max_keyframes = max_keyframes;
  options->map_point_max_unseen_frames = map_point_max_unseen_frames;
  options->match_radius = match_radius;
  options->max_descriptor_distance = max_descriptor_distance;
  options->initialization_frames = initialization_frames;
  options->min_luminance = min_luminance;
  options->blur_sharpness_fraction = blur_sharpness_fraction;
  options->reanchor_delay_seconds = reanchor_delay_seconds;
  options->world_alignment = world_alignment == WorldAlignment::kGravity
                                 ? VC_WORLD_ALIGNMENT_GRAVITY
                                 : VC_WORLD_ALIGNMENT_CAMERA;
  for (int i = 0; i < 3; ++i) options->first_camera_up[i] = first_camera_up[i];
  options->random_seed = random_seed;
  options->gravity_settle_seconds = gravity_settle_seconds;
  options->scene_up_enabled = scene_up_enabled ? 1 : 0;
}

void TrackingOptions::Check() const {
  RequireIntIn(max_features, 8, 4096, "max_features");
  RequireIntIn(grid_columns, 1, 256, "grid_columns");
  RequireIntIn(grid_rows, 1, 256, "grid_rows");
  RequireIntIn(fast_threshold, 1, 255, "fast_threshold");
  RequireIntIn(klt_window_size, 5, 63, "klt_window_size");
  Require(klt_window_size % 2 == 1,
          "tracking.klt_window_size must be odd, got " +
              std::to_string(klt_window_size));
  RequireIntIn(klt_pyramid_levels, 0, 8, "klt_pyramid_levels");
  RequireIntIn(klt_max_iterations, 1, 100, "klt_max_iterations");
  RequireFloat(klt_max_error, klt_max_error > 0, "klt_max_error", "> 0");
  RequireFloat(min_depth, min_depth > 0, "min_depth", "> 0");
  RequireFloat(max_depth, max_depth > min_depth, "max_depth", "> min_depth");
  RequireFloat(max_depth_step, max_depth_step > 0, "max_depth_step", "> 0");
  RequireFloat(depth_noise, depth_noise >= 0, "depth_noise", ">= 0");
  RequireFloat(inlier_threshold, inlier_threshold > 0, "inlier_threshold",
               "> 0");
  RequireIntIn(ransac_max_iterations, 1, 10000, "ransac_max_iterations");
  RequireFloat(motion_prior_metres, motion_prior_metres > 0,
               "motion_prior_metres", "> 0");
  RequireFloat(motion_prior_degrees, motion_prior_degrees > 0,
               "motion_prior_degrees", "> 0");
  RequireIntIn(min_inliers, 6, max_features, "min_inliers");
  RequireIntIn(min_inliers_normal, min_inliers, max_features,
               "min_inliers_normal");
  RequireFloat(keyframe_feature_fraction,
               keyframe_feature_fraction >= 0 && keyframe_feature_fraction <= 1,
               "keyframe_feature_fraction", "0...1");
  RequireFloat(keyframe_distance, keyframe_distance > 0, "keyframe_distance",
               "> 0");
  RequireFloat(keyframe_angle_degrees, keyframe_angle_degrees > 0,
               "keyframe_angle_degrees", "> 0");
  RequireIntIn(max_keyframes, 1, 100000, "max_keyframes");
  RequireIntIn(map_point_max_unseen_frames, 1, 1 << 30,
               "map_point_max_unseen_frames");
  RequireFloat(match_radius, match_radius > 0, "match_radius", "> 0");
  RequireIntIn(max_descriptor_distance, 0, 256, "max_descriptor_distance");
  RequireIntIn(initialization_frames, 0, 1 << 20, "initialization_frames");
  RequireFloat(min_luminance, min_luminance >= 0 && min_luminance <= 1,
               "min_luminance", "0...1");
  RequireFloat(blur_sharpness_fraction,
               blur_sharpness_fraction >= 0 && blur_sharpness_fraction <= 1,
               "blur_sharpness_fraction", "0...1");
  RequireFloat(reanchor_delay_seconds, reanchor_delay_seconds >= 0,
               "reanchor_delay_seconds", ">= 0");
  RequireFloat(gravity_settle_seconds,
               gravity_settle_seconds >= 0 && gravity_settle_seconds <= 60,
               "gravity_settle_seconds", "0...60");
  Require(first_camera_up.allFinite(),
          "tracking.first_camera_up contains NaN or infinity");
}

}  // namespace vc
