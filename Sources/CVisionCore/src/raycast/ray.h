// A ray in the world and the frame of a surface hit by one, shared by the
// plane-anchor and the estimated-plane raycasts.
#pragma once

#include <Eigen/Core>
#include <Eigen/Geometry>

#include "vision_core/vision_core.h"

namespace vc {

struct Ray {
  Eigen::Vector3d origin;
  // Unit length.
  Eigen::Vector3d direction;

  Eigen::Vector3d At(double distance) const {
    return origin + distance * direction;
  }
};

// How a surface with this world normal lies: horizontal when the normal is
// within tolerance of up or down, vertical when within tolerance of level,
// otherwise ANY. World +Y is up.
vc_raycast_alignment_t AlignmentOfNormal(const Eigen::Vector3d& normal,
                                         double tolerance_degrees);

// Whether a hit of alignment `found` answers a query for `wanted`.
inline bool AlignmentMatches(vc_raycast_alignment_t wanted,
                             vc_raycast_alignment_t found) {
  return wanted == VC_RAYCAST_ALIGNMENT_ANY || wanted == found;
}

// The result for a hit at `point` on a surface with unit `normal`: +Y the
// normal turned to face the ray's origin, +Z the ray's reverse direction
// projected into the surface (or, when the ray runs along the normal, the
// projection of world -Z, then of world +X), so an object placed there faces
// whoever cast the ray.
vc_raycast_result_t MakeRaycastResult(const Ray& ray, double distance,
                                      const Eigen::Vector3d& normal,
                                      vc_raycast_target_t target,
                                      vc_raycast_alignment_t alignment,
                                      uint64_t anchor_id);

}  // namespace vc
