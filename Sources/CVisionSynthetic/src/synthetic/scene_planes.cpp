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

}  // namespace

std::vector<AnnotatedPlane> AnnotatedPlanes(const SyntheticScene& scene) {
  std::vector<AnnotatedPlane> planes;
  std::set<std::string> names;
  for (const SceneBox& box : scene.boxes()) {
    for (int face = 0; face < 6; ++face) {
      if (!box.face_planes[face]) continue;
      const int axis = face / 2;
      const bool max_face = face % 2 == 1;
      // A solid box is seen from outside, so its max face looks towards
      // +axis; a shell is seen from inside, so its min face does.
      const bool normal_positive = box.seen_from_inside ? !max_face : max_face;
      AnnotatedPlane plane;
      plane.classification = *box.face_planes[face];
      plane.horizontal = axis == 1;
      plane.normal = Eigen::Vector3d::Zero();
      plane.normal[axis] = normal_positive ? 1.0 : -1.0;

      const std::array<int, 2> tangent = SurfaceAxes(axis);
      const double level = max_face ? box.max[axis] : box.min[axis];
      const double lo0 = box.min[tangent[0]];
      const double hi0 = box.max[tangent[0]];
      const double lo1 = box.min[tangent[1]];
      const double hi1 = box.max[tangent[1]];
      const auto corner = [&](double a, double b) {
        Eigen::Vector3d p;
        p[axis] = level;
        p[tangent[0]] = a;
        p[tangent[1]] = b;
        return p;
      };
      plane.polygon = {corner(lo0, lo1), corner(hi0, lo1), corner(hi0, hi1),
                       corner(lo0, hi1)};
      const Eigen::Vector3d winding =
          (plane.polygon[1] - plane.polygon[0])
              .cross(plane.polygon[2] - plane.polygon[1]);
      if (winding.dot(plane.normal) < 0.0) {
        std::reverse(plane.polygon.begin(), plane.polygon.end());
      }
      plane.centre = corner(0.5 * (lo0 + hi0), 0.5 * (lo1 + hi1));
      plane.area = (hi0 - lo0) * (hi1 - lo1);

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

}  // namespace synthetic
}  // namespace vc
