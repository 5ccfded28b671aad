// IMU preintegration trial (inertial/imu_preintegration.h) on an exact,
// smooth motion: the prediction against the true state, the first-order
// bias correction against integrating again, the propagated covariance
// against Monte Carlo runs with seeded white noise, and the refusal of bad
// samples.
#include <Eigen/Geometry>
#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

#include "common/status_error.h"
#include "inertial/imu_preintegration.h"
#include "inertial/rotation_calculus.h"
#include "smooth_body_motion.h"
#include "vision_core_testing/vision_core_testing.h"

namespace {

using vc::testing::ExactSamples;
using vc::testing::kGravity;
using vc::testing::Sample;
using vc::testing::TrueState;

vc::ImuPreintegration Integrated(const std::vector<Sample>& samples,
                                 double rate, const vc::ImuBias& bias,
                                 const vc::ImuNoise& noise) {
  vc::ImuPreintegration preintegration(bias, noise);
  for (const Sample& s : samples) {
    preintegration.Integrate(s.gyroscope, s.accelerometer, 1.0 / rate);
  }
  return preintegration;
}

bool Throws(const Eigen::Vector3d& gyroscope, double dt) {
  vc::ImuPreintegration preintegration{vc::ImuBias(), vc::ImuNoise()};
  try {
    preintegration.Integrate(gyroscope, Eigen::Vector3d(0, 9.81, 0), dt);
  } catch (const vc::StatusError&) {
    return true;
  }
  return false;
}

// The relative change of the deltas that bias correction leaves: corrected
// against integrated again with the bias, over uncorrected against the same.
double BiasCorrectionResidue(const std::vector<Sample>& samples, double rate,
                             const vc::ImuBias& offset) {
  std::vector<Sample> biased = samples;
  for (Sample& s : biased) {
    s.gyroscope += offset.gyroscope;
    s.accelerometer += offset.accelerometer;
  }
  const vc::ImuNoise noise;
  const vc::ImuPreintegration at_zero =
      Integrated(biased, rate, vc::ImuBias(), noise);
  const vc::ImuPreintegration again = Integrated(biased, rate, offset, noise);
  const auto difference =
      [](const vc::ImuPreintegration& a, const Eigen::Matrix3d& rotation,
         const Eigen::Vector3d& velocity, const Eigen::Vector3d& position) {
        return vc::LogSO3(a.delta_rotation().transpose() * rotation).norm() +
               (a.delta_velocity() - velocity).norm() +
               (a.delta_position() - position).norm();
      };
  const double corrected =
      difference(again, at_zero.DeltaRotation(offset),
                 at_zero.DeltaVelocity(offset), at_zero.DeltaPosition(offset));
  const double uncorrected =
      difference(again, at_zero.delta_rotation(), at_zero.delta_velocity(),
                 at_zero.delta_position());
  return corrected / uncorrected;
}

// Monte Carlo: the residual's sample covariance over runs with white noise
// of the stated densities, each diagonal entry divided by the propagated
// one; smallest and largest ratio.
void CovarianceRatios(const std::vector<Sample>& samples, double rate,
                      double start, uint64_t seed, int runs, double* smallest,
                      double* largest) {
  vc::ImuNoise noise;
  noise.gyroscope_density = 1e-3;
  noise.accelerometer_density = 1e-2;
  const vc::ImuBias bias;
  const vc::ImuPreintegration exact = Integrated(samples, rate, bias, noise);
  const vc::InertialState i = TrueState(start);
  const vc::InertialState j = exact.Predict(i, kGravity, bias);
  std::mt19937_64 random(seed);
  std::normal_distribution<double> normal(0.0, 1.0);
  const double root_rate = std::sqrt(rate);
  vc::Matrix9d sum = vc::Matrix9d::Zero();
  for (int run = 0; run < runs; ++run) {
    vc::ImuPreintegration noisy(bias, noise);
    for (const Sample& s : samples) {
      Eigen::Vector3d g = s.gyroscope;
      Eigen::Vector3d a = s.accelerometer;
      for (int axis = 0; axis < 3; ++axis) {
        g[axis] += noise.gyroscope_density * root_rate * normal(random);
        a[axis] += noise.accelerometer_density * root_rate * normal(random);
      }
      noisy.Integrate(g, a, 1.0 / rate);
    }
    const vc::Vector9d r = noisy.Residual(i, j, kGravity, bias);
    sum += r * r.transpose();
  }
  const vc::Matrix9d sampled = sum / runs;
  *smallest = 1e300;
  *largest = 0;
  for (int d = 0; d < 9; ++d) {
    const double ratio = sampled(d, d) / exact.covariance()(d, d);
    *smallest = std::min(*smallest, ratio);
    *largest = std::max(*largest, ratio);
  }
}

}  // namespace

extern "C" {

vc_status_t vc_test_imu_preintegration(uint64_t seed, double seconds,
                                       double rate_hz, int monte_carlo_runs,
                                       vc_test_preintegration_outcome_t* out) {
  if (out == nullptr || !(seconds > 0 && seconds <= 10) ||
      !(rate_hz >= 50 && rate_hz <= 2000) || monte_carlo_runs < 0 ||
      monte_carlo_runs > 100000) {
    return VC_STATUS_INVALID_ARGUMENT;
  }
  *out = vc_test_preintegration_outcome_t{};
  const double start = 0.3;
  const std::vector<Sample> samples = ExactSamples(start, seconds, rate_hz);
  const vc::ImuBias no_bias;
  const vc::ImuPreintegration exact =
      Integrated(samples, rate_hz, no_bias, vc::ImuNoise());
  const vc::InertialState truth = TrueState(start + seconds);
  const vc::InertialState predicted =
      exact.Predict(TrueState(start), kGravity, no_bias);
  out->position_error_m = (predicted.position - truth.position).norm();
  out->velocity_error_mps = (predicted.velocity - truth.velocity).norm();
  out->rotation_error_degrees =
      vc::LogSO3(predicted.rotation.transpose() * truth.rotation).norm() *
      180.0 / M_PI;
  out->residual_at_truth =
      exact.Residual(TrueState(start), truth, kGravity, no_bias).norm();

  vc::ImuBias offset;
  offset.gyroscope = Eigen::Vector3d(0.01, -0.02, 0.015);
  offset.accelerometer = Eigen::Vector3d(0.1, 0.05, -0.08);
  out->bias_correction_residue =
      BiasCorrectionResidue(samples, rate_hz, offset);

  if (monte_carlo_runs > 0) {
    CovarianceRatios(samples, rate_hz, start, seed, monte_carlo_runs,
                     &out->covariance_ratio_min, &out->covariance_ratio_max);
  }

  const double nan = std::nan("");
  out->rejects_bad_samples = Throws(Eigen::Vector3d::Zero(), 0.0) &&
                             Throws(Eigen::Vector3d::Zero(), -0.005) &&
                             Throws(Eigen::Vector3d::Zero(), nan) &&
                             Throws(Eigen::Vector3d(nan, 0, 0), 0.005) &&
                             !Throws(Eigen::Vector3d::Zero(), 0.005);
  return VC_STATUS_OK;
}

}  // extern "C"
