// Closed-form alignment of corresponding point sets, the step every trajectory
// metric (ATE after SE(3) or Sim(3) alignment) starts from.
#pragma once

#include <Eigen/Core>
#include <Eigen/Geometry>

namespace vc {

struct PointSetAlignment {
  Eigen::Isometry3d target_from_source = Eigen::Isometry3d::Identity();
  double scale = 1.0;
};

// Umeyama's least-squares rotation, translation and (optionally) scale taking
// source (3 x N) onto target (3 x N). Throws StatusError when N < 3, a value
// is not finite, or the source points are (nearly) collinear, where the
// rotation is not determined.
PointSetAlignment AlignPointSets(const Eigen::Matrix3Xd& source,
                                 const Eigen::Matrix3Xd& target,
                                 bool estimate_scale);

}  // namespace vc
