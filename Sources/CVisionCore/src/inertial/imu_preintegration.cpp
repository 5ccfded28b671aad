#include "inertial/imu_preintegration.h"

#include <cmath>

#include "common/status_error.h"
#include "inertial/rotation_calculus.h"

namespace vc {

ImuPreintegration::ImuPreintegration(const ImuBias& bias, const ImuNoise& noise)
    : bias_(bias), noise_(noise) {
  Require(bias.gyroscope.allFinite() && bias.accelerometer.allFinite(),
          "IMU preintegration: the bias must be finite");
  Require(std::isfinite(noise.gyroscope_density) &&
              std::isfinite(noise.accelerometer_density) &&
              noise.gyroscope_density >= 0 && noise.accelerometer_density >= 0,
          "IMU preintegration: noise densities must be finite and >= 0");
}

void ImuPreintegration::Integrate(const Eigen::Vector3d& gyroscope,
                                  const Eigen::Vector3d& accelerometer,
                                  double dt) {
  Require(std::isfinite(dt) && dt > 0,
          "IMU preintegration: a sample's duration must be finite and > 0");
  Require(gyroscope.allFinite() && accelerometer.allFinite(),
          "IMU preintegration: a sample is not finite");
  const Eigen::Vector3d rate = gyroscope - bias_.gyroscope;
  const Eigen::Vector3d acceleration = accelerometer - bias_.accelerometer;
  const Eigen::Vector3d turn = rate * dt;
  const Eigen::Matrix3d step_rotation = ExpSO3(turn);
  const Eigen::Matrix3d right_jacobian = RightJacobianSO3(turn);
  // The specific force acts at the sample's middle, turned half the
  // sample's rotation from its start: with the rotation integrated from the
  // mean rate, this leaves an error of second order in dt rather than first
  // (at 200 Hz and 0.5 rad/s, 0.2 instead of 6 mm/s per second).
  const Eigen::Matrix3d half_step = ExpSO3(0.5 * turn);
  const Eigen::Matrix3d middle_rotation = delta_rotation_ * half_step;
  // Noise and bias Jacobians first: both use the deltas before this sample.
  PropagateCovariance(step_rotation, right_jacobian, middle_rotation, half_step,
                      acceleration, dt);
  PropagateBiasJacobians(step_rotation, right_jacobian, middle_rotation,
                         half_step, acceleration, dt);
  const Eigen::Vector3d world_acceleration = middle_rotation * acceleration;
  delta_position_ += delta_velocity_ * dt + 0.5 * world_acceleration * dt * dt;
  delta_velocity_ += world_acceleration * dt;
  // Re-orthonormalised so rounding never accumulates into a non-rotation.
  delta_rotation_ = Eigen::Quaterniond(delta_rotation_ * step_rotation)
                        .normalized()
                        .toRotationMatrix();
  duration_ += dt;
}

void ImuPreintegration::PropagateCovariance(
    const Eigen::Matrix3d& step_rotation, const Eigen::Matrix3d& right_jacobian,
    const Eigen::Matrix3d& middle_rotation, const Eigen::Matrix3d& half_step,
    const Eigen::Vector3d& acceleration, double dt) {
  // Forster eq. 63: errors (rotation, velocity, position) propagate by A,
  // the sample's discrete noise enters by B; the specific force is turned
  // by the middle rotation, so a rotation error at the sample's start
  // reaches it through half the step.
  const Eigen::Matrix3d rotated_skew =
      middle_rotation * Skew(acceleration) * half_step.transpose();
  Matrix9d a = Matrix9d::Identity();
  a.block<3, 3>(0, 0) = step_rotation.transpose();
  a.block<3, 3>(3, 0) = -rotated_skew * dt;
  a.block<3, 3>(6, 0) = -0.5 * rotated_skew * dt * dt;
  a.block<3, 3>(6, 3) = Eigen::Matrix3d::Identity() * dt;
  Eigen::Matrix<double, 9, 6> b = Eigen::Matrix<double, 9, 6>::Zero();
  b.block<3, 3>(0, 0) = right_jacobian * dt;
  b.block<3, 3>(3, 3) = middle_rotation * dt;
  b.block<3, 3>(6, 3) = 0.5 * middle_rotation * dt * dt;
  // A density sigma held over dt is white noise of variance sigma^2 / dt.
  Eigen::Matrix<double, 6, 1> variance;
  variance.head<3>().setConstant(noise_.gyroscope_density *
                                 noise_.gyroscope_density / dt);
  variance.tail<3>().setConstant(noise_.accelerometer_density *
                                 noise_.accelerometer_density / dt);
  covariance_ = a * covariance_ * a.transpose() +
                b * variance.asDiagonal() * b.transpose();
}

void ImuPreintegration::PropagateBiasJacobians(
    const Eigen::Matrix3d& step_rotation, const Eigen::Matrix3d& right_jacobian,
    const Eigen::Matrix3d& middle_rotation, const Eigen::Matrix3d& half_step,
    const Eigen::Vector3d& acceleration, double dt) {
  // Forster appendix B, eq. 69, each from the values before this sample,
  // with the specific force turned by the middle rotation (the half step's
  // own dependence on the bias is of higher order in dt).
  const Eigen::Matrix3d rotated_skew =
      middle_rotation * Skew(acceleration) * half_step.transpose();
  position_by_accelerometer_ +=
      velocity_by_accelerometer_ * dt - 0.5 * middle_rotation * dt * dt;
  position_by_gyroscope_ +=
      velocity_by_gyroscope_ * dt -
      0.5 * rotated_skew * rotation_by_gyroscope_ * dt * dt;
  velocity_by_accelerometer_ -= middle_rotation * dt;
  velocity_by_gyroscope_ -= rotated_skew * rotation_by_gyroscope_ * dt;
  rotation_by_gyroscope_ =
      step_rotation.transpose() * rotation_by_gyroscope_ - right_jacobian * dt;
}

Eigen::Matrix3d ImuPreintegration::DeltaRotation(const ImuBias& bias) const {
  const Eigen::Vector3d change = bias.gyroscope - bias_.gyroscope;
  return delta_rotation_ * ExpSO3(rotation_by_gyroscope_ * change);
}

Eigen::Vector3d ImuPreintegration::DeltaVelocity(const ImuBias& bias) const {
  return delta_velocity_ +
         velocity_by_gyroscope_ * (bias.gyroscope - bias_.gyroscope) +
         velocity_by_accelerometer_ *
             (bias.accelerometer - bias_.accelerometer);
}

Eigen::Vector3d ImuPreintegration::DeltaPosition(const ImuBias& bias) const {
  return delta_position_ +
         position_by_gyroscope_ * (bias.gyroscope - bias_.gyroscope) +
         position_by_accelerometer_ *
             (bias.accelerometer - bias_.accelerometer);
}

InertialState ImuPreintegration::Predict(const InertialState& i,
                                         const Eigen::Vector3d& gravity,
                                         const ImuBias& bias) const {
  const double t = duration_;
  InertialState j;
  j.rotation = i.rotation * DeltaRotation(bias);
  j.velocity = i.velocity + gravity * t + i.rotation * DeltaVelocity(bias);
  j.position = i.position + i.velocity * t + 0.5 * gravity * t * t +
               i.rotation * DeltaPosition(bias);
  return j;
}

Vector9d ImuPreintegration::Residual(const InertialState& i,
                                     const InertialState& j,
                                     const Eigen::Vector3d& gravity,
                                     const ImuBias& bias) const {
  const double t = duration_;
  const Eigen::Matrix3d body_from_world = i.rotation.transpose();
  Vector9d residual;
  residual.segment<3>(0) =
      LogSO3(DeltaRotation(bias).transpose() * body_from_world * j.rotation);
  residual.segment<3>(3) =
      body_from_world * (j.velocity - i.velocity - gravity * t) -
      DeltaVelocity(bias);
  residual.segment<3>(6) =
      body_from_world *
          (j.position - i.position - i.velocity * t - 0.5 * gravity * t * t) -
      DeltaPosition(bias);
  return residual;
}

}  // namespace vc
