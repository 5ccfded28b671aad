// First and second moments of a point set, kept about their mean so that sets
// far from the origin combine without cancellation. A cell, a region, a
// segment and a world plane are all one of these; merging two of them is
// adding their moments, and the least-squares plane is the eigenvector of the
// scatter with the smallest eigenvalue.
#pragma once

#include <Eigen/Core>
#include <Eigen/Eigenvalues>
#include <algorithm>

namespace vc {

struct PlaneFit {
  // Unit normal; the plane is the points x with normal . x + offset = 0.
  Eigen::Vector3d normal = Eigen::Vector3d::UnitZ();
  double offset = 0;
  // Mean squared distance of the points from the plane, metres^2.
  double mse = 0;
};

class PlaneMoments {
 public:
  PlaneMoments() = default;

  // From raw sums of points taken relative to reference: count points,
  // sum (p - reference) and sum (p - reference)(p - reference)^T. A
  // reference near the points keeps the sums small and precise.
  static PlaneMoments FromSums(
      double count, const Eigen::Vector3d& sum,
      const Eigen::Matrix3d& sum_outer,
      const Eigen::Vector3d& reference = Eigen::Vector3d::Zero()) {
    PlaneMoments m;
    if (count <= 0) return m;
    m.count_ = count;
    const Eigen::Vector3d relative_mean = sum / count;
    m.scatter_ = sum_outer - count * relative_mean * relative_mean.transpose();
    m.mean_ = reference + relative_mean;
    return m;
  }

  double count() const { return count_; }
  const Eigen::Vector3d& mean() const { return mean_; }
  // Sum of (p - mean)(p - mean)^T.
  const Eigen::Matrix3d& scatter() const { return scatter_; }

  // Chan et al.'s pairwise update: exact, and stable for any two sets.
  void Add(const PlaneMoments& other) {
    if (other.count_ <= 0) return;
    if (count_ <= 0) {
      *this = other;
      return;
    }
    const double total = count_ + other.count_;
    const Eigen::Vector3d delta = other.mean_ - mean_;
    scatter_ += other.scatter_ +
                (count_ * other.count_ / total) * delta * delta.transpose();
    mean_ += (other.count_ / total) * delta;
    count_ = total;
  }

  // The same points seen from another frame: p' = rotation p + translation.
  PlaneMoments Transformed(const Eigen::Matrix3d& rotation,
                           const Eigen::Vector3d& translation) const {
    PlaneMoments m;
    m.count_ = count_;
    m.mean_ = rotation * mean_ + translation;
    m.scatter_ = rotation * scatter_ * rotation.transpose();
    return m;
  }

  // The same points with every weight multiplied by factor (> 0).
  PlaneMoments Scaled(double factor) const {
    PlaneMoments m = *this;
    m.count_ *= factor;
    m.scatter_ *= factor;
    return m;
  }

  // Least-squares plane through the points (needs count >= 3).
  PlaneFit Fit() const {
    Eigen::SelfAdjointEigenSolver<Eigen::Matrix3d> solver;
    solver.computeDirect(scatter_);
    PlaneFit fit;
    fit.normal = solver.eigenvectors().col(0).normalized();
    fit.offset = -fit.normal.dot(mean_);
    fit.mse = std::max(0.0, solver.eigenvalues()(0)) / count_;
    return fit;
  }

 private:
  double count_ = 0;
  Eigen::Vector3d mean_ = Eigen::Vector3d::Zero();
  Eigen::Matrix3d scatter_ = Eigen::Matrix3d::Zero();
};

}  // namespace vc
