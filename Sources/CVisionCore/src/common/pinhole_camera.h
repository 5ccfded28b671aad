// Pinhole projection in OpenCV camera axes (+X right, +Y down, +Z forward),
// the axes all camera geometry inside the tracker uses. Pixel (u, v) is the
// centre of column u, row v.
#pragma once

#include <Eigen/Core>

#include "vision_core/vision_core.h"

namespace vc {

struct PinholeCamera {
  double fx = 1;
  double fy = 1;
  double cx = 0;
  double cy = 0;
  int width = 0;
  int height = 0;

  static PinholeCamera FromC(const vc_camera_intrinsics_t& k) {
    return {k.fx, k.fy, k.cx, k.cy, k.width, k.height};
  }

  // The caller guarantees p.z() > 0.
  Eigen::Vector2d Project(const Eigen::Vector3d& p) const {
    const double inverse_z = 1.0 / p.z();
    return {fx * p.x() * inverse_z + cx, fy * p.y() * inverse_z + cy};
  }

  // The point at depth z (along the optical axis) seen at pixel (u, v).
  Eigen::Vector3d Unproject(double u, double v, double z) const {
    return {(u - cx) / fx * z, (v - cy) / fy * z, z};
  }

  bool Contains(const Eigen::Vector2d& uv, double margin) const {
    return uv.x() >= margin && uv.y() >= margin &&
           uv.x() <= width - 1 - margin && uv.y() <= height - 1 - margin;
  }

  double MeanFocal() const { return 0.5 * (fx + fy); }
};

}  // namespace vc
