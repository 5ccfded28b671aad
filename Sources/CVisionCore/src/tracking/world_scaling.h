// A change of the world's scale about a point: new = scale * old + offset.
// Monocular tracking measures the world in a unit of its own; once the IMU
// tells metres (inertial/), every position the tracker keeps is rescaled by
// one of these. Rotations are unchanged.
#pragma once

#include <Eigen/Geometry>

namespace vc {

struct WorldScaling {
  double scale = 1;
  Eigen::Vector3d offset = Eigen::Vector3d::Zero();

  // Scales about centre, which stays where it is.
  static WorldScaling About(const Eigen::Vector3d& centre, double scale) {
    return {scale, centre - scale * centre};
  }

  Eigen::Vector3d Point(const Eigen::Vector3d& world) const {
    return scale * world + offset;
  }
  // A camera_from_world pose in the scaled world: the camera's centre moves
  // as a point, its axes stay.
  Eigen::Isometry3d Pose(const Eigen::Isometry3d& camera_from_world) const {
    Eigen::Isometry3d pose = camera_from_world;
    pose.translation() = scale * camera_from_world.translation() -
                         camera_from_world.linear() * offset;
    return pose;
  }
};

}  // namespace vc
