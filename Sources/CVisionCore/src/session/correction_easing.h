// Eases the camera's reported pose into a corrected world.
//
// A loop closure moves the map, the plane anchors and the tracker's pose to
// where the corrected map puts them, all at the start of one frame. Content
// fixed in the world would then move in view by the whole correction at once
// (9 mm on the synthetic 60 s orbit). Instead, the pose the session reports
// keeps an offset in the camera's own axes that makes it continue from the
// pose reported before the correction, and the offset shrinks each frame by
// at most kMaxStepMetres and kMaxStepDegrees, so that what is seen moves by
// less than placement's own limit (PlacementConfiguration.maximumSpeed: 4.2
// mm a tick) on top of the camera's motion. Being in the camera's axes, the
// offset is untouched by a turn of the world's axes and by the camera's
// motion. The tracker, the map and everything placed in the world are in
// the corrected world throughout; only the reported camera pose eases.
#pragma once

#include <Eigen/Geometry>
#include <algorithm>

#include "common/angles.h"

namespace vc {

class CorrectionEasing {
 public:
  // The offset taken per frame, at most: the camera's position moves by 2
  // mm, and its orientation by 0.05 degrees (0.9 mm at 1 m), a correction
  // of 1 cm in about five frames at 30 Hz.
  static constexpr double kMaxStepMetres = 0.002;
  static constexpr double kMaxStepDegrees = 0.05;

  // The tracker's world moved by new_world_from_old under the camera whose
  // tracked pose (before the move) was world_from_camera: the reported pose
  // stays where it was, and eases from there.
  void Absorb(const Eigen::Isometry3d& new_world_from_old,
              const Eigen::Isometry3d& world_from_camera) {
    // reported = tracked * offset before the move; after it the tracked
    // pose is new_world_from_old * tracked, so the offset that keeps the
    // reported pose is tracked^-1 * new_world_from_old^-1 * tracked * offset.
    offset_ = world_from_camera.inverse() * new_world_from_old.inverse() *
              world_from_camera * offset_;
    easing_ = true;
  }

  // The pose to report for the tracked pose world_from_camera, after this
  // frame's step of easing.
  // Without an offset left, the tracked pose itself, bit for bit.
  Eigen::Isometry3d Report(const Eigen::Isometry3d& world_from_camera) {
    if (!easing_) return world_from_camera;
    Step();
    return world_from_camera * offset_;
  }

  // Whether an offset is left to ease.
  bool easing() const { return easing_; }

  // A new world, or a camera found again by relocalization: nothing to ease.
  void Reset() {
    offset_ = Eigen::Isometry3d::Identity();
    easing_ = false;
  }

 private:
  void Step() {
    Eigen::Vector3d translation = offset_.translation();
    const double distance = translation.norm();
    if (distance <= kMaxStepMetres) {
      translation.setZero();
    } else {
      translation *= (distance - kMaxStepMetres) / distance;
    }
    Eigen::AngleAxisd turn(offset_.linear());
    turn.angle() = std::max(0.0, turn.angle() - Radians(kMaxStepDegrees));
    if (turn.angle() == 0.0 && translation.isZero(0.0)) {
      Reset();
      return;
    }
    offset_.linear() = turn.toRotationMatrix();
    offset_.translation() = translation;
  }

  // reported_world_from_camera = tracked_world_from_camera * offset_.
  Eigen::Isometry3d offset_ = Eigen::Isometry3d::Identity();
  bool easing_ = false;
};

}  // namespace vc
