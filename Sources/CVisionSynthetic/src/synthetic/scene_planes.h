// The planes of a synthetic scene as ground truth for plane detection:
// derived from the faces the scene description marks (SceneBox::face_planes),
// so each polygon is exactly the face the renderer draws.
#pragma once

#include <Eigen/Core>
#include <array>
#include <string>
#include <vector>

#include "synthetic/synthetic_scene.h"

namespace vc {
namespace synthetic {

struct AnnotatedPlane {
  // Unique within the scene: "floor", "ceiling", "wall facing +x", or the
  // box's name ("table top", "seat").
  std::string name;
  PlaneClass classification = PlaneClass::kNone;
  // Horizontal (normal along world Y) or vertical.
  bool horizontal = true;
  // Unit normal in world axes, pointing to the side the plane is seen from.
  Eigen::Vector3d normal = Eigen::Vector3d::UnitY();
  Eigen::Vector3d centre = Eigen::Vector3d::Zero();
  // The face's corners in world coordinates, counter-clockwise seen from
  // the side the normal points to.
  std::array<Eigen::Vector3d, 4> polygon;
  // Square metres.
  double area = 0.0;
};

// Every annotated face of every box, in the order of the scene's boxes and
// their faces (-X, +X, -Y, +Y, -Z, +Z).
std::vector<AnnotatedPlane> AnnotatedPlanes(const SyntheticScene& scene);

// Every surface the renderer draws: each face of each box (named by the box
// and the face, "table top -y"), classed where the face is an annotated
// plane and none otherwise, then each rectangle. The ground truth of
// reconstructed meshes: a point's distance to the scene is its distance to
// the nearest of these.
std::vector<AnnotatedPlane> SceneSurfaces(const SyntheticScene& scene);

}  // namespace synthetic
}  // namespace vc
