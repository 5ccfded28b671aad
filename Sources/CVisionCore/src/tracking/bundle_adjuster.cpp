#include "tracking/bundle_adjuster.h"

#include <Eigen/Cholesky>
#include <Eigen/LU>
#include <algorithm>
#include <cmath>

#include "tracking/rigid_motion.h"

namespace vc {
namespace {

// Points nearer than this to a camera's plane are not projected.
constexpr double kMinDepth = 1e-6;
// Levenberg-Marquardt damping: where it starts, its bounds, and how many
// times a step may be retried with more damping before the solve stops.
constexpr double kInitialDamping = 1e-4;
constexpr double kMinDamping = 1e-9;
constexpr double kMaxDamping = 1e6;
constexpr int kMaxRetries = 8;
// A relative cost decrease below this ends the solve: converged.
constexpr double kConverged = 1e-6;

// The norm of the first rows (2 or 3) of residual, summed in the order
// Eigen's head(rows).norm() sums them. Written out because gcc 12 cannot
// see that a run-time head() of a Vector3d stays inside it and warns
// (-Warray-bounds) in Eigen's vectorised reduction.
double LeadingNorm(const Eigen::Vector3d& residual, int rows) {
  double squared = residual[0] * residual[0] + residual[1] * residual[1];
  if (rows == 3) squared += residual[2] * residual[2];
  return std::sqrt(squared);
}

}  // namespace

BundleAdjuster::BundleAdjuster(double pixel_sigma, double huber_scale,
                               int max_iterations)
    : pixel_sigma_(pixel_sigma),
      huber_scale_(huber_scale),
      max_iterations_(max_iterations) {}

double BundleAdjuster::HuberWeight(double error) const {
  return error <= huber_scale_ ? 1.0 : huber_scale_ / error;
}

int BundleAdjuster::Linearize(const BundleCamera& camera,
                              const Eigen::Vector3d& point,
                              const BundleObservation& o,
                              Eigen::Vector3d* residual,
                              Eigen::Matrix<double, 3, 6>* d_camera,
                              Eigen::Matrix3d* d_point) const {
  const Eigen::Vector3d p = camera.camera_from_world * point;
  if (p.z() <= kMinDepth) return 0;
  const PinholeCamera& k = camera.intrinsics;
  const double inverse_z = 1.0 / p.z();
  const double whiten = 1.0 / pixel_sigma_;
  residual->head<2>() = (k.Project(p) - o.pixel) * whiten;
  Eigen::Matrix<double, 2, 3> d_pixel_d_p;
  d_pixel_d_p << k.fx * inverse_z, 0, -k.fx * p.x() * inverse_z * inverse_z, 0,
      k.fy * inverse_z, -k.fy * p.y() * inverse_z * inverse_z;
  d_pixel_d_p *= whiten;
  // Left perturbation exp(delta) * camera_from_world.
  Eigen::Matrix<double, 3, 6> d_p_d_delta;
  d_p_d_delta << -Skew(p), Eigen::Matrix3d::Identity();
  const Eigen::Matrix3d& rotation = camera.camera_from_world.linear();
  d_camera->topRows<2>() = d_pixel_d_p * d_p_d_delta;
  d_point->topRows<2>() = d_pixel_d_p * rotation;
  if (o.depth <= 0 || o.depth_sigma <= 0) return 2;
  const double depth_whiten = 1.0 / o.depth_sigma;
  (*residual)(2) = (p.z() - o.depth) * depth_whiten;
  d_camera->row(2) = d_p_d_delta.row(2) * depth_whiten;
  d_point->row(2) = rotation.row(2) * depth_whiten;
  return 3;
}

double BundleAdjuster::Cost(const std::vector<BundleCamera>& cameras,
                            const std::vector<Eigen::Vector3d>& points,
                            const std::vector<BundleObservation>& observations,
                            int* outliers) const {
  double cost = 0;
  int large = 0;
  Eigen::Vector3d residual;
  Eigen::Matrix<double, 3, 6> d_camera;
  Eigen::Matrix3d d_point;
  for (const BundleObservation& o : observations) {
    const int rows = Linearize(cameras[o.camera], points[o.point], o, &residual,
                               &d_camera, &d_point);
    if (rows == 0) continue;
    const double error = LeadingNorm(residual, rows);
    if (error <= huber_scale_) {
      cost += 0.5 * error * error;
    } else {
      cost += huber_scale_ * (error - 0.5 * huber_scale_);
      ++large;
    }
  }
  if (outliers != nullptr) *outliers = large;
  return cost;
}

BundleSummary BundleAdjuster::Solve(BundleProblem* problem) {
  BundleSummary summary;
  const int free_count = IndexProblem(*problem);
  double cost = Cost(problem->cameras, problem->points, problem->observations,
                     &summary.outliers);
  summary.initial_cost = cost;
  summary.final_cost = cost;
  if (problem->observations.empty()) return summary;

  const int n = 6 * free_count;
  const size_t point_count = problem->points.size();
  camera_hessian_.resize(n, n);
  camera_gradient_.resize(n);
  reduced_.resize(n, n);
  reduced_rhs_.resize(n);
  point_inverse_.resize(point_count);
  point_step_.resize(point_count);
  double damping = kInitialDamping;
  for (int iteration = 0; iteration < max_iterations_; ++iteration) {
    BuildNormalEquations(*problem);
    const StepOutcome step = TakeDampedStep(problem, &cost, &damping, &summary);
    if (step != StepOutcome::kAccepted) break;
  }
  summary.final_cost = cost;
  return summary;
}

int BundleAdjuster::IndexProblem(const BundleProblem& problem) {
  const int camera_count = static_cast<int>(problem.cameras.size());
  const int point_count = static_cast<int>(problem.points.size());
  const int observation_count = static_cast<int>(problem.observations.size());
  // The free cameras, in order; the first camera holds the gauge when no
  // camera is fixed.
  const bool any_fixed =
      std::any_of(problem.cameras.begin(), problem.cameras.end(),
                  [](const BundleCamera& c) { return c.fixed; });
  free_index_.assign(camera_count, -1);
  int free_count = 0;
  for (int c = 0; c < camera_count; ++c) {
    if (problem.cameras[c].fixed || (!any_fixed && c == 0)) continue;
    free_index_[c] = free_count++;
  }
  // Observations grouped by point (counting sort keeps their order).
  point_begin_.assign(point_count + 1, 0);
  for (const BundleObservation& o : problem.observations) {
    ++point_begin_[o.point + 1];
  }
  for (int j = 0; j < point_count; ++j) point_begin_[j + 1] += point_begin_[j];
  by_point_.resize(observation_count);
  std::vector<int> cursor(point_begin_.begin(), point_begin_.end() - 1);
  for (int i = 0; i < observation_count; ++i) {
    by_point_[cursor[problem.observations[i].point]++] = i;
  }
  return free_count;
}

void BundleAdjuster::BuildNormalEquations(const BundleProblem& problem) {
  const size_t observation_count = problem.observations.size();
  camera_hessian_.setZero();
  camera_gradient_.setZero();
  point_hessian_.assign(problem.points.size(), Eigen::Matrix3d::Zero());
  point_gradient_.assign(problem.points.size(), Eigen::Vector3d::Zero());
  coupling_.resize(observation_count);
  Eigen::Vector3d residual;
  Eigen::Matrix<double, 3, 6> d_camera;
  Eigen::Matrix3d d_point;
  for (size_t i = 0; i < observation_count; ++i) {
    const BundleObservation& o = problem.observations[i];
    coupling_[i].setZero();
    const int rows =
        Linearize(problem.cameras[o.camera], problem.points[o.point], o,
                  &residual, &d_camera, &d_point);
    if (rows == 0) continue;
    const double weight = HuberWeight(LeadingNorm(residual, rows));
    const auto r = residual.head(rows);
    const auto jc = d_camera.topRows(rows);
    const auto jp = d_point.topRows(rows);
    point_hessian_[o.point].noalias() += weight * jp.transpose() * jp;
    point_gradient_[o.point].noalias() += weight * jp.transpose() * r;
    const int k = free_index_[o.camera];
    if (k < 0) continue;
    camera_hessian_.block<6, 6>(6 * k, 6 * k).noalias() +=
        weight * jc.transpose() * jc;
    camera_gradient_.segment<6>(6 * k).noalias() += weight * jc.transpose() * r;
    coupling_[i].noalias() = weight * jc.transpose() * jp;
  }
}

BundleAdjuster::StepOutcome BundleAdjuster::TakeDampedStep(
    BundleProblem* problem, double* cost, double* damping,
    BundleSummary* summary) {
  for (int retry = 0; retry < kMaxRetries; ++retry) {
    ReduceToCameras(*problem, *damping);
    if (SolveStep(*problem)) {
      int outliers = 0;
      const double candidate_cost = CandidateCost(*problem, &outliers);
      if (candidate_cost < *cost) {
        problem->cameras.swap(candidate_cameras_);
        problem->points.swap(candidate_points_);
        const double decrease = *cost - candidate_cost;
        *cost = candidate_cost;
        summary->outliers = outliers;
        *damping = std::max(*damping * 0.1, kMinDamping);
        ++summary->iterations;
        return decrease < kConverged * *cost ? StepOutcome::kConverged
                                             : StepOutcome::kAccepted;
      }
    }
    *damping = std::min(*damping * 10.0, kMaxDamping);
  }
  return StepOutcome::kRejected;
}

void BundleAdjuster::ReduceToCameras(const BundleProblem& problem,
                                     double damping) {
  // Marquardt's damping scales each diagonal entry, so steps in poorly
  // observed directions shrink first.
  const int n = static_cast<int>(camera_gradient_.size());
  reduced_ = camera_hessian_;
  for (int d = 0; d < n; ++d) reduced_(d, d) *= 1.0 + damping;
  reduced_rhs_ = -camera_gradient_;
  const int point_count = static_cast<int>(problem.points.size());
  for (int j = 0; j < point_count; ++j) {
    Eigen::Matrix3d h = point_hessian_[j];
    if (h.trace() <= 0) {
      point_inverse_[j].setZero();
      continue;
    }
    for (int d = 0; d < 3; ++d) h(d, d) *= 1.0 + damping;
    point_inverse_[j] = h.inverse();
    const Eigen::Vector3d scaled = point_inverse_[j] * point_gradient_[j];
    for (int a = point_begin_[j]; a < point_begin_[j + 1]; ++a) {
      const int ia = by_point_[a];
      const int ka = free_index_[problem.observations[ia].camera];
      if (ka < 0) continue;
      reduced_rhs_.segment<6>(6 * ka).noalias() += coupling_[ia] * scaled;
      const Eigen::Matrix<double, 6, 3> left =
          coupling_[ia] * point_inverse_[j];
      for (int b = point_begin_[j]; b < point_begin_[j + 1]; ++b) {
        const int ib = by_point_[b];
        const int kb = free_index_[problem.observations[ib].camera];
        if (kb < 0) continue;
        reduced_.block<6, 6>(6 * ka, 6 * kb).noalias() -=
            left * coupling_[ib].transpose();
      }
    }
  }
}

bool BundleAdjuster::SolveStep(const BundleProblem& problem) {
  const int n = static_cast<int>(reduced_rhs_.size());
  camera_step_ = Eigen::VectorXd::Zero(n);
  if (n > 0) camera_step_ = reduced_.ldlt().solve(reduced_rhs_);
  bool finite = camera_step_.allFinite();
  const int point_count = static_cast<int>(problem.points.size());
  for (int j = 0; j < point_count && finite; ++j) {
    Eigen::Vector3d rhs = -point_gradient_[j];
    for (int a = point_begin_[j]; a < point_begin_[j + 1]; ++a) {
      const int ia = by_point_[a];
      const int ka = free_index_[problem.observations[ia].camera];
      if (ka < 0) continue;
      rhs.noalias() -=
          coupling_[ia].transpose() * camera_step_.segment<6>(6 * ka);
    }
    point_step_[j] = point_inverse_[j] * rhs;
    finite = point_step_[j].allFinite();
  }
  return finite;
}

double BundleAdjuster::CandidateCost(const BundleProblem& problem,
                                     int* outliers) {
  candidate_cameras_ = problem.cameras;
  candidate_points_ = problem.points;
  for (size_t c = 0; c < candidate_cameras_.size(); ++c) {
    const int k = free_index_[c];
    if (k < 0) continue;
    candidate_cameras_[c].camera_from_world =
        PerturbedOnTheLeft(camera_step_.segment<6>(6 * k),
                           candidate_cameras_[c].camera_from_world);
  }
  for (size_t j = 0; j < candidate_points_.size(); ++j) {
    candidate_points_[j] += point_step_[j];
  }
  return Cost(candidate_cameras_, candidate_points_, problem.observations,
              outliers);
}

}  // namespace vc
