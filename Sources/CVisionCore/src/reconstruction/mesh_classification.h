// Classes for mesh faces from the classified planes: a face that lies on a
// plane anchor's surface, inside its boundary and facing the same way takes
// the plane's class (floor, wall, table...); any other face is none, as
// ARKit's ARMeshClassification.none.
#pragma once

#include <Eigen/Geometry>
#include <cstdint>
#include <vector>

#include "reconstruction/surface_nets.h"

namespace vc {

struct ClassifiedPlane {
  // +Y is the plane's normal, towards the side it was seen from.
  Eigen::Isometry3d world_from_plane = Eigen::Isometry3d::Identity();
  // Counter-clockwise (x, z) in the plane's frame.
  std::vector<Eigen::Vector2d> boundary;
  uint8_t classification = 0;  // vc_plane_classification_t
};

// One class per face of mesh; tolerance is how far from a plane (metres)
// a face's centre may lie and still be on it.
std::vector<uint8_t> ClassifyFaces(const ChunkMesh& mesh,
                                   const std::vector<ClassifiedPlane>& planes,
                                   double tolerance);

}  // namespace vc
