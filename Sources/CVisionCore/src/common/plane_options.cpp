#include "common/plane_options.h"

#include <cmath>
#include <string>

#include "common/status_error.h"

namespace vc {
namespace {

void RequireFloat(float value, bool in_range, const char* name,
                  const char* range) {
  Require(std::isfinite(value) && in_range, std::string("planes.") + name +
                                                " must be " + range + ", got " +
                                                std::to_string(value));
}

}  // namespace

PlaneOptions PlaneOptions::FromC(const vc_plane_options_t& options) {
  PlaneOptions result;
  Require((options.detection &
           ~(VC_PLANE_DETECTION_HORIZONTAL | VC_PLANE_DETECTION_VERTICAL)) == 0,
          "planes.detection has unknown bits: " +
              std::to_string(options.detection));
  result.detect_horizontal =
      (options.detection & VC_PLANE_DETECTION_HORIZONTAL) != 0;
  result.detect_vertical =
      (options.detection & VC_PLANE_DETECTION_VERTICAL) != 0;
  result.cell_size = options.cell_size;
  result.min_depth = options.min_depth;
  result.max_depth = options.max_depth;
  result.depth_noise = options.depth_noise;
  result.alignment_tolerance_degrees = options.alignment_tolerance_degrees;
  result.min_anchor_area = options.min_anchor_area;
  return result;
}

void PlaneOptions::ToC(vc_plane_options_t* options) const {
  options->detection = (detect_horizontal ? VC_PLANE_DETECTION_HORIZONTAL : 0) |
                       (detect_vertical ? VC_PLANE_DETECTION_VERTICAL : 0);
  options->cell_size = cell_size;
  options->min_depth = min_depth;
  options->max_depth = max_depth;
  options->depth_noise = depth_noise;
  options->alignment_tolerance_degrees = alignment_tolerance_degrees;
  options->min_anchor_area = min_anchor_area;
}

void PlaneOptions::Check() const {
  Require(cell_size >= 4 && cell_size <= 64,
          "planes.cell_size must be 4...64, got " + std::to_string(cell_size));
  RequireFloat(min_depth, min_depth > 0, "min_depth", "> 0");
  RequireFloat(max_depth, max_depth > min_depth, "max_depth", "> min_depth");
  RequireFloat(depth_noise, depth_noise > 0, "depth_noise", "> 0");
  RequireFloat(
      alignment_tolerance_degrees,
      alignment_tolerance_degrees > 0 && alignment_tolerance_degrees < 45,
      "alignment_tolerance_degrees", "in (0, 45)");
  RequireFloat(min_anchor_area, min_anchor_area > 0, "min_anchor_area", "> 0");
}

}  // namespace vc
