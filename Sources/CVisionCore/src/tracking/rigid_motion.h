// Small-rotation algebra shared by the tracker's least-squares solvers: poses
// are updated by a left perturbation exp(delta) * pose, delta = (rotation
// vector, translation), in the camera's axes.
#pragma once

#include <Eigen/Geometry>

namespace vc {

// The cross-product matrix: Skew(a) * b == a.cross(b).
inline Eigen::Matrix3d Skew(const Eigen::Vector3d& v) {
  Eigen::Matrix3d m;
  m << 0, -v.z(), v.y(), v.z(), 0, -v.x(), -v.y(), v.x(), 0;
  return m;
}

// The rotation by the rotation vector w (axis times angle in radians).
inline Eigen::Matrix3d ExpSO3(const Eigen::Vector3d& w) {
  const double angle = w.norm();
  if (angle < 1e-12) return Eigen::Matrix3d::Identity() + Skew(w);
  return Eigen::AngleAxisd(angle, w / angle).toRotationMatrix();
}

// exp(delta) * pose, re-orthonormalised so rounding never accumulates into a
// non-rotation.
inline Eigen::Isometry3d PerturbedOnTheLeft(
    const Eigen::Matrix<double, 6, 1>& delta, const Eigen::Isometry3d& pose) {
  const Eigen::Matrix3d rotation = ExpSO3(delta.head<3>());
  Eigen::Isometry3d updated = Eigen::Isometry3d::Identity();
  updated.linear() = Eigen::Quaterniond(rotation * pose.linear())
                         .normalized()
                         .toRotationMatrix();
  updated.translation() = rotation * pose.translation() + delta.tail<3>();
  return updated;
}

}  // namespace vc
