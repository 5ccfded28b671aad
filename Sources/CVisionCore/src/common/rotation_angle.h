// How far a rotation turns, one way everywhere: keyframe and revision
// thresholds, loop and relocalization corrections.
#pragma once

#include <Eigen/Core>
#include <algorithm>
#include <cmath>

#include "common/angles.h"

namespace vc {

// The angle of rotation r about its axis, degrees in [0, 180]; (trace - 1) / 2
// is its cosine, clamped against rounding.
inline double RotationDegrees(const Eigen::Matrix3d& r) {
  return Degrees(std::acos(std::clamp((r.trace() - 1.0) / 2.0, -1.0, 1.0)));
}

}  // namespace vc
