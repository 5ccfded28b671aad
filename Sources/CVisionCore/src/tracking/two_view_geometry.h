// Geometry of two views of one camera without depth: a point triangulated
// from two posed views, with the checks that make it a map point (in front of
// both cameras, consistent with both pixels, seen from directions far enough
// apart that its distance is measured), and the relative pose of two views
// from their matched pixels alone (the essential matrix), which starts a
// monocular map.
#pragma once

#include <Eigen/Geometry>
#include <opencv2/core.hpp>
#include <vector>

#include "common/pinhole_camera.h"

namespace vc {

struct TriangulatedPoint {
  Eigen::Vector3d world = Eigen::Vector3d::Zero();
  // Angle between the two viewing rays, radians.
  double parallax = 0;
  // 1-sigma uncertainty of the position along the ray, in world units,
  // for a pixel_sigma_px error in either view.
  double sigma = 0;
};

struct TriangulationLimits {
  double min_parallax = 0;    // radians
  double max_error_px = 2.0;  // reprojection, either view
  double pixel_sigma_px = 1.0;
};

// The point both rays pass closest to (the midpoint of their common
// perpendicular) with the checks above; false when a check fails.
bool TriangulateTwoViews(const PinholeCamera& camera,
                         const Eigen::Isometry3d& camera_a_from_world,
                         const Eigen::Vector2d& pixel_a,
                         const Eigen::Isometry3d& camera_b_from_world,
                         const Eigen::Vector2d& pixel_b,
                         const TriangulationLimits& limits,
                         TriangulatedPoint* point);

// The angle between the rays through pixel_a and pixel_b (radians): the
// parallax a triangulation would have, rotation taken out.
double RayAngle(const PinholeCamera& camera,
                const Eigen::Isometry3d& camera_a_from_world,
                const Eigen::Vector2d& pixel_a,
                const Eigen::Isometry3d& camera_b_from_world,
                const Eigen::Vector2d& pixel_b);

// The motion between two views from matched pixels: camera_b_from_a with a
// translation of unit length, and which matches agree with it
// (inliers[i]). Deterministic (OpenCV's RANSAC is seeded by a constant).
// False when fewer than min_inliers matches support one motion.
bool RelativeMotionFromMatches(const PinholeCamera& camera,
                               const std::vector<cv::Point2f>& pixels_a,
                               const std::vector<cv::Point2f>& pixels_b,
                               int min_inliers,
                               Eigen::Isometry3d* camera_b_from_a,
                               std::vector<uint8_t>* inliers);

}  // namespace vc
