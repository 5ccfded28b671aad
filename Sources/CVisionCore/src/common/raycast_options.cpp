#include "common/raycast_options.h"

#include <cmath>
#include <string>

#include "common/status_error.h"

namespace vc {
namespace {

void RequireFloat(float value, bool in_range, const char* name,
                  const char* range) {
  Require(std::isfinite(value) && in_range,
          std::string("raycast options: ") + name + " must be " + range +
              ", got " + std::to_string(value));
}

}  // namespace

RaycastOptions RaycastOptions::FromC(const vc_raycast_options_t& options) {
  RaycastOptions result;
  result.patch_radius = options.patch_radius;
  result.patch_step = options.patch_step;
  result.min_patch_points = options.min_patch_points;
  result.max_rms_per_metre = options.max_rms_per_metre;
  result.alignment_tolerance_degrees = options.alignment_tolerance_degrees;
  result.max_distance = options.max_distance;
  return result;
}

void RaycastOptions::ToC(vc_raycast_options_t* options) const {
  options->patch_radius = patch_radius;
  options->patch_step = patch_step;
  options->min_patch_points = min_patch_points;
  options->max_rms_per_metre = max_rms_per_metre;
  options->alignment_tolerance_degrees = alignment_tolerance_degrees;
  options->max_distance = max_distance;
}

void RaycastOptions::Check() const {
  Require(patch_radius >= 2 && patch_radius <= 64,
          "raycast options: patch_radius must be 2...64, got " +
              std::to_string(patch_radius));
  Require(patch_step >= 1 && patch_step <= patch_radius,
          "raycast options: patch_step must be 1...patch_radius (" +
              std::to_string(patch_radius) + "), got " +
              std::to_string(patch_step));
  Require(min_patch_points >= 3,
          "raycast options: min_patch_points must be >= 3, got " +
              std::to_string(min_patch_points));
  RequireFloat(max_rms_per_metre, max_rms_per_metre > 0, "max_rms_per_metre",
               "> 0");
  RequireFloat(
      alignment_tolerance_degrees,
      alignment_tolerance_degrees > 0 && alignment_tolerance_degrees < 45,
      "alignment_tolerance_degrees", "in (0, 45)");
  RequireFloat(max_distance, max_distance > 0, "max_distance", "> 0");
}

}  // namespace vc
