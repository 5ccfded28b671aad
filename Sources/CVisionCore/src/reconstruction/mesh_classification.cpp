#include "reconstruction/mesh_classification.h"

#include <cmath>

namespace vc {
namespace {

// A face tilted by more than about 35 degrees from the plane is a step, an
// edge or a different surface beside it.
constexpr double kMinNormalAgreement = 0.8;

bool InsidePolygon(const std::vector<Eigen::Vector2d>& polygon, double x,
                   double z) {
  bool inside = false;
  for (size_t i = 0, j = polygon.size() - 1; i < polygon.size(); j = i++) {
    const Eigen::Vector2d& a = polygon[i];
    const Eigen::Vector2d& b = polygon[j];
    if ((a.y() > z) != (b.y() > z) &&
        x < (b.x() - a.x()) * (z - a.y()) / (b.y() - a.y()) + a.x()) {
      inside = !inside;
    }
  }
  return inside;
}

uint8_t ClassOfFace(const Eigen::Vector3d& centre,
                    const Eigen::Vector3d& normal,
                    const std::vector<ClassifiedPlane>& planes,
                    double tolerance) {
  for (const ClassifiedPlane& plane : planes) {
    const Eigen::Vector3d local = plane.world_from_plane.inverse() * centre;
    if (std::abs(local.y()) > tolerance) continue;
    const Eigen::Vector3d up = plane.world_from_plane.linear().col(1);
    if (normal.dot(up) < kMinNormalAgreement) continue;
    if (InsidePolygon(plane.boundary, local.x(), local.z())) {
      return plane.classification;
    }
  }
  return 0;
}

}  // namespace

std::vector<uint8_t> ClassifyFaces(const ChunkMesh& mesh,
                                   const std::vector<ClassifiedPlane>& planes,
                                   double tolerance) {
  std::vector<uint8_t> classes(mesh.faces.size(), 0);
  if (planes.empty()) return classes;
  for (size_t f = 0; f < mesh.faces.size(); ++f) {
    const auto& face = mesh.faces[f];
    const Eigen::Vector3d a = mesh.vertices[face[0]].cast<double>();
    const Eigen::Vector3d b = mesh.vertices[face[1]].cast<double>();
    const Eigen::Vector3d c = mesh.vertices[face[2]].cast<double>();
    // The distance field's gradient at the corners, rather than the
    // triangle's own normal: small triangles on a noisy wall tilt by tens
    // of degrees while the field around them stays square to the wall.
    const Eigen::Vector3d normal =
        (mesh.normals[face[0]] + mesh.normals[face[1]] + mesh.normals[face[2]])
            .cast<double>();
    const double norm = normal.norm();
    if (norm <= 0) continue;
    classes[f] =
        ClassOfFace((a + b + c) / 3.0, normal / norm, planes, tolerance);
  }
  return classes;
}

}  // namespace vc
