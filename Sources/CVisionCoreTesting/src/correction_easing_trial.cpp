// Correction-easing trial (session/correction_easing.h): after a loop
// closure the reported camera pose must continue from where it was and
// reach the corrected pose in steps no larger than the easing's limits,
// and, with no correction, be the tracked pose bit for bit.
#include <Eigen/Geometry>
#include <algorithm>
#include <random>

#include "common/angles.h"
#include "session/correction_easing.h"
#include "vision_core_testing/vision_core_testing.h"

namespace {

constexpr int kFramesBefore = 10;
constexpr int kFramesAfter = 300;
constexpr double kFrameSeconds = 1.0 / 30.0;

Eigen::Vector3d RandomAxis(std::mt19937_64* random) {
  std::normal_distribution<double> normal(0.0, 1.0);
  Eigen::Vector3d axis(normal(*random), normal(*random), normal(*random));
  return axis.normalized();
}

// A correction as a loop closure makes one: a turn about a point some
// metres from the camera and a shift.
Eigen::Isometry3d Correction(double metres, double degrees,
                             std::mt19937_64* random) {
  const Eigen::Vector3d centre = 2.0 * RandomAxis(random);
  Eigen::Isometry3d correction = Eigen::Isometry3d::Identity();
  correction.translate(centre);
  correction.rotate(
      Eigen::AngleAxisd(vc::Radians(degrees), RandomAxis(random)));
  correction.translate(-centre);
  correction.pretranslate(metres * RandomAxis(random));
  return correction;
}

}  // namespace

extern "C" {

vc_status_t vc_test_correction_easing(uint64_t seed, double correction_m,
                                      double correction_degrees,
                                      int second_after, double* largest_step_m,
                                      double* largest_step_degrees,
                                      int* settled_after, int* identical) {
  if (largest_step_m == nullptr || largest_step_degrees == nullptr ||
      settled_after == nullptr || identical == nullptr || correction_m < 0 ||
      correction_degrees < 0 || second_after < 0 ||
      second_after >= kFramesAfter) {
    return VC_STATUS_INVALID_ARGUMENT;
  }
  std::mt19937_64 random(seed);
  std::normal_distribution<double> jitter(0.0, 0.001);
  const Eigen::Vector3d walk = 0.3 * kFrameSeconds * RandomAxis(&random);
  const Eigen::AngleAxisd turn(vc::Radians(20.0) * kFrameSeconds,
                               RandomAxis(&random));

  vc::CorrectionEasing easing;
  Eigen::Isometry3d tracked = Eigen::Isometry3d::Identity();
  tracked.translate(Eigen::Vector3d(0.3, 1.4, -0.2));
  Eigen::Isometry3d previous_reported = tracked;
  // tracked^-1 * reported of the last frame, in the world as it is now.
  Eigen::Isometry3d previous_offset = Eigen::Isometry3d::Identity();
  *largest_step_m = 0;
  *largest_step_degrees = 0;
  *settled_after = -1;
  *identical = 1;
  int last_correction = kFramesBefore;
  for (int frame = 0; frame < kFramesBefore + kFramesAfter; ++frame) {
    const bool corrects =
        frame == kFramesBefore ||
        (second_after > 0 && frame == kFramesBefore + second_after);
    if (corrects) {
      // Between frames, as the session applies it: the tracked pose of the
      // last frame moves with the world.
      const Eigen::Isometry3d correction =
          Correction(correction_m, correction_degrees, &random);
      easing.Absorb(correction, tracked);
      tracked = correction * tracked;
      previous_offset = tracked.inverse() * previous_reported;
      last_correction = frame;
    }
    // The camera's own motion this frame, in its own axes.
    Eigen::Isometry3d motion = Eigen::Isometry3d::Identity();
    motion.translate(
        walk + Eigen::Vector3d(jitter(random), jitter(random), jitter(random)));
    motion.rotate(turn);
    tracked = tracked * motion;
    const Eigen::Isometry3d reported = easing.Report(tracked);
    if (frame < kFramesBefore && reported.matrix() != tracked.matrix()) {
      *identical = 0;
    }
    // What the reported pose did beyond the camera's motion: the motion is
    // in the tracked camera's axes, so without easing the reported pose
    // would be the tracked one with the last frame's offset.
    const Eigen::Isometry3d expected = tracked * previous_offset;
    const Eigen::Isometry3d beyond = expected.inverse() * reported;
    *largest_step_m = std::max(*largest_step_m, beyond.translation().norm());
    *largest_step_degrees =
        std::max(*largest_step_degrees,
                 vc::Degrees(Eigen::AngleAxisd(beyond.linear()).angle()));
    if (frame >= last_correction) {
      if (easing.easing()) {
        *settled_after = -1;
      } else if (*settled_after < 0) {
        *settled_after = frame - last_correction;
      }
    }
    previous_reported = reported;
    previous_offset = tracked.inverse() * reported;
  }
  return VC_STATUS_OK;
}

}  // extern "C"
