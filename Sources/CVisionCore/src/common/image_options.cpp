#include "common/image_options.h"

#include <string>

#include "common/status_error.h"

namespace vc {
namespace {

void RequireRange(int value, int low, int high, const char* name) {
  Require(value >= low && value <= high,
          std::string("images.") + name + " must be " + std::to_string(low) +
              "..." + std::to_string(high) + ", got " + std::to_string(value));
}

}  // namespace

ImageOptions ImageOptions::FromC(const vc_image_options_t& options) {
  ImageOptions result;
  result.max_tracked_images = options.max_tracked_images;
  result.recognition_interval_frames = options.recognition_interval_frames;
  result.max_candidates = options.max_candidates;
  result.query_features = options.query_features;
  result.min_inliers = options.min_inliers;
  result.tracked_points = options.tracked_points;
  return result;
}

void ImageOptions::ToC(vc_image_options_t* options) const {
  options->max_tracked_images = max_tracked_images;
  options->recognition_interval_frames = recognition_interval_frames;
  options->max_candidates = max_candidates;
  options->query_features = query_features;
  options->min_inliers = min_inliers;
  options->tracked_points = tracked_points;
}

void ImageOptions::Check() const {
  RequireRange(max_tracked_images, 0, VC_TRACKED_IMAGES_MAX,
               "max_tracked_images");
  RequireRange(recognition_interval_frames, 1, 120,
               "recognition_interval_frames");
  RequireRange(max_candidates, 1, VC_REFERENCE_IMAGES_MAX, "max_candidates");
  RequireRange(query_features, 100, 5000, "query_features");
  RequireRange(min_inliers, 8, 1000, "min_inliers");
  RequireRange(tracked_points, 8, 500, "tracked_points");
}

}  // namespace vc
