// Whether a homography from a reference's pixels to a view's could be a real
// picture seen by a camera: its corners in front of the camera, a convex
// outline of a sensible size and shape. Estimators fit homographies to
// chance matches too; these checks reject what no camera could see.
#pragma once

#include <array>
#include <opencv2/core.hpp>

namespace vc {

// The reference's corners (top-left, top-right, bottom-right, bottom-left)
// through h; false when one lands behind the camera (w <= 0).
bool ProjectCorners(const cv::Matx33d& h, int width, int height,
                    std::array<cv::Point2d, 4>* corners);

// Checks the outline in a view of view_width x view_height pixels.
bool PlausibleHomography(const cv::Matx33d& h, int reference_width,
                         int reference_height, int view_width, int view_height);

// Maps a point through h (the caller guarantees it is in front).
inline cv::Point2d Apply(const cv::Matx33d& h, const cv::Point2d& p) {
  const cv::Vec3d q = h * cv::Vec3d(p.x, p.y, 1.0);
  return {q[0] / q[2], q[1] / q[2]};
}

}  // namespace vc
