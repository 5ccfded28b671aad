// A refined-trajectory trial: frames recorded relative to their keyframes
// must move exactly as their keyframes do, through bundle adjustment, a turn
// of the world's axes and a loop closure.
#include <Eigen/Geometry>
#include <algorithm>
#include <vector>

#include "common/seeded_generator.h"
#include "tracking/keyframe_relative_trajectory.h"
#include "vision_core_testing/vision_core_testing.h"

namespace {

constexpr int kFramesPerKeyframe = 5;
constexpr int64_t kNanosecondsPerSecond = 1000000000;

// Uniform in [-1, 1).
double Signed(vc::SeededGenerator* random) {
  return 2.0 * static_cast<double>(random->Next() >> 11) * 0x1.0p-53 - 1.0;
}

// A seeded rigid motion: turned by up to radians, moved by up to metres.
Eigen::Isometry3d Motion(vc::SeededGenerator* random, double radians,
                         double metres) {
  const Eigen::Vector3d axis =
      Eigen::Vector3d(Signed(random), Signed(random), Signed(random) + 2.0)
          .normalized();
  Eigen::Isometry3d motion = Eigen::Isometry3d::Identity();
  motion.linear() =
      Eigen::AngleAxisd(radians * Signed(random), axis).toRotationMatrix();
  motion.translation() =
      metres * Eigen::Vector3d(Signed(random), Signed(random), Signed(random));
  return motion;
}

}  // namespace

vc_status_t vc_test_refined_trajectory(uint64_t seed, int keyframe_count,
                                       int* frames, double* position_error_m,
                                       double* rotation_error_rad) {
  if (frames == nullptr || position_error_m == nullptr ||
      rotation_error_rad == nullptr || keyframe_count < 1) {
    return VC_STATUS_INVALID_ARGUMENT;
  }
  vc::SeededGenerator random(seed);
  vc::KeyframeRelativeTrajectory trajectory;
  // camera_from_world of each keyframe and of each frame, as the truth
  // moves them; frame_keyframe[f] is frame f's keyframe.
  std::vector<Eigen::Isometry3d> keyframes;
  std::vector<int64_t> keyframe_times;
  std::vector<Eigen::Isometry3d> truth;
  std::vector<int> frame_keyframe;
  for (int k = 0; k < keyframe_count; ++k) {
    const Eigen::Isometry3d keyframe = Motion(&random, 3.0, 2.0);
    const int64_t time = k * kNanosecondsPerSecond;
    trajectory.Reserve(k);
    trajectory.SetKeyframePose(k, time, keyframe);
    keyframes.push_back(keyframe);
    keyframe_times.push_back(time);
    for (int f = 0; f < kFramesPerKeyframe; ++f) {
      // A frame near its keyframe, as tracking measured it.
      const Eigen::Isometry3d frame = Motion(&random, 0.2, 0.1) * keyframe;
      trajectory.Reserve(k);
      trajectory.AddFrame(time + (f + 1) * kNanosecondsPerSecond / 10, k,
                          frame * keyframe.inverse());
      truth.push_back(frame);
      frame_keyframe.push_back(k);
    }
  }
  // Every frame's truth moves as its keyframe: new = old * old_keyframe^-1 *
  // new_keyframe.
  const auto move_keyframe = [&](int k, const Eigen::Isometry3d& moved) {
    for (size_t f = 0; f < truth.size(); ++f) {
      if (frame_keyframe[f] == k) {
        truth[f] = truth[f] * keyframes[k].inverse() * moved;
      }
    }
    keyframes[k] = moved;
  };
  // Bundle adjustment moves every other keyframe a little.
  for (int k = 0; k < keyframe_count; k += 2) {
    const Eigen::Isometry3d adjusted =
        Motion(&random, 0.05, 0.05) * keyframes[k];
    trajectory.SetKeyframePose(k, keyframe_times[k], adjusted);
    move_keyframe(k, adjusted);
  }
  // The world's axes turn (gravity settled).
  const Eigen::Isometry3d turn = Motion(&random, 0.5, 0.0);
  trajectory.ChangeWorld(turn);
  for (int k = 0; k < keyframe_count; ++k) {
    move_keyframe(k, keyframes[k] * turn.inverse());
  }
  // A loop closure: the later a keyframe, the more it moves.
  const Eigen::Isometry3d lap_correction = Motion(&random, 0.1, 0.2);
  const auto correction_at = [&](int64_t time) {
    const double share = static_cast<double>(time) /
                         static_cast<double>(std::max(1, keyframe_count) *
                                             kNanosecondsPerSecond);
    Eigen::Isometry3d correction = Eigen::Isometry3d::Identity();
    correction.linear() =
        Eigen::Quaterniond::Identity()
            .slerp(share, Eigen::Quaterniond(lap_correction.linear()))
            .toRotationMatrix();
    correction.translation() = share * lap_correction.translation();
    return correction;
  };
  trajectory.CorrectWorld(correction_at);
  for (int k = 0; k < keyframe_count; ++k) {
    move_keyframe(k, keyframes[k] * correction_at(keyframe_times[k]).inverse());
  }

  const std::vector<vc::TrajectoryPose> poses = trajectory.Resolve();
  *frames = static_cast<int>(poses.size());
  *position_error_m = 0;
  *rotation_error_rad = 0;
  if (poses.size() != truth.size()) return VC_STATUS_OK;
  for (size_t f = 0; f < poses.size(); ++f) {
    const Eigen::Isometry3d difference =
        poses[f].camera_from_world * truth[f].inverse();
    *position_error_m =
        std::max(*position_error_m, difference.translation().norm());
    *rotation_error_rad = std::max(
        *rotation_error_rad, Eigen::AngleAxisd(difference.linear()).angle());
  }
  return VC_STATUS_OK;
}
