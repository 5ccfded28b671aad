// A smooth body motion with its exact IMU, for the inertial trials: a turn
// about all three axes and a curved path (a turn of about 0.5 rad/s and
// 0.7 m/s^2 besides gravity), with +Y up.
#pragma once

#include <Eigen/Geometry>
#include <cmath>
#include <vector>

#include "inertial/imu_preintegration.h"
#include "inertial/rotation_calculus.h"

namespace vc::testing {

inline const Eigen::Vector3d kGravity(0, -9.81, 0);

// The body's world_from_body rotation and position at time t: a turn about
// all three axes and a curved path, both smooth. travel scales the path (0:
// a body that only turns).
inline Eigen::Matrix3d TrueRotation(double t) {
  return vc::ExpSO3(Eigen::Vector3d(0.4 * std::sin(1.3 * t), 0.3 * t,
                                    0.2 * std::cos(0.7 * t)));
}
inline Eigen::Vector3d TruePosition(double t, double travel = 1) {
  return travel * Eigen::Vector3d(0.5 * std::sin(t), 0.2 * t * t,
                                  0.3 * std::cos(1.5 * t));
}
inline Eigen::Vector3d TrueVelocity(double t, double travel = 1) {
  return travel *
         Eigen::Vector3d(0.5 * std::cos(t), 0.4 * t, -0.45 * std::sin(1.5 * t));
}
inline Eigen::Vector3d TrueAcceleration(double t, double travel = 1) {
  return travel *
         Eigen::Vector3d(-0.5 * std::sin(t), 0.4, -0.675 * std::cos(1.5 * t));
}

inline vc::InertialState TrueState(double t, double travel = 1) {
  vc::InertialState state;
  state.rotation = TrueRotation(t);
  state.position = TruePosition(t, travel);
  state.velocity = TrueVelocity(t, travel);
  return state;
}

struct Sample {
  Eigen::Vector3d gyroscope;
  Eigen::Vector3d accelerometer;
};

// Exact samples at the middle of each 1/rate interval from start for
// seconds: angular velocity in the body (central difference of the
// rotation) and specific force.
inline std::vector<Sample> ExactSamples(double start, double seconds,
                                        double rate, double travel = 1) {
  const int count = static_cast<int>(std::lround(seconds * rate));
  const double h = 1e-5;
  std::vector<Sample> samples;
  for (int k = 0; k < count; ++k) {
    const double t = start + (k + 0.5) / rate;
    Sample s;
    s.gyroscope =
        vc::LogSO3(TrueRotation(t - h).transpose() * TrueRotation(t + h)) /
        (2 * h);
    s.accelerometer =
        TrueRotation(t).transpose() * (TrueAcceleration(t, travel) - kGravity);
    samples.push_back(s);
  }
  return samples;
}

}  // namespace vc::testing
