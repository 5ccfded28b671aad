#include "raycast/plane_anchor_raycast.h"

#include <cmath>

#include "common/conventions.h"

namespace vc {
namespace {

// Rays closer than this to parallel with a plane miss it: the hit would be
// far away and numerically meaningless.
constexpr double kMinCosine = 1e-6;

vc_raycast_alignment_t ToRaycastAlignment(vc_plane_alignment_t alignment) {
  return alignment == VC_PLANE_ALIGNMENT_VERTICAL
             ? VC_RAYCAST_ALIGNMENT_VERTICAL
             : VC_RAYCAST_ALIGNMENT_HORIZONTAL;
}

}  // namespace

bool PolygonContains(const float* xz_pairs, int count, double x, double z) {
  bool inside = false;
  for (int i = 0, j = count - 1; i < count; j = i++) {
    const double xi = xz_pairs[2 * i], zi = xz_pairs[2 * i + 1];
    const double xj = xz_pairs[2 * j], zj = xz_pairs[2 * j + 1];
    if ((zi > z) != (zj > z) && x < (xj - xi) * (z - zi) / (zj - zi) + xi) {
      inside = !inside;
    }
  }
  return inside;
}

void RaycastPlaneAnchors(const Ray& ray,
                         const std::vector<vc_plane_anchor_t>& anchors,
                         vc_raycast_alignment_t alignment, bool inside_boundary,
                         const RaycastOptions& options,
                         std::vector<vc_raycast_result_t>* results) {
  for (const vc_plane_anchor_t& anchor : anchors) {
    const vc_raycast_alignment_t found = ToRaycastAlignment(anchor.alignment);
    if (!AlignmentMatches(alignment, found)) continue;
    const Eigen::Isometry3d world_from_anchor =
        IsometryFromColumnMajor(anchor.world_from_anchor);
    const Eigen::Vector3d normal = world_from_anchor.linear().col(1);
    const double cosine = normal.dot(ray.direction);
    if (std::abs(cosine) < kMinCosine) continue;
    const double distance =
        normal.dot(world_from_anchor.translation() - ray.origin) / cosine;
    if (!(distance > 0) || distance > options.max_distance) continue;
    if (inside_boundary) {
      const Eigen::Vector3d local =
          world_from_anchor.inverse() * ray.At(distance);
      const int count = std::min(anchor.boundary_vertex_count,
                                 VC_PLANE_BOUNDARY_MAX_VERTICES);
      if (count < 3 ||
          !PolygonContains(anchor.boundary, count, local.x(), local.z())) {
        continue;
      }
    }
    results->push_back(MakeRaycastResult(
        ray, distance, normal,
        inside_boundary ? VC_RAYCAST_TARGET_EXISTING_PLANE_GEOMETRY
                        : VC_RAYCAST_TARGET_EXISTING_PLANE_INFINITE,
        found, anchor.id));
  }
}

}  // namespace vc
