// ARKit's plane extent of a boundary: the minimum-area rectangle around it,
// as its centre in the anchor's frame, width along the rectangle's x, height
// along its z, and the rotation about the anchor's +Y that turns the anchor's
// x onto the rectangle's. Of the rectangle's two axes, the one nearer the
// anchor's x is its x, so rotations stay within (-45, 45] degrees and an
// axis-aligned plane reads 0.
#pragma once

#include <Eigen/Core>
#include <vector>

namespace vc {

struct PlaneExtent {
  Eigen::Vector2d center = Eigen::Vector2d::Zero();  // (x, z)
  double width = 0;
  double height = 0;
  double rotation_on_y_axis = 0;  // radians
};

// polygon: (x, z) vertices, at least one.
PlaneExtent ExtentOfPolygon(const std::vector<Eigen::Vector2d>& polygon);

}  // namespace vc
