// Visual-inertial initialisation trial (inertial/inertial_initializer.h):
// keyframes of a smooth motion as a monocular camera would track them (in a
// world of its own axes and a scale of its own), the IMU between them with
// biases and seeded white noise, and what the initialisation recovers
// against the truth.
#include <Eigen/Geometry>
#include <cmath>
#include <random>
#include <vector>

#include "common/angles.h"
#include "inertial/inertial_initializer.h"
#include "smooth_body_motion.h"
#include "vision_core_testing/vision_core_testing.h"

namespace {

using vc::testing::ExactSamples;
using vc::testing::kGravity;
using vc::testing::Sample;
using vc::testing::TrueRotation;
using vc::testing::TrueState;

constexpr double kRate = 200.0;
constexpr double kKeyframeSeconds = 0.1;
constexpr double kStart = 0.3;

struct Trial {
  double seconds = 2;
  double travel = 1;
  double gyroscope_density = 0;
  double accelerometer_density = 0;
  double imu_turned_degrees = 0;
  uint64_t seed = 1;
};

// The visual world: the truth turned about a seeded axis, shrunk by
// visual_scale (metres per visual unit) and moved.
struct VisualWorld {
  Eigen::Matrix3d rotation;
  double metres_per_unit;
  Eigen::Vector3d offset;
};

VisualWorld DrawVisualWorld(std::mt19937_64* random) {
  std::normal_distribution<double> normal(0.0, 1.0);
  const Eigen::Vector3d axis =
      Eigen::Vector3d(normal(*random), normal(*random), normal(*random))
          .normalized();
  VisualWorld world;
  world.rotation = Eigen::AngleAxisd(1.3, axis).toRotationMatrix();
  world.metres_per_unit = 2.5;
  world.offset = Eigen::Vector3d(0.4, -1.2, 3.0);
  return world;
}

std::vector<vc::VisualKeyframe> Keyframes(const Trial& trial,
                                          const VisualWorld& world, int count) {
  std::vector<vc::VisualKeyframe> keyframes;
  for (int k = 0; k < count; ++k) {
    const double t = kStart + k * kKeyframeSeconds;
    const vc::InertialState truth = TrueState(t, trial.travel);
    vc::VisualKeyframe keyframe;
    keyframe.timestamp = t;
    keyframe.rotation = world.rotation * truth.rotation;
    keyframe.position =
        world.rotation * truth.position / world.metres_per_unit + world.offset;
    keyframes.push_back(keyframe);
  }
  return keyframes;
}

std::vector<vc::ImuPreintegration> Preintegrate(const Trial& trial, int count,
                                                const vc::ImuBias& true_bias,
                                                std::mt19937_64* random) {
  vc::ImuNoise noise;
  noise.gyroscope_density = trial.gyroscope_density;
  noise.accelerometer_density = trial.accelerometer_density;
  std::normal_distribution<double> normal(0.0, 1.0);
  const double root_rate = std::sqrt(kRate);
  // The IMU's axes from the body's.
  const Eigen::Matrix3d imu_from_body =
      Eigen::AngleAxisd(vc::Radians(trial.imu_turned_degrees),
                        Eigen::Vector3d::UnitZ())
          .toRotationMatrix()
          .transpose();
  std::vector<vc::ImuPreintegration> between;
  for (int k = 0; k + 1 < count; ++k) {
    const std::vector<Sample> samples = ExactSamples(
        kStart + k * kKeyframeSeconds, kKeyframeSeconds, kRate, trial.travel);
    vc::ImuPreintegration preintegration(vc::ImuBias(), noise);
    for (const Sample& s : samples) {
      Eigen::Vector3d g = imu_from_body * s.gyroscope + true_bias.gyroscope;
      Eigen::Vector3d a =
          imu_from_body * s.accelerometer + true_bias.accelerometer;
      for (int axis = 0; axis < 3; ++axis) {
        g[axis] += noise.gyroscope_density * root_rate * normal(*random);
        a[axis] += noise.accelerometer_density * root_rate * normal(*random);
      }
      preintegration.Integrate(g, a, 1.0 / kRate);
    }
    between.push_back(preintegration);
  }
  return between;
}

void Score(const vc::InertialInitialization& found, const VisualWorld& world,
           const Trial& trial, const vc::ImuBias& true_bias, int count,
           vc_test_inertial_initialization_outcome_t* out) {
  out->gyroscope_bias_error =
      (found.bias.gyroscope - true_bias.gyroscope).norm();
  out->accelerometer_bias_error =
      (found.bias.accelerometer - true_bias.accelerometer).norm();
  const Eigen::Vector3d true_gravity = world.rotation * kGravity;
  out->gravity_error_degrees = vc::Degrees(std::acos(std::clamp(
      found.gravity.normalized().dot(true_gravity.normalized()), -1.0, 1.0)));
  out->scale_error_percent = (found.scale / world.metres_per_unit - 1) * 100;
  double squared = 0;
  for (int k = 0; k < count && k < static_cast<int>(found.velocities.size());
       ++k) {
    const Eigen::Vector3d truth =
        world.rotation *
        TrueState(kStart + k * kKeyframeSeconds, trial.travel).velocity;
    squared += (found.velocities[k] - truth).squaredNorm();
  }
  out->velocity_rms_error = std::sqrt(squared / count);
  out->acceleration_spread = found.acceleration_spread;
  out->rotation_residual_degrees = vc::Degrees(found.rotation_residual);
  out->relative_position_residual = found.relative_position_residual;
}

}  // namespace

extern "C" {

vc_status_t vc_test_inertial_initialization(
    uint64_t seed, double seconds, double travel, double gyroscope_density,
    double accelerometer_density, double imu_turned_degrees,
    vc_test_inertial_initialization_outcome_t* out) {
  if (out == nullptr || !(seconds >= 0.3 && seconds <= 10) ||
      !(travel >= 0 && travel <= 10) || !(gyroscope_density >= 0) ||
      !(accelerometer_density >= 0) || !(std::abs(imu_turned_degrees) <= 180)) {
    return VC_STATUS_INVALID_ARGUMENT;
  }
  *out = vc_test_inertial_initialization_outcome_t{};
  Trial trial;
  trial.seconds = seconds;
  trial.travel = travel;
  trial.gyroscope_density = gyroscope_density;
  trial.accelerometer_density = accelerometer_density;
  trial.imu_turned_degrees = imu_turned_degrees;
  std::mt19937_64 random(seed);
  const VisualWorld world = DrawVisualWorld(&random);
  vc::ImuBias true_bias;
  true_bias.gyroscope = Eigen::Vector3d(0.004, -0.006, 0.003);
  true_bias.accelerometer = Eigen::Vector3d(0.05, -0.08, 0.06);
  const int count =
      static_cast<int>(std::lround(seconds / kKeyframeSeconds)) + 1;
  const std::vector<vc::VisualKeyframe> keyframes =
      Keyframes(trial, world, count);
  const std::vector<vc::ImuPreintegration> between =
      Preintegrate(trial, count, true_bias, &random);
  const vc::InertialInitialization found = vc::InitializeInertial(
      keyframes, between, vc::InertialInitializerOptions());
  out->solved =
      found.outcome == vc::InertialInitializationOutcome::kSolved ? 1 : 0;
  out->outcome = static_cast<int>(found.outcome);
  Score(found, world, trial, true_bias, count, out);
  return VC_STATUS_OK;
}

}  // extern "C"
