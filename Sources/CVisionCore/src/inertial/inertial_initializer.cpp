#include "inertial/inertial_initializer.h"

#include <Eigen/Cholesky>
#include <Eigen/QR>
#include <cmath>

#include "inertial/rotation_calculus.h"

namespace vc {
namespace {

constexpr int kMinKeyframes = 4;

// The gyroscope bias that makes the preintegrated rotations agree with the
// visual ones (Gauss-Newton on the rotation residuals).
Eigen::Vector3d EstimateGyroscopeBias(
    const std::vector<VisualKeyframe>& keyframes,
    const std::vector<ImuPreintegration>& between, int iterations) {
  ImuBias bias = between.front().bias();
  for (int iteration = 0; iteration < iterations; ++iteration) {
    Eigen::Matrix3d normal = Eigen::Matrix3d::Zero();
    Eigen::Vector3d rhs = Eigen::Vector3d::Zero();
    for (size_t k = 0; k < between.size(); ++k) {
      const Eigen::Matrix3d measured =
          keyframes[k].rotation.transpose() * keyframes[k + 1].rotation;
      const Eigen::Vector3d residual =
          LogSO3(between[k].DeltaRotation(bias).transpose() * measured);
      const Eigen::Matrix3d& jacobian = between[k].rotation_by_gyroscope();
      normal += jacobian.transpose() * jacobian;
      rhs += jacobian.transpose() * residual;
    }
    bias.gyroscope += normal.ldlt().solve(rhs);
  }
  return bias.gyroscope;
}

// The spread (root mean square deviation from the mean) of the body's
// specific force in the visual world's axes, pair by pair.
double AccelerationSpread(const std::vector<VisualKeyframe>& keyframes,
                          const std::vector<ImuPreintegration>& between,
                          const ImuBias& bias) {
  std::vector<Eigen::Vector3d> forces;
  Eigen::Vector3d mean = Eigen::Vector3d::Zero();
  for (size_t k = 0; k < between.size(); ++k) {
    forces.push_back(keyframes[k].rotation * between[k].DeltaVelocity(bias) /
                     between[k].duration());
    mean += forces.back();
  }
  mean /= static_cast<double>(forces.size());
  double squared = 0;
  for (const Eigen::Vector3d& f : forces) squared += (f - mean).squaredNorm();
  return std::sqrt(squared / static_cast<double>(forces.size()));
}

// Unknowns: every keyframe's velocity (3 each), then the rest.
// ScaleGivenGravity's hold on the accelerometer bias's change, as
// InertialInitializerOptions::accelerometer_bias_prior.
constexpr double kScaleBiasPrior = 0.0001;

int VelocityColumn(size_t keyframe) { return 3 * static_cast<int>(keyframe); }

// Pair k's rows 6k..6k+5 (VINS-Mono's alignment):
//   s (p_j - p_i) - v_i t - g t^2 / 2 = R_i dp   (position)
//   v_j - v_i - g t = R_i dv                      (velocity)
// with gravity = offset + map * (the unknowns from column gravity), the
// scale at column scale; the offset goes to the right side.
template <int GravityParameters>
void AddPairRows(const std::vector<VisualKeyframe>& keyframes,
                 const ImuPreintegration& p, size_t k, const ImuBias& bias,
                 const Eigen::Matrix<double, 3, GravityParameters>& map,
                 const Eigen::Vector3d& offset, int gravity, int scale,
                 Eigen::MatrixXd* a, Eigen::VectorXd* b) {
  const Eigen::Matrix3d identity = Eigen::Matrix3d::Identity();
  const double t = p.duration();
  const Eigen::Matrix3d& r = keyframes[k].rotation;
  const int row = 6 * static_cast<int>(k);
  a->block<3, 3>(row, VelocityColumn(k)) = -t * identity;
  a->block<3, GravityParameters>(row, gravity) = -0.5 * t * t * map;
  a->block<3, 1>(row, scale) =
      keyframes[k + 1].position - keyframes[k].position;
  b->segment<3>(row) = r * p.DeltaPosition(bias) + 0.5 * t * t * offset;
  a->block<3, 3>(row + 3, VelocityColumn(k)) = -identity;
  a->block<3, 3>(row + 3, VelocityColumn(k + 1)) = identity;
  a->block<3, GravityParameters>(row + 3, gravity) = -t * map;
  b->segment<3>(row + 3) = r * p.DeltaVelocity(bias) + t * offset;
}

// Gravity, scale and velocities with gravity free: x = [v_0 .. v_n-1, g, s].
Eigen::VectorXd AlignLinearly(const std::vector<VisualKeyframe>& keyframes,
                              const std::vector<ImuPreintegration>& between,
                              const ImuBias& bias) {
  const int n = static_cast<int>(keyframes.size());
  const int g = 3 * n;
  const int s = g + 3;
  Eigen::MatrixXd a = Eigen::MatrixXd::Zero(6 * (n - 1), s + 1);
  Eigen::VectorXd b = Eigen::VectorXd::Zero(6 * (n - 1));
  for (size_t k = 0; k + 1 < keyframes.size(); ++k) {
    AddPairRows<3>(keyframes, between[k], k, bias, Eigen::Matrix3d::Identity(),
                   Eigen::Vector3d::Zero(), g, s, &a, &b);
  }
  return a.colPivHouseholderQr().solve(b);
}

// Two unit vectors completing direction to an orthonormal basis.
Eigen::Matrix<double, 3, 2> TangentBasis(const Eigen::Vector3d& direction) {
  const Eigen::Vector3d helper = std::abs(direction.x()) < 0.9
                                     ? Eigen::Vector3d::UnitX()
                                     : Eigen::Vector3d::UnitY();
  const Eigen::Vector3d first = direction.cross(helper).normalized();
  Eigen::Matrix<double, 3, 2> basis;
  basis << first, direction.cross(first);
  return basis;
}

// With gravity's magnitude held: x = [v_0 .. v_n-1, w (2), s, dba (3)],
// gravity = magnitude * direction + B w, relinearised each iteration.
void RefineWithGravityHeld(const std::vector<VisualKeyframe>& keyframes,
                           const std::vector<ImuPreintegration>& between,
                           const InertialInitializerOptions& options,
                           InertialInitialization* result) {
  const int n = static_cast<int>(keyframes.size());
  const int w = 3 * n;
  const int s = w + 2;
  const int ba = s + 1;
  const Eigen::Matrix3d identity = Eigen::Matrix3d::Identity();
  Eigen::Vector3d direction = result->gravity.normalized();
  const ImuBias bias = result->bias;
  for (int iteration = 0; iteration < options.gravity_iterations; ++iteration) {
    const Eigen::Vector3d g0 = options.gravity_magnitude * direction;
    const Eigen::Matrix<double, 3, 2> basis = TangentBasis(direction);
    Eigen::MatrixXd a = Eigen::MatrixXd::Zero(6 * (n - 1) + 3, ba + 3);
    Eigen::VectorXd b = Eigen::VectorXd::Zero(6 * (n - 1) + 3);
    for (size_t k = 0; k + 1 < keyframes.size(); ++k) {
      const ImuPreintegration& p = between[k];
      AddPairRows<2>(keyframes, p, k, bias, basis, g0, w, s, &a, &b);
      // The accelerometer bias's change moves both deltas.
      const Eigen::Matrix3d& r = keyframes[k].rotation;
      const int row = 6 * static_cast<int>(k);
      a.block<3, 3>(row, ba) = -r * p.position_by_accelerometer();
      a.block<3, 3>(row + 3, ba) = -r * p.velocity_by_accelerometer();
    }
    // The accelerometer bias stays near the integration's unless the
    // motion says otherwise.
    a.block<3, 3>(6 * (n - 1), ba) =
        options.accelerometer_bias_prior * identity;
    const Eigen::VectorXd x = a.colPivHouseholderQr().solve(b);
    direction = (g0 + basis * x.segment<2>(w)).normalized();
    result->scale = x(s);
    result->bias.accelerometer = bias.accelerometer + x.segment<3>(ba);
    result->velocities.resize(keyframes.size());
    for (size_t k = 0; k < keyframes.size(); ++k) {
      result->velocities[k] = x.segment<3>(VelocityColumn(k));
    }
  }
  result->gravity = options.gravity_magnitude * direction;
}

// The residuals the solution leaves, as InertialInitialization states them.
void MeasureResiduals(const std::vector<VisualKeyframe>& keyframes,
                      const std::vector<ImuPreintegration>& between,
                      InertialInitialization* solution) {
  double rotation = 0;
  double position = 0;
  double displacement = 0;
  const Eigen::Vector3d& g = solution->gravity;
  for (size_t k = 0; k < between.size(); ++k) {
    const ImuPreintegration& p = between[k];
    const double t = p.duration();
    const Eigen::Matrix3d& r = keyframes[k].rotation;
    const Eigen::Matrix3d measured = r.transpose() * keyframes[k + 1].rotation;
    rotation += LogSO3(p.DeltaRotation(solution->bias).transpose() * measured)
                    .squaredNorm();
    const Eigen::Vector3d moved =
        solution->scale * (keyframes[k + 1].position - keyframes[k].position);
    position += (moved - solution->velocities[k] * t - 0.5 * t * t * g -
                 r * p.DeltaPosition(solution->bias))
                    .squaredNorm();
    displacement += moved.squaredNorm();
  }
  solution->rotation_residual =
      std::sqrt(rotation / static_cast<double>(between.size()));
  solution->relative_position_residual =
      displacement > 0 ? std::sqrt(position / displacement) : 0;
}

}  // namespace

double ScaleGivenGravity(const std::vector<VisualKeyframe>& keyframes,
                         const std::vector<ImuPreintegration>& between,
                         const Eigen::Vector3d& gravity, const ImuBias& bias) {
  // With u = 1 / scale, velocities in visual units (v / scale) and the
  // accelerometer bias's change d scaled too (c = u d):
  //   p_j - p_i - v_i t = u (R_i dp + g t^2 / 2) + R_i J_pa c
  //   v_j - v_i         = u (R_i dv + g t) + R_i J_va c
  const int n = static_cast<int>(keyframes.size());
  if (n < 2 || static_cast<int>(between.size()) + 1 != n) return 0;
  const int u = 3 * n;
  const int c = u + 1;
  const Eigen::Matrix3d identity = Eigen::Matrix3d::Identity();
  Eigen::MatrixXd a = Eigen::MatrixXd::Zero(6 * (n - 1) + 3, c + 3);
  Eigen::VectorXd b = Eigen::VectorXd::Zero(6 * (n - 1) + 3);
  for (int k = 0; k + 1 < n; ++k) {
    const ImuPreintegration& p = between[k];
    const double t = p.duration();
    const Eigen::Matrix3d& r = keyframes[k].rotation;
    const int row = 6 * k;
    a.block<3, 3>(row, VelocityColumn(k)) = t * identity;
    a.block<3, 1>(row, u) = r * p.DeltaPosition(bias) + 0.5 * t * t * gravity;
    a.block<3, 3>(row, c) = r * p.position_by_accelerometer();
    b.segment<3>(row) = keyframes[k + 1].position - keyframes[k].position;
    a.block<3, 3>(row + 3, VelocityColumn(k)) = -identity;
    a.block<3, 3>(row + 3, VelocityColumn(k + 1)) = identity;
    a.block<3, 1>(row + 3, u) = -(r * p.DeltaVelocity(bias) + t * gravity);
    a.block<3, 3>(row + 3, c) = -r * p.velocity_by_accelerometer();
  }
  // The bias's change stays small unless the motion says otherwise.
  a.block<3, 3>(6 * (n - 1), c) = kScaleBiasPrior * identity;
  const Eigen::VectorXd x = a.colPivHouseholderQr().solve(b);
  return x(u) > 0 ? 1.0 / x(u) : 0;
}

InertialInitialization InitializeInertial(
    const std::vector<VisualKeyframe>& keyframes,
    const std::vector<ImuPreintegration>& between,
    const InertialInitializerOptions& options) {
  InertialInitialization result;
  if (keyframes.size() < kMinKeyframes ||
      between.size() + 1 != keyframes.size()) {
    return result;
  }
  result.bias = between.front().bias();
  result.bias.gyroscope =
      EstimateGyroscopeBias(keyframes, between, options.gyroscope_iterations);
  result.acceleration_spread =
      AccelerationSpread(keyframes, between, result.bias);
  if (result.acceleration_spread < options.min_acceleration_spread) {
    result.outcome = InertialInitializationOutcome::kTooLittleAcceleration;
    return result;
  }
  const Eigen::VectorXd free = AlignLinearly(keyframes, between, result.bias);
  const int g = 3 * static_cast<int>(keyframes.size());
  result.gravity = free.segment<3>(g);
  result.free_gravity_magnitude = result.gravity.norm();
  if (!(free(g + 3) > 0)) {
    result.outcome = InertialInitializationOutcome::kNoScale;
    return result;
  }
  if (!(std::abs(result.free_gravity_magnitude - options.gravity_magnitude) <=
        options.max_gravity_mismatch * options.gravity_magnitude)) {
    result.outcome = InertialInitializationOutcome::kGravityMismatch;
    return result;
  }
  RefineWithGravityHeld(keyframes, between, options, &result);
  if (!(result.scale > 0)) {
    result.outcome = InertialInitializationOutcome::kNoScale;
    return result;
  }
  MeasureResiduals(keyframes, between, &result);
  result.outcome = result.rotation_residual <= options.max_rotation_residual &&
                           result.relative_position_residual <=
                               options.max_relative_position_residual
                       ? InertialInitializationOutcome::kSolved
                       : InertialInitializationOutcome::kInconsistent;
  return result;
}

}  // namespace vc
