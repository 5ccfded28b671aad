#include "raycast/mesh_raycast.h"

#include <cmath>
#include <limits>

namespace vc {
namespace {

// Whether the ray meets the box within [0, max_distance] (the slab test).
bool MeetsBox(const Ray& ray, const Eigen::AlignedBox3f& box,
              double max_distance) {
  double near = 0;
  double far = max_distance;
  for (int axis = 0; axis < 3; ++axis) {
    const double inverse = 1.0 / ray.direction[axis];
    double t0 = (box.min()[axis] - ray.origin[axis]) * inverse;
    double t1 = (box.max()[axis] - ray.origin[axis]) * inverse;
    if (t0 > t1) std::swap(t0, t1);
    near = std::max(near, t0);
    far = std::min(far, t1);
    if (near > far) return false;
  }
  return true;
}

struct FaceHit {
  double distance = std::numeric_limits<double>::infinity();
  Eigen::Vector3d normal = Eigen::Vector3d::UnitY();
  uint64_t anchor_id = 0;
};

// Moller-Trumbore: the distance along the ray to the triangle and the
// barycentric weights of the hit, or nothing.
std::optional<std::pair<double, Eigen::Vector2d>> MeetTriangle(
    const Ray& ray, const Eigen::Vector3d& a, const Eigen::Vector3d& b,
    const Eigen::Vector3d& c) {
  const Eigen::Vector3d edge1 = b - a;
  const Eigen::Vector3d edge2 = c - a;
  const Eigen::Vector3d p = ray.direction.cross(edge2);
  const double determinant = edge1.dot(p);
  if (std::abs(determinant) < 1e-12) return std::nullopt;
  const double inverse = 1.0 / determinant;
  const Eigen::Vector3d s = ray.origin - a;
  const double u = s.dot(p) * inverse;
  if (u < 0 || u > 1) return std::nullopt;
  const Eigen::Vector3d q = s.cross(edge1);
  const double v = ray.direction.dot(q) * inverse;
  if (v < 0 || u + v > 1) return std::nullopt;
  const double t = edge2.dot(q) * inverse;
  if (t <= 0) return std::nullopt;
  return std::make_pair(t, Eigen::Vector2d(u, v));
}

void NearestFaceOf(const Ray& ray, const MeshAnchorData& anchor,
                   FaceHit* best) {
  const ChunkMesh& mesh = anchor.mesh;
  for (const auto& face : mesh.faces) {
    const auto hit = MeetTriangle(ray, mesh.vertices[face[0]].cast<double>(),
                                  mesh.vertices[face[1]].cast<double>(),
                                  mesh.vertices[face[2]].cast<double>());
    if (!hit || hit->first >= best->distance) continue;
    const double u = hit->second.x();
    const double v = hit->second.y();
    const Eigen::Vector3d normal =
        ((1 - u - v) * mesh.normals[face[0]] + u * mesh.normals[face[1]] +
         v * mesh.normals[face[2]])
            .cast<double>();
    if (normal.norm() <= 0) continue;
    *best = {hit->first, normal.normalized(), anchor.id};
  }
}

}  // namespace

std::optional<vc_raycast_result_t> RaycastMesh(
    const Ray& ray, const std::map<uint64_t, MeshAnchorPointer>& anchors,
    vc_raycast_alignment_t wanted, const RaycastOptions& options) {
  FaceHit best;
  best.distance = options.max_distance;
  for (const auto& [id, anchor] : anchors) {
    if (!MeetsBox(ray, anchor->bounds, best.distance)) continue;
    NearestFaceOf(ray, *anchor, &best);
  }
  if (best.anchor_id == 0) return std::nullopt;
  const vc_raycast_alignment_t alignment =
      AlignmentOfNormal(best.normal, options.alignment_tolerance_degrees);
  if (!AlignmentMatches(wanted, alignment)) return std::nullopt;
  return MakeRaycastResult(ray, best.distance, best.normal,
                           VC_RAYCAST_TARGET_MESH, alignment, best.anchor_id);
}

}  // namespace vc
