// Validation of rigid transforms handed across the C boundary, shared by every
// entry point that takes one, so they all reject the same inputs with the same
// words before Eigen or OpenCV see them. Header-only, so that libraries
// beside the core (the synthetic scenes) check transforms the same way without
// linking the core's internals.
#pragma once

#include <Eigen/Geometry>
#include <cmath>
#include <string>

#include "common/conventions.h"
#include "common/status_error.h"

namespace vc {

// Checks that matrix (16 floats, column-major) is a rigid transform: finite,
// bottom row (0, 0, 0, 1), rotation orthonormal with determinant +1 within
// 1e-3 per entry (float round trips stay far below that). Throws
// StatusError(VC_STATUS_INVALID_ARGUMENT) starting with what, e.g.
// "vc_depth_register: color_from_depth".
inline Eigen::Isometry3d RequireRigidTransform(const float* matrix,
                                               const std::string& what) {
  constexpr double kTolerance = 1e-3;
  const std::string where = what + " ";
  Require(matrix != nullptr, where + "is NULL");
  for (int i = 0; i < 16; ++i) {
    Require(std::isfinite(matrix[i]),
            where + "has a non-finite element at index " + std::to_string(i));
  }
  const Eigen::Matrix4d m = Matrix4dFromColumnMajor(matrix);
  Require((m.row(3) - Eigen::RowVector4d(0, 0, 0, 1)).cwiseAbs().maxCoeff() <
              kTolerance,
          where + "must have (0, 0, 0, 1) as its bottom row");
  const Eigen::Matrix3d rotation = m.topLeftCorner<3, 3>();
  const double orthogonality_error =
      (rotation.transpose() * rotation - Eigen::Matrix3d::Identity())
          .cwiseAbs()
          .maxCoeff();
  Require(orthogonality_error < kTolerance && rotation.determinant() > 0.0,
          where +
              "must be rigid: its rotation must be orthonormal with "
              "determinant +1");
  return IsometryFromColumnMajor(matrix);
}

}  // namespace vc
