// Calculus on rotations that IMU preintegration needs beside
// tracking/rigid_motion.h's exponential: the logarithm and the right
// Jacobian of SO(3) (Forster et al., "On-Manifold Preintegration for
// Real-Time Visual-Inertial Odometry", 2017, eqs. 1-8).
#pragma once

#include <Eigen/Geometry>
#include <cmath>

#include "tracking/rigid_motion.h"

namespace vc {

// The rotation vector of rotation (axis times angle, angle in [0, pi]).
inline Eigen::Vector3d LogSO3(const Eigen::Matrix3d& rotation) {
  const Eigen::AngleAxisd angle_axis(rotation);
  return angle_axis.angle() * angle_axis.axis();
}

// Jr(phi): Exp(phi + d) ~ Exp(phi) Exp(Jr(phi) d) for small d.
inline Eigen::Matrix3d RightJacobianSO3(const Eigen::Vector3d& phi) {
  const double angle = phi.norm();
  const Eigen::Matrix3d skew = Skew(phi);
  if (angle < 1e-5) return Eigen::Matrix3d::Identity() - 0.5 * skew;
  const double angle2 = angle * angle;
  return Eigen::Matrix3d::Identity() - (1 - std::cos(angle)) / angle2 * skew +
         (angle - std::sin(angle)) / (angle2 * angle) * skew * skew;
}

// Jr(phi)^-1: Log(Exp(phi) Exp(d)) ~ phi + Jr(phi)^-1 d for small d.
inline Eigen::Matrix3d InverseRightJacobianSO3(const Eigen::Vector3d& phi) {
  const double angle = phi.norm();
  const Eigen::Matrix3d skew = Skew(phi);
  if (angle < 1e-5) return Eigen::Matrix3d::Identity() + 0.5 * skew;
  return Eigen::Matrix3d::Identity() + 0.5 * skew +
         (1 / (angle * angle) -
          (1 + std::cos(angle)) / (2 * angle * std::sin(angle))) *
             skew * skew;
}

}  // namespace vc
