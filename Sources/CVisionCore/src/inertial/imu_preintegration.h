// IMU preintegration between two keyframes on the manifold (Forster et al.,
// "On-Manifold Preintegration for Real-Time Visual-Inertial Odometry", IEEE
// T-RO 2017): the gyroscope and accelerometer samples between times i and j
// summarised as one relative motion (rotation, velocity and position
// deltas in body i's axes, gravity left out), its covariance, and its
// Jacobians with respect to the biases it was integrated with. A bias
// estimate that changes later (visual-inertial initialisation, bundle
// adjustment) corrects the deltas to first order without integrating the
// samples again.
//
// Units: seconds, radians per second, metres per second squared. The body
// is the IMU's frame; world quantities (gravity, poses, velocities) are in
// any fixed frame the caller chooses.
#pragma once

#include <Eigen/Core>
#include <Eigen/Geometry>

namespace vc {

struct ImuBias {
  Eigen::Vector3d gyroscope = Eigen::Vector3d::Zero();      // rad/s
  Eigen::Vector3d accelerometer = Eigen::Vector3d::Zero();  // m/s^2
};

// Continuous-time white-noise densities, as datasheets and Kalibr state
// them (EuRoC's ADIS16448: 1.6968e-4 rad/s/sqrt(Hz), 2.0e-3 m/s^2/sqrt(Hz)).
struct ImuNoise {
  double gyroscope_density = 1.6968e-4;   // rad/s/sqrt(Hz)
  double accelerometer_density = 2.0e-3;  // m/s^2/sqrt(Hz)
};

// A body's state in the world: world_from_body rotation, position and
// velocity.
struct InertialState {
  Eigen::Matrix3d rotation = Eigen::Matrix3d::Identity();
  Eigen::Vector3d position = Eigen::Vector3d::Zero();
  Eigen::Vector3d velocity = Eigen::Vector3d::Zero();
};

using Matrix9d = Eigen::Matrix<double, 9, 9>;
using Vector9d = Eigen::Matrix<double, 9, 1>;

class ImuPreintegration {
 public:
  // Integrates with the biases as estimated now (held fixed while
  // integrating; see the bias corrections below).
  ImuPreintegration(const ImuBias& bias, const ImuNoise& noise);

  // Adds one sample for an interval of dt seconds: the body's angular
  // velocity and specific force, as measured (biases not yet subtracted),
  // taken as the interval's mean rate and its middle's force. Throws
  // StatusError on a non-positive or non-finite dt or a non-finite sample.
  void Integrate(const Eigen::Vector3d& gyroscope,
                 const Eigen::Vector3d& accelerometer, double dt);

  double duration() const { return duration_; }
  const ImuBias& bias() const { return bias_; }
  // The deltas at the integration bias.
  const Eigen::Matrix3d& delta_rotation() const { return delta_rotation_; }
  const Eigen::Vector3d& delta_velocity() const { return delta_velocity_; }
  const Eigen::Vector3d& delta_position() const { return delta_position_; }
  // Covariance of the deltas' errors, ordered (rotation, velocity,
  // position); rotation as a right perturbation of delta_rotation.
  const Matrix9d& covariance() const { return covariance_; }

  // Jacobians of the deltas with respect to the biases (g: gyroscope, a:
  // accelerometer), at the integration bias.
  const Eigen::Matrix3d& rotation_by_gyroscope() const {
    return rotation_by_gyroscope_;
  }
  const Eigen::Matrix3d& velocity_by_gyroscope() const {
    return velocity_by_gyroscope_;
  }
  const Eigen::Matrix3d& velocity_by_accelerometer() const {
    return velocity_by_accelerometer_;
  }
  const Eigen::Matrix3d& position_by_gyroscope() const {
    return position_by_gyroscope_;
  }
  const Eigen::Matrix3d& position_by_accelerometer() const {
    return position_by_accelerometer_;
  }

  // The deltas corrected to first order for another bias estimate.
  Eigen::Matrix3d DeltaRotation(const ImuBias& bias) const;
  Eigen::Vector3d DeltaVelocity(const ImuBias& bias) const;
  Eigen::Vector3d DeltaPosition(const ImuBias& bias) const;

  // The state at j predicted from the state at i, with gravity (the world's
  // acceleration of free fall, e.g. (0, -9.81, 0) with +Y up) and the bias.
  InertialState Predict(const InertialState& i, const Eigen::Vector3d& gravity,
                        const ImuBias& bias) const;
  // The residual of states i and j against the preintegrated measurement
  // (rotation, velocity, position; eq. 45): zero when they agree.
  Vector9d Residual(const InertialState& i, const InertialState& j,
                    const Eigen::Vector3d& gravity, const ImuBias& bias) const;

 private:
  void PropagateCovariance(const Eigen::Matrix3d& step_rotation,
                           const Eigen::Matrix3d& right_jacobian,
                           const Eigen::Matrix3d& middle_rotation,
                           const Eigen::Matrix3d& half_step,
                           const Eigen::Vector3d& acceleration, double dt);
  void PropagateBiasJacobians(const Eigen::Matrix3d& step_rotation,
                              const Eigen::Matrix3d& right_jacobian,
                              const Eigen::Matrix3d& middle_rotation,
                              const Eigen::Matrix3d& half_step,
                              const Eigen::Vector3d& acceleration, double dt);

  ImuBias bias_;
  ImuNoise noise_;
  double duration_ = 0;
  Eigen::Matrix3d delta_rotation_ = Eigen::Matrix3d::Identity();
  Eigen::Vector3d delta_velocity_ = Eigen::Vector3d::Zero();
  Eigen::Vector3d delta_position_ = Eigen::Vector3d::Zero();
  Matrix9d covariance_ = Matrix9d::Zero();
  // Jacobians of the deltas with respect to the gyroscope (g) and
  // accelerometer (a) biases.
  Eigen::Matrix3d rotation_by_gyroscope_ = Eigen::Matrix3d::Zero();
  Eigen::Matrix3d velocity_by_gyroscope_ = Eigen::Matrix3d::Zero();
  Eigen::Matrix3d velocity_by_accelerometer_ = Eigen::Matrix3d::Zero();
  Eigen::Matrix3d position_by_gyroscope_ = Eigen::Matrix3d::Zero();
  Eigen::Matrix3d position_by_accelerometer_ = Eigen::Matrix3d::Zero();
};

}  // namespace vc
