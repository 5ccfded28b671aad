// Visual-inertial initialisation from the first seconds of motion (as
// VINS-Mono and ORB-SLAM3 do it: Qin et al. 2018, Campos et al. 2021):
// keyframe poses tracked by the camera alone, in a world of its own axes and
// unknown scale, joined with the IMU preintegrated between them, give the
// gyroscope bias (from the rotations), then the gravity direction in that
// world, the metric scale, every keyframe's velocity and the accelerometer
// bias (a linear least-squares problem with gravity's magnitude held). A
// camera that only turns, or moves at constant velocity, gives no scale:
// that is reported, never a made-up scale.
#pragma once

#include <Eigen/Core>
#include <Eigen/Geometry>
#include <vector>

#include "common/angles.h"
#include "inertial/imu_preintegration.h"

namespace vc {

// A keyframe as vision tracked it: the body's world_from_body rotation and
// position in the visual world (any axes, any scale), at timestamp seconds.
struct VisualKeyframe {
  double timestamp = 0;
  Eigen::Matrix3d rotation = Eigen::Matrix3d::Identity();
  Eigen::Vector3d position = Eigen::Vector3d::Zero();
};

enum class InertialInitializationOutcome {
  kSolved,
  // Fewer than kMinKeyframes keyframes, or preintegrations that do not
  // join them.
  kTooFewKeyframes,
  // The body's specific force hardly changed: scale and gravity cannot be
  // told apart from a constant acceleration.
  kTooLittleAcceleration,
  // The least squares gave a scale at or below zero.
  kNoScale,
  // Gravity's magnitude came out far from the expected: the poses and the
  // IMU disagree (wrong extrinsics, timing, or units).
  kGravityMismatch,
  // Solved, but the camera's motion and the IMU's do not tell one story:
  // the gyroscope's rotations or the solved positions miss the keyframes'
  // by more than noise explains (a jumpy visual track, an IMU turned
  // against the camera, clocks apart, or an IMU made up from smoothed
  // poses). The scale would be made up.
  kInconsistent,
};

struct InertialInitialization {
  InertialInitializationOutcome outcome =
      InertialInitializationOutcome::kTooFewKeyframes;
  ImuBias bias;
  // Gravity's acceleration in the visual world (magnitude as expected).
  Eigen::Vector3d gravity = Eigen::Vector3d::Zero();
  // Metres per unit of the visual world.
  double scale = 0;
  // Each keyframe's velocity, metres per second in the visual world's axes.
  std::vector<Eigen::Vector3d> velocities;
  // The spread of the body's specific force over the keyframes, m/s^2 (the
  // excitation judged by kTooLittleAcceleration).
  double acceleration_spread = 0;
  // The magnitude of gravity before it was held, m/s^2.
  double free_gravity_magnitude = 0;
  // Root mean square over the keyframe pairs of what the solution leaves
  // unexplained: the rotation between the gyroscope's and the keyframes'
  // relative rotations (radians), and the position residual over the pairs'
  // displacements (both in metres at the solved scale).
  double rotation_residual = 0;
  double relative_position_residual = 0;
};

struct InertialInitializerOptions {
  double gravity_magnitude = 9.81;
  // Below this spread of specific force (m/s^2) scale is not observable.
  double min_acceleration_spread = 0.25;
  // The free gravity's magnitude may differ from gravity_magnitude by this
  // fraction.
  double max_gravity_mismatch = 0.1;
  // The largest residuals a solution may leave (judged as kInconsistent):
  // on the synthetic walks and fast motion with a phone-grade IMU, 0.026-
  // 0.045 degrees and 0.008-0.060; with an IMU made up from the 7-Scenes
  // kitchen's or ARKitScenes' smoothed poses, 0.22-0.66 degrees and
  // 0.08-0.7, where the scale came out 24-78% wrong.
  double max_rotation_residual = Radians(0.1);
  double max_relative_position_residual = 0.1;
  // How strongly the accelerometer bias is held near the integration's:
  // one m/s^2 of bias weighs as much as this many metres of position
  // residual.
  double accelerometer_bias_prior = 0.0001;
  int gyroscope_iterations = 3;
  int gravity_iterations = 4;
};

// keyframes in time order; between[k] integrates the IMU from keyframe k to
// k + 1 (all with the same bias estimate).
InertialInitialization InitializeInertial(
    const std::vector<VisualKeyframe>& keyframes,
    const std::vector<ImuPreintegration>& between,
    const InertialInitializerOptions& options);

// The metric scale (metres per unit of the visual world) once gravity (in
// the visual world) and the biases are known, estimated so that tracking
// noise does not shrink it: each pair's equations are divided by the scale,
// which puts the keyframes' noisy positions on the right-hand side and the
// IMU's deltas in the scale's column. The accelerometer bias moves with it
// (the initialiser's estimate of it shares the shrinking: the 30 s walks'
// SE(3) ATE went from 3.3 and 5.9 cm to 2.3 and 1.8 cm). (InitializeInertial's
// own scale has the positions in its column, and least squares shrinks a slope
// whose regressor is noisy: 7-10% low on the synthetic walk, where millimetres
// of pose noise over 0.2 s are a third of the motion's acceleration.)
// Returns 0 when it comes out at or below zero.
double ScaleGivenGravity(const std::vector<VisualKeyframe>& keyframes,
                         const std::vector<ImuPreintegration>& between,
                         const Eigen::Vector3d& gravity, const ImuBias& bias);

}  // namespace vc
