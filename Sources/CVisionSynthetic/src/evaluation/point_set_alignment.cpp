#include "evaluation/point_set_alignment.h"

#include <Eigen/SVD>
#include <string>

#include "common/status_error.h"

namespace vc {

PointSetAlignment AlignPointSets(const Eigen::Matrix3Xd& source,
                                 const Eigen::Matrix3Xd& target,
                                 bool estimate_scale) {
  const Eigen::Index n = source.cols();
  Require(n >= 3 && target.cols() == n,
          "alignment needs at least 3 corresponding points, got " +
              std::to_string(n));
  Require(source.allFinite() && target.allFinite(),
          "alignment points contain NaN or infinity");

  const Eigen::Vector3d source_mean = source.rowwise().mean();
  const Eigen::Vector3d target_mean = target.rowwise().mean();
  const Eigen::Matrix3Xd source_centred = source.colwise() - source_mean;
  const Eigen::Matrix3Xd target_centred = target.colwise() - target_mean;
  const Eigen::Matrix3d covariance =
      target_centred * source_centred.transpose() / static_cast<double>(n);

  Eigen::JacobiSVD<Eigen::Matrix3d> svd(
      covariance, Eigen::ComputeFullU | Eigen::ComputeFullV);
  const Eigen::Vector3d singular = svd.singularValues();
  // With collinear points the rotation about their line is free: refuse
  // rather than return an arbitrary one.
  Require(singular(1) > 1e-12 * std::max(1.0, singular(0)),
          "alignment points are collinear; the rotation is undetermined");

  Eigen::Vector3d signs(1, 1, 1);
  if ((svd.matrixU() * svd.matrixV().transpose()).determinant() < 0) {
    signs(2) = -1;  // a reflection is never a valid rotation
  }
  const Eigen::Matrix3d rotation =
      svd.matrixU() * signs.asDiagonal() * svd.matrixV().transpose();

  PointSetAlignment result;
  if (estimate_scale) {
    const double source_variance =
        source_centred.squaredNorm() / static_cast<double>(n);
    Require(source_variance > 0, "alignment source points are all equal");
    result.scale = singular.dot(signs) / source_variance;
  }
  result.target_from_source.linear() = rotation;
  result.target_from_source.translation() =
      target_mean - result.scale * rotation * source_mean;
  return result;
}

}  // namespace vc
