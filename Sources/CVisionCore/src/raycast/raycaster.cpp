#include "raycast/raycaster.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "common/status_error.h"
#include "raycast/estimated_plane.h"
#include "raycast/feature_point_plane.h"
#include "raycast/mesh_raycast.h"
#include "raycast/plane_anchor_raycast.h"
#include "raycast/ray.h"

namespace vc {

void CheckRaycastQuery(const vc_raycast_query_t& query) {
  for (int k = 0; k < 3; ++k) {
    Require(std::isfinite(query.origin[k]),
            "raycast query: origin[" + std::to_string(k) + "] is not finite");
    Require(
        std::isfinite(query.direction[k]),
        "raycast query: direction[" + std::to_string(k) + "] is not finite");
  }
  const Eigen::Vector3d direction(query.direction[0], query.direction[1],
                                  query.direction[2]);
  Require(direction.norm() > 1e-6,
          "raycast query: direction has (near) zero length");
  Require(query.target == VC_RAYCAST_TARGET_EXISTING_PLANE_GEOMETRY ||
              query.target == VC_RAYCAST_TARGET_EXISTING_PLANE_INFINITE ||
              query.target == VC_RAYCAST_TARGET_ESTIMATED_PLANE ||
              query.target == VC_RAYCAST_TARGET_MESH,
          "raycast query: unknown target " +
              std::to_string(static_cast<int>(query.target)));
  Require(query.alignment == VC_RAYCAST_ALIGNMENT_ANY ||
              query.alignment == VC_RAYCAST_ALIGNMENT_HORIZONTAL ||
              query.alignment == VC_RAYCAST_ALIGNMENT_VERTICAL,
          "raycast query: unknown alignment " +
              std::to_string(static_cast<int>(query.alignment)));
}

namespace {

// An estimated plane: the mesh's surface where the session has a mesh that
// the ray meets (as ARKit's estimated planes use its scene mesh: fused over
// many frames, it is steadier than one frame's depth and reaches what the
// last frame did not see), else a plane fitted to the last frame's depth,
// else, without depth, to the map points along the ray.
std::optional<vc_raycast_result_t> EstimateSurface(
    const Ray& ray, vc_raycast_alignment_t alignment,
    const RaycastOptions& options, const DepthSnapshot& snapshot,
    const std::vector<Eigen::Vector3d>& feature_points,
    const std::map<uint64_t, MeshAnchorPointer>& mesh_anchors) {
  std::optional<vc_raycast_result_t> hit =
      RaycastMesh(ray, mesh_anchors, alignment, options);
  if (hit) {
    hit->target = VC_RAYCAST_TARGET_ESTIMATED_PLANE;
    hit->anchor_id = 0;  // an estimate belongs to no anchor
    return hit;
  }
  return snapshot.empty()
             ? RaycastFeaturePoints(ray, feature_points, alignment, options)
             : RaycastEstimatedPlane(ray, snapshot, alignment, options);
}

}  // namespace

std::vector<vc_raycast_result_t> Raycast(
    const vc_raycast_query_t& query, const RaycastOptions& options,
    const std::vector<vc_plane_anchor_t>& anchors,
    const DepthSnapshot& snapshot,
    const std::vector<Eigen::Vector3d>& feature_points,
    const std::map<uint64_t, MeshAnchorPointer>& mesh_anchors) {
  const Eigen::Vector3d direction(query.direction[0], query.direction[1],
                                  query.direction[2]);
  const Ray ray{
      Eigen::Vector3d(query.origin[0], query.origin[1], query.origin[2]),
      direction.normalized()};
  std::vector<vc_raycast_result_t> results;
  switch (query.target) {
    case VC_RAYCAST_TARGET_EXISTING_PLANE_GEOMETRY:
    case VC_RAYCAST_TARGET_EXISTING_PLANE_INFINITE:
      RaycastPlaneAnchors(
          ray, anchors, query.alignment,
          query.target == VC_RAYCAST_TARGET_EXISTING_PLANE_GEOMETRY, options,
          &results);
      break;
    case VC_RAYCAST_TARGET_ESTIMATED_PLANE: {
      const std::optional<vc_raycast_result_t> hit =
          EstimateSurface(ray, query.alignment, options, snapshot,
                          feature_points, mesh_anchors);
      if (hit) results.push_back(*hit);
      break;
    }
    case VC_RAYCAST_TARGET_MESH: {
      const std::optional<vc_raycast_result_t> hit =
          RaycastMesh(ray, mesh_anchors, query.alignment, options);
      if (hit) results.push_back(*hit);
      break;
    }
  }
  std::sort(results.begin(), results.end(),
            [](const vc_raycast_result_t& a, const vc_raycast_result_t& b) {
              if (a.distance != b.distance) return a.distance < b.distance;
              return a.anchor_id < b.anchor_id;
            });
  return results;
}

}  // namespace vc
