#include "synthetic/scene_planes.h"

#include <Eigen/Geometry>
#include <algorithm>
#include <set>
#include <string>

namespace vc {
namespace synthetic {
namespace {

std::string PlaneName(const SceneBox& box, PlaneClass classification, int axis,
                      bool normal_positive) {
  switch (classification) {
    case PlaneClass::kFloor:
      return "floor";
    case PlaneClass::kCeiling:
      return "ceiling";
    case PlaneClass::kWall:
      return std::string("wall facing ") + (normal_positive ? "+" : "-") +
             "xyz"[axis];
    default:
      return box.name;
  }
}

// A rectangle with the given normal and extent along SurfaceAxes(axis),
// its corners counter-clockwise seen from the side the normal points to.
AnnotatedPlane Rectangle(int axis, bool normal_positive, double level,
                         const Eigen::Vector2d& low,
                         const Eigen::Vector2d& high) {
  AnnotatedPlane plane;
  plane.horizontal = axis == 1;
  plane.normal = Eigen::Vector3d::Zero();
  plane.normal[axis] = normal_positive ? 1.0 : -1.0;
  const std::array<int, 2> tangent = SurfaceAxes(axis);
  const auto corner = [&](double a, double b) {
    Eigen::Vector3d p;
    p[axis] = level;
    p[tangent[0]] = a;
    p[tangent[1]] = b;
    return p;
  };
  plane.polygon = {corner(low[0], low[1]), corner(high[0], low[1]),
                   corner(high[0], high[1]), corner(low[0], high[1])};
  const Eigen::Vector3d winding =
      (plane.polygon[1] - plane.polygon[0])
          .cross(plane.polygon[2] - plane.polygon[1]);
  if (winding.dot(plane.normal) < 0.0) {
    std::reverse(plane.polygon.begin(), plane.polygon.end());
  }
  plane.centre = corner(0.5 * (low[0] + high[0]), 0.5 * (low[1] + high[1]));
  plane.area = (high[0] - low[0]) * (high[1] - low[1]);
  return plane;
}

// Face (-X, +X, -Y, +Y, -Z, +Z) of a box as the renderer draws it.
AnnotatedPlane BoxFace(const SceneBox& box, int face) {
  const int axis = face / 2;
  const bool max_face = face % 2 == 1;
  // A solid box is seen from outside, so its max face looks towards +axis;
  // a shell is seen from inside, so its min face does.
  const bool normal_positive = box.seen_from_inside ? !max_face : max_face;
  const std::array<int, 2> tangent = SurfaceAxes(axis);
  return Rectangle(axis, normal_positive,
                   max_face ? box.max[axis] : box.min[axis],
                   {box.min[tangent[0]], box.min[tangent[1]]},
                   {box.max[tangent[0]], box.max[tangent[1]]});
}

}  // namespace

std::vector<AnnotatedPlane> AnnotatedPlanes(const SyntheticScene& scene) {
  std::vector<AnnotatedPlane> planes;
  std::set<std::string> names;
  for (const SceneBox& box : scene.boxes()) {
    for (int face = 0; face < 6; ++face) {
      if (!box.face_planes[face]) continue;
      AnnotatedPlane plane = BoxFace(box, face);
      plane.classification = *box.face_planes[face];
      const int axis = face / 2;
      const bool normal_positive = plane.normal[axis] > 0;
      std::string name =
          PlaneName(box, plane.classification, axis, normal_positive);
      for (int suffix = 2; names.count(name) > 0; ++suffix) {
        name = PlaneName(box, plane.classification, axis, normal_positive) +
               " " + std::to_string(suffix);
      }
      names.insert(name);
      plane.name = name;
      planes.push_back(plane);
    }
  }
  return planes;
}

std::vector<AnnotatedPlane> SceneSurfaces(const SyntheticScene& scene) {
  std::vector<AnnotatedPlane> surfaces;
  for (const SceneBox& box : scene.boxes()) {
    for (int face = 0; face < 6; ++face) {
      AnnotatedPlane surface = BoxFace(box, face);
      surface.classification =
          box.face_planes[face].value_or(PlaneClass::kNone);
      surface.name = box.name + " " + "-+"[face % 2] + "xyz"[face / 2];
      surfaces.push_back(surface);
    }
  }
  for (const SceneRectangle& rectangle : scene.rectangles()) {
    AnnotatedPlane surface =
        Rectangle(rectangle.normal_axis, rectangle.normal_positive,
                  rectangle.offset, rectangle.min, rectangle.max);
    surface.name = rectangle.name;
    surfaces.push_back(surface);
  }
  return surfaces;
}

}  // namespace synthetic
}  // namespace vc
