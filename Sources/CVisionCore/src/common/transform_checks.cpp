#include "common/transform_checks.h"

#include <cmath>

#include "common/conventions.h"
#include "common/status_error.h"

namespace vc {

Eigen::Isometry3d RequireRigidTransform(const float* matrix,
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
