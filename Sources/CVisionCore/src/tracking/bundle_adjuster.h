// Bundle adjustment: moves cameras and 3D points together so that every
// point projects where it was seen and, where the camera measured depth,
// lies at the depth measured. Levenberg-Marquardt on whitened residuals
// (pixels over the flow's sigma, depth over the sensor's) with a Huber loss,
// so a mistracked feature pulls with a bounded force. Each point's 3x3 block
// is eliminated (the Schur complement), leaving a dense 6n x 6n system in the
// n free cameras: a keyframe window has tens of cameras and hundreds of
// points, so that system is small and Eigen's LDLT solves it directly.
// Fixed cameras fix the gauge; with none, the first camera is held.
// Deterministic: no randomness, a fixed order of summation. Not thread-safe
// (scratch buffers); starts no threads.
#pragma once

#include <Eigen/Core>
#include <Eigen/Geometry>
#include <vector>

#include "common/pinhole_camera.h"

namespace vc {

struct BundleCamera {
  // OpenCV camera axes, as all tracker geometry.
  Eigen::Isometry3d camera_from_world = Eigen::Isometry3d::Identity();
  PinholeCamera intrinsics;
  bool fixed = false;
};

struct BundleObservation {
  int camera = 0;
  int point = 0;
  Eigen::Vector2d pixel = Eigen::Vector2d::Zero();
  // Depth measured at pixel in metres with its 1-sigma; depth 0: none.
  double depth = 0;
  double depth_sigma = 0;
};

struct BundleProblem {
  std::vector<BundleCamera> cameras;
  std::vector<Eigen::Vector3d> points;
  std::vector<BundleObservation> observations;
};

struct BundleSummary {
  // Robust cost (half the sum of Huber-weighted squared whitened
  // residuals) before and after.
  double initial_cost = 0;
  double final_cost = 0;
  int iterations = 0;
  // Observations whose whitened error exceeds the Huber scale at the end.
  int outliers = 0;
};

class BundleAdjuster {
 public:
  // pixel_sigma: how well a feature is located (pixels); huber_scale: the
  // whitened error beyond which an observation's pull stops growing.
  BundleAdjuster(double pixel_sigma, double huber_scale, int max_iterations);

  // Refines problem's cameras (not the fixed ones) and points in place.
  // Observations of points behind their camera are ignored.
  BundleSummary Solve(BundleProblem* problem);

 private:
  // Whitened residual (2 rows, 3 with depth) of observation o and its
  // Jacobians with respect to the camera's left perturbation and the point.
  // Returns the number of rows, 0 when the point is behind the camera.
  int Linearize(const BundleCamera& camera, const Eigen::Vector3d& point,
                const BundleObservation& o, Eigen::Vector3d* residual,
                Eigen::Matrix<double, 3, 6>* d_camera,
                Eigen::Matrix3d* d_point) const;
  // The robust cost of the observations at cameras and points; counts the
  // observations beyond the Huber scale in outliers.
  double Cost(const std::vector<BundleCamera>& cameras,
              const std::vector<Eigen::Vector3d>& points,
              const std::vector<BundleObservation>& observations,
              int* outliers) const;
  double HuberWeight(double error) const;

  // Solve()'s steps. Free cameras' slots and observations by point; returns
  // the number of free cameras.
  int IndexProblem(const BundleProblem& problem);
  // Gauss-Newton's normal equations at the current estimate, robustly
  // weighted: camera and point blocks and their coupling.
  void BuildNormalEquations(const BundleProblem& problem);
  enum class StepOutcome { kAccepted, kConverged, kRejected };
  // Levenberg-Marquardt: steps with more damping until one lowers the cost
  // (kAccepted, or kConverged when it lowered it by little), at most
  // kMaxRetries times (kRejected).
  StepOutcome TakeDampedStep(BundleProblem* problem, double* cost,
                             double* damping, BundleSummary* summary);
  // The damped system with the points eliminated (Schur complement).
  void ReduceToCameras(const BundleProblem& problem, double damping);
  // Solves for the camera step, then back-substitutes the points'; false
  // when the step is not finite.
  bool SolveStep(const BundleProblem& problem);
  // The cost after the step, its cameras and points kept as candidates.
  double CandidateCost(const BundleProblem& problem, int* outliers);

  double pixel_sigma_;
  double huber_scale_;
  int max_iterations_;

  // ---- Scratch, reused between solves.
  std::vector<int> free_index_;   // camera -> free slot or -1
  std::vector<int> point_begin_;  // CSR: observations by point
  std::vector<int> by_point_;
  std::vector<Eigen::Matrix3d> point_hessian_;  // per point
  std::vector<Eigen::Vector3d> point_gradient_;
  std::vector<Eigen::Matrix<double, 6, 3>> coupling_;  // per observation
  Eigen::MatrixXd camera_hessian_;                     // free cameras' block
  Eigen::VectorXd camera_gradient_;
  Eigen::MatrixXd reduced_;  // with the points eliminated
  Eigen::VectorXd reduced_rhs_;
  Eigen::VectorXd camera_step_;
  std::vector<Eigen::Matrix3d> point_inverse_;
  std::vector<Eigen::Vector3d> point_step_;
  std::vector<BundleCamera> candidate_cameras_;
  std::vector<Eigen::Vector3d> candidate_points_;
};

}  // namespace vc
