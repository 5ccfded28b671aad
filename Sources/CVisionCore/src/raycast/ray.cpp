#include "raycast/ray.h"

#include <cmath>

#include "common/angles.h"

namespace vc {

vc_raycast_alignment_t AlignmentOfNormal(const Eigen::Vector3d& normal,
                                         double tolerance_degrees) {
  const double up = std::abs(normal.normalized().y());
  const double tolerance = Radians(tolerance_degrees);
  if (up >= std::cos(tolerance)) return VC_RAYCAST_ALIGNMENT_HORIZONTAL;
  if (up <= std::sin(tolerance)) return VC_RAYCAST_ALIGNMENT_VERTICAL;
  return VC_RAYCAST_ALIGNMENT_ANY;
}

vc_raycast_result_t MakeRaycastResult(const Ray& ray, double distance,
                                      const Eigen::Vector3d& normal,
                                      vc_raycast_target_t target,
                                      vc_raycast_alignment_t alignment,
                                      uint64_t anchor_id) {
  Eigen::Vector3d y = normal.normalized();
  if (y.dot(ray.direction) > 0) y = -y;
  // The first candidate far enough from the normal to give a stable axis.
  Eigen::Vector3d z = Eigen::Vector3d::Zero();
  for (const Eigen::Vector3d& candidate :
       {Eigen::Vector3d(-ray.direction), Eigen::Vector3d(0, 0, -1),
        Eigen::Vector3d(1, 0, 0)}) {
    const Eigen::Vector3d in_plane = candidate - candidate.dot(y) * y;
    if (in_plane.norm() > 1e-3) {
      z = in_plane.normalized();
      break;
    }
  }
  const Eigen::Vector3d x = y.cross(z);
  const Eigen::Vector3d point = ray.At(distance);
  Eigen::Matrix4f m = Eigen::Matrix4f::Identity();
  m.block<3, 1>(0, 0) = x.cast<float>();
  m.block<3, 1>(0, 1) = y.cast<float>();
  m.block<3, 1>(0, 2) = z.cast<float>();
  m.block<3, 1>(0, 3) = point.cast<float>();
  vc_raycast_result_t result{};
  std::copy(m.data(), m.data() + 16, result.world_transform);
  result.target = target;
  result.alignment = alignment;
  result.anchor_id = anchor_id;
  result.distance = static_cast<float>(distance);
  return result;
}

}  // namespace vc
