// Renders a SyntheticScene by casting one ray per pixel and shading the
// nearest hit: exact depth, procedural colour, no sampling noise.
#pragma once

#include <Eigen/Core>
#include <Eigen/Geometry>
#include <cstddef>
#include <cstdint>
#include <limits>

#include "synthetic/room_scene.h"

namespace vc {
namespace synthetic {

// Pinhole intrinsics in pixels. Pixel (u, v) is sampled at its integer
// coordinates, v pointing down, as in OpenCV.
struct PinholeCamera {
  double fx = 500.0;
  double fy = 500.0;
  double cx = 319.5;
  double cy = 239.5;
  int width = 640;
  int height = 480;
};

// The nearest surface along a ray.
struct RayHit {
  // Ray parameter: point = origin + t * direction (so t is a distance only
  // when direction is a unit vector).
  double t = 0.0;
  Eigen::Vector3d point = Eigen::Vector3d::Zero();
  // The face's normal, along world axis normal_axis, facing the ray.
  int normal_axis = 0;
  bool normal_positive = true;
  int texture = 0;
};

// Finds the nearest visible face hit at a t in (0, t_max); faces are one-sided
// (seen from the side their normal points to). direction need not be unit.
// Returns false when the ray hits nothing. Tests every primitive: meant for
// single queries (ground truth, annotations), not for images.
bool CastRay(const SyntheticScene& scene, const Eigen::Vector3d& origin,
             const Eigen::Vector3d& direction, RayHit* hit,
             double t_max = std::numeric_limits<double>::infinity());

// Caller-owned output images of PinholeCamera::width x height.
struct RenderTarget {
  // RGB8, rows rgb_stride_bytes apart.
  uint8_t* rgb = nullptr;
  ptrdiff_t rgb_stride_bytes = 0;
  // uint16 depth along the optical axis in host byte order, rows
  // depth_stride_bytes apart; 0 where nothing is hit or the value does not
  // fit.
  uint8_t* depth = nullptr;
  ptrdiff_t depth_stride_bytes = 0;
  double depth_units_per_metre = 1000.0;
};

// Renders the scene seen from world_from_camera, whose camera frame uses
// OpenCV axes (see common/conventions.h). Single-threaded.
void RenderView(const SyntheticScene& scene,
                const Eigen::Isometry3d& world_from_opencv_camera,
                const PinholeCamera& camera, const RenderTarget& target);

}  // namespace synthetic
}  // namespace vc
