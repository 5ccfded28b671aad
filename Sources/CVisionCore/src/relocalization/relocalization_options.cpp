#include "relocalization/relocalization_options.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "common/status_error.h"

namespace vc {
namespace {

template <typename T>
void RequireRange(T value, T low, T high, const char* name) {
  Require(value >= low && value <= high, std::string("relocalization.") + name +
                                             " must be " + std::to_string(low) +
                                             "..." + std::to_string(high) +
                                             ", got " + std::to_string(value));
}

}  // namespace

void RelocalizationOptions::Check() const {
  RequireRange(max_features, 100, 3000, "max_features");
  RequireRange(grid_columns, 1, 64, "grid_columns");
  RequireRange(grid_rows, 1, 64, "grid_rows");
  RequireRange(corner_threshold, 5, 100, "corner_threshold");
  RequireRange(pyramid_levels, 1, 8, "pyramid_levels");
  RequireRange(min_depth, 0.05f, 10.0f, "min_depth");
  RequireRange(max_depth, min_depth, 20.0f, "max_depth");
  RequireRange(max_depth_step, 0.001f, 1.0f, "max_depth_step");
  RequireRange(vocabulary_branching, 2, 16, "vocabulary_branching");
  RequireRange(vocabulary_depth, 1, 6, "vocabulary_depth");
  RequireRange(candidates, 1, 32, "candidates");
  RequireRange(extra_leaves, 0, 7, "extra_leaves");
  RequireRange(max_descriptor_distance, 1, 256, "max_descriptor_distance");
  RequireRange(match_ratio, 0.5f, 1.0f, "match_ratio");
  RequireRange(same_point_metres, 0.0f, 1.0f, "same_point_metres");
  RequireRange(ransac_iterations, 1, 100000, "ransac_iterations");
  RequireRange(ransac_threshold_metres, 0.001f, 1.0f,
               "ransac_threshold_metres");
  RequireRange(ransac_threshold_pixels, 0.5f, 100.0f,
               "ransac_threshold_pixels");
  RequireRange(min_inliers, 5, 1000, "min_inliers");
  RequireRange(min_pnp_inliers, 8, 1000, "min_pnp_inliers");
  RequireRange(min_inlier_ratio, 0.0f, 1.0f, "min_inlier_ratio");
  RequireRange(surface_step_pixels, 2, 32, "surface_step_pixels");
  RequireRange(query_step_pixels, 2, 64, "query_step_pixels");
  RequireRange(refinement_keyframes, 1, 8, "refinement_keyframes");
  RequireRange(icp_iterations, 0, 100, "icp_iterations");
  RequireRange(icp_final_distance, 0.001f, 1.0f, "icp_final_distance");
  RequireRange(icp_start_distance, icp_final_distance, 2.0f,
               "icp_start_distance");
  RequireRange(icp_feature_weight, 0.0f, 100.0f, "icp_feature_weight");
  RequireRange(accept_distance, 0.001f, 1.0f, "accept_distance");
  RequireRange(min_overlap, 0.0f, 1.0f, "min_overlap");
  RequireRange(min_surface_points, 0, 100000, "min_surface_points");
  RequireRange(max_residual, 0.0001f, 1.0f, "max_residual");
  RequireRange(max_correction_metres, 0.0f, 10.0f, "max_correction_metres");
  RequireRange(max_correction_degrees, 0.0f, 180.0f, "max_correction_degrees");
  RequireRange(cull_overlap, 0.5f, 1.0f, "cull_overlap");
  RequireRange(cull_observers, 1, 10, "cull_observers");
}

int ScaledStep(int step_at_640, int width) {
  return std::max(1, int(std::lround(double(step_at_640) * width / 640.0)));
}

}  // namespace vc
