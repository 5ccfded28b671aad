// An occupancy-grid fold trial: a merge folds one plane's grid into
// another's by OccupancyGrid::MarkCells, which tests each receiving cell once;
// tests check that it marks exactly what one MarkQuad per folded cell does.
#include <Eigen/Geometry>
#include <array>
#include <cmath>

#include "common/angles.h"
#include "common/seeded_generator.h"
#include "planes/occupancy_grid.h"
#include "vision_core_testing/vision_core_testing.h"

namespace {

constexpr double kCell = 0.025;
constexpr int kPatches = 12;

// Uniform in [low, high).
double Uniform(vc::SeededGenerator* random, double low, double high) {
  return low +
         (high - low) * static_cast<double>(random->Next() >> 11) * 0x1.0p-53;
}

// Seeded rectangles, turned and placed within a metre or two of the origin:
// the kind of footprint a few views leave.
void MarkPatches(vc::SeededGenerator* random, vc::OccupancyGrid* grid) {
  for (int k = 0; k < kPatches; ++k) {
    const Eigen::Vector2d centre(Uniform(random, -1, 1),
                                 Uniform(random, -1, 1));
    const Eigen::Vector2d half(Uniform(random, 0.01, 0.4),
                               Uniform(random, 0.01, 0.4));
    const Eigen::Rotation2Dd turn(Uniform(random, 0, 2 * vc::kPi));
    std::array<Eigen::Vector2d, 4> quad;
    const std::array<Eigen::Vector2d, 4> signs = {
        Eigen::Vector2d(-1, -1), Eigen::Vector2d(1, -1), Eigen::Vector2d(1, 1),
        Eigen::Vector2d(-1, 1)};
    for (int c = 0; c < 4; ++c) {
      quad[c] = centre + turn * signs[c].cwiseProduct(half);
    }
    grid->MarkQuad(quad);
  }
}

}  // namespace

extern "C" {

vc_status_t vc_test_occupancy_fold(uint64_t seed, double tilt_degrees,
                                   double other_cell_m, int* cells,
                                   int* differing) {
  if (cells == nullptr || differing == nullptr || !(other_cell_m > 0)) {
    return VC_STATUS_INVALID_ARGUMENT;
  }
  // Three equal receiving grids, each drawn afresh: copies would share
  // their cells (cv::Mat).
  vc::OccupancyGrid receiving(kCell);
  vc::OccupancyGrid by_cells(kCell);
  vc::OccupancyGrid by_quads(kCell);
  for (vc::OccupancyGrid* grid : {&receiving, &by_cells, &by_quads}) {
    vc::SeededGenerator patches(seed);
    MarkPatches(&patches, grid);
  }
  vc::SeededGenerator random(seed ^ 0x5EED0F01D);
  vc::OccupancyGrid folded(other_cell_m);
  MarkPatches(&random, &folded);
  // The folded plane's (x, z) in the receiving plane's frame: a turn about
  // the normal (y), a lean about x, a shift; the fold keeps x and z.
  const Eigen::Matrix3d turn =
      (Eigen::AngleAxisd(Uniform(&random, 0, 2 * vc::kPi),
                         Eigen::Vector3d::UnitY()) *
       Eigen::AngleAxisd(vc::Radians(tilt_degrees), Eigen::Vector3d::UnitX()))
          .toRotationMatrix();
  Eigen::Matrix2d linear;
  linear << turn(0, 0), turn(0, 2), turn(2, 0), turn(2, 2);
  const Eigen::Vector2d offset(Uniform(&random, -1, 1),
                               Uniform(&random, -1, 1));

  by_cells.MarkCells(folded, linear, offset);
  std::vector<Eigen::Vector2d> centres;
  folded.OccupiedCentres(&centres);
  const double half = 0.5 * other_cell_m;
  for (const Eigen::Vector2d& c : centres) {
    std::array<Eigen::Vector2d, 4> quad;
    const std::array<Eigen::Vector2d, 4> corners = {
        Eigen::Vector2d(-half, -half), Eigen::Vector2d(half, -half),
        Eigen::Vector2d(half, half), Eigen::Vector2d(-half, half)};
    for (int k = 0; k < 4; ++k) quad[k] = linear * (c + corners[k]) + offset;
    by_quads.MarkQuad(quad);
  }
  *cells = by_quads.occupied_count() - receiving.occupied_count();
  if (by_cells.mask().size() != by_quads.mask().size() ||
      by_cells.origin() != by_quads.origin()) {
    *differing = -1;
    return VC_STATUS_OK;
  }
  *differing = cv::countNonZero(by_cells.mask() != by_quads.mask());
  return VC_STATUS_OK;
}

}  // extern "C"
