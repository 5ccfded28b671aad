// The outline of a plane's seen region as ARKit's boundary polygon: the outer
// contour of the occupancy grid, simplified to at most max_vertices vertices,
// pushed out by half a cell so it runs along the cells' edges rather than
// their centres, counter-clockwise seen from the anchor's +Y.
#pragma once

#include <Eigen/Core>
#include <vector>

#include "planes/occupancy_grid.h"

namespace vc {

// Vertices as (x, z) in the anchor's frame; empty for an empty grid. Seen
// from +Y (x right, z towards the viewer's bottom), counter-clockwise means
// a negative shoelace sum over (x, z).
std::vector<Eigen::Vector2d> BoundaryPolygon(const OccupancyGrid& grid,
                                             int max_vertices);

// Shoelace sum over (x, z) pairs, halved: negative for the boundary's
// winding.
double SignedArea(const std::vector<Eigen::Vector2d>& polygon);

}  // namespace vc
