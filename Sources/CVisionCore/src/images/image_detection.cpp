#include "images/image_detection.h"

#include <algorithm>
#include <array>

#include "images/homography_checks.h"

namespace vc {
namespace {

void CopyColumnMajor(const Eigen::Isometry3d& transform, float out[16]) {
  const Eigen::Matrix4f m = transform.matrix().cast<float>();
  std::copy(m.data(), m.data() + 16, out);
}

}  // namespace

vc_image_detection_t ToC(const ImageObservation& observation,
                         const ReferenceImage& reference,
                         const Eigen::Isometry3d& world_from_camera) {
  vc_image_detection_t out{};
  out.reference_index = observation.reference_index;
  out.name = reference.name.c_str();
  out.physical_width = static_cast<float>(reference.physical_width);
  out.physical_height = static_cast<float>(reference.physical_height);
  // Normalised so that h33 = 1, the usual way to print a homography.
  const double scale = observation.homography(2, 2) != 0
                           ? 1.0 / observation.homography(2, 2)
                           : 1.0;
  for (int k = 0; k < 9; ++k) {
    out.homography[k] =
        static_cast<float>(observation.homography.val[k] * scale);
  }
  std::array<cv::Point2d, 4> corners;
  ProjectCorners(observation.homography, reference.width, reference.height,
                 &corners);
  for (int k = 0; k < 4; ++k) {
    out.corners[2 * k] = static_cast<float>(corners[k].x);
    out.corners[2 * k + 1] = static_cast<float>(corners[k].y);
  }
  out.score = static_cast<float>(observation.score);
  out.inlier_count = observation.inlier_count;
  out.is_recognized = observation.recognized ? 1 : 0;
  out.estimated_scale_factor =
      static_cast<float>(observation.estimated_scale_factor);
  CopyColumnMajor(observation.camera_from_image, out.camera_from_image);
  CopyColumnMajor(world_from_camera * observation.camera_from_image,
                  out.world_from_image);
  return out;
}

}  // namespace vc
