#include "planes/occupancy_grid.h"

#include <Eigen/LU>
#include <algorithm>
#include <cmath>
#include <limits>

namespace vc {
namespace {

// A footprint this wide comes from a surface seen nearly edge-on; it would
// smear the grid.
constexpr double kMaxQuadSide = 1.5;
// Grids grow in steps of this many cells so that a growing plane does not
// reallocate every frame.
constexpr int kGrowthMargin = 16;
// No plane in a room is larger; bounds the memory a bad pose can claim.
constexpr int kMaxCellsPerSide = 2000;

double Cross(const Eigen::Vector2d& a, const Eigen::Vector2d& b) {
  return a.x() * b.y() - a.y() * b.x();
}

}  // namespace

void OccupancyGrid::MarkQuad(const std::array<Eigen::Vector2d, 4>& quad) {
  Eigen::Vector2d low = quad[0];
  Eigen::Vector2d high = quad[0];
  for (const Eigen::Vector2d& p : quad) {
    if (!p.allFinite()) return;
    low = low.cwiseMin(p);
    high = high.cwiseMax(p);
  }
  if ((high - low).maxCoeff() > kMaxQuadSide) return;
  const int x_low = static_cast<int>(std::floor(low.x() / cell_));
  const int z_low = static_cast<int>(std::floor(low.y() / cell_));
  const int x_high = static_cast<int>(std::floor(high.x() / cell_));
  const int z_high = static_cast<int>(std::floor(high.y() / cell_));
  Cover(x_low, z_low, x_high, z_high);
  if (cells_.empty()) return;
  // Orientation of the quad, so the edge tests work for either winding.
  const double sign = Cross(quad[1] - quad[0], quad[2] - quad[0]) +
                                  Cross(quad[2] - quad[0], quad[3] - quad[0]) >=
                              0
                          ? 1.0
                          : -1.0;
  // Per row of cells, the centres inside all four edges form one run of
  // columns (the quad is convex): each edge bounds x from one side.
  for (int z = z_low; z <= z_high; ++z) {
    const double cz = (z + 0.5) * cell_;
    double x_min = (x_low + 0.5) * cell_;
    double x_max = (x_high + 0.5) * cell_;
    for (int k = 0; k < 4 && x_min <= x_max; ++k) {
      const Eigen::Vector2d& a = quad[k];
      const Eigen::Vector2d& b = quad[(k + 1) % 4];
      // sign * ((b - a) x (c - a)) >= 0, linear in c.x: slope * cx + rest.
      const double slope = -sign * (b.y() - a.y());
      const double rest =
          sign * ((b.x() - a.x()) * (cz - a.y()) + (b.y() - a.y()) * a.x());
      if (slope > 0) {
        x_min = std::max(x_min, -rest / slope);
      } else if (slope < 0) {
        x_max = std::min(x_max, -rest / slope);
      } else if (rest < 0) {
        x_max = x_min - 1;
      }
    }
    if (x_min > x_max) continue;
    const int first = std::max(
        x_low, static_cast<int>(std::ceil(x_min / cell_ - 0.5 - 1e-9)));
    const int last = std::min(
        x_high, static_cast<int>(std::floor(x_max / cell_ - 0.5 + 1e-9)));
    for (int x = first; x <= last; ++x) Set(x, z);
  }
  // A quad of less than half a cell's area (a sliver along a surface's
  // edge; the cross product of its diagonals is twice its area) marks only
  // the centres it covers: forcing its middle's cell would grow the region
  // by up to half a cell wherever its edge falls.
  if (std::abs(Cross(quad[2] - quad[0], quad[3] - quad[1])) < cell_ * cell_) {
    return;
  }
  const Eigen::Vector2d middle = 0.25 * (quad[0] + quad[1] + quad[2] + quad[3]);
  Set(static_cast<int>(std::floor(middle.x() / cell_)),
      static_cast<int>(std::floor(middle.y() / cell_)));
}

void OccupancyGrid::MarkCells(const OccupancyGrid& other,
                              const Eigen::Matrix2d& linear,
                              const Eigen::Vector2d& offset) {
  if (other.empty()) return;
  const double half = 0.5 * other.cell_;
  const std::array<Eigen::Vector2d, 4> corner_offsets = {
      linear * Eigen::Vector2d(-half, -half),
      linear * Eigen::Vector2d(half, -half),
      linear * Eigen::Vector2d(half, half),
      linear * Eigen::Vector2d(-half, half)};
  const Eigen::Vector2d reach =
      corner_offsets[0].cwiseAbs().cwiseMax(corner_offsets[1].cwiseAbs());
  // Mapped squares under half a cell's area, or seen edge-on, follow
  // MarkQuad's special cases: take its own path.
  const double mapped_area = std::abs(linear.determinant()) * 4 * half * half;
  if (!linear.allFinite() || !offset.allFinite() ||
      mapped_area < 0.5 * cell_ * cell_ ||
      2 * reach.maxCoeff() > kMaxQuadSide) {
    std::vector<Eigen::Vector2d> centres;
    other.OccupiedCentres(&centres);
    for (const Eigen::Vector2d& c : centres) {
      const Eigen::Vector2d middle = linear * c + offset;
      MarkQuad({middle + corner_offsets[0], middle + corner_offsets[1],
                middle + corner_offsets[2], middle + corner_offsets[3]});
    }
    return;
  }
  const CellBox reached = MarkMiddles(other, linear, offset, reach);
  if (cells_.empty()) return;
  MarkCovered(other, linear, offset, reached);
}

OccupancyGrid::CellBox OccupancyGrid::MarkMiddles(
    const OccupancyGrid& other, const Eigen::Matrix2d& linear,
    const Eigen::Vector2d& offset, const Eigen::Vector2d& reach) {
  // In MarkQuad's order: grow over each square's bounds, mark the cell of
  // its middle, and note the cells any square can reach.
  CellBox box;
  for (int r = 0; r < other.cells_.rows; ++r) {
    const uchar* line = other.cells_[r];
    for (int col = 0; col < other.cells_.cols; ++col) {
      if (line[col] == 0) continue;
      const Eigen::Vector2d centre((other.x0_ + col + 0.5) * other.cell_,
                                   (other.z0_ + r + 0.5) * other.cell_);
      const Eigen::Vector2d middle = linear * centre + offset;
      const int low_x =
          static_cast<int>(std::floor((middle.x() - reach.x()) / cell_));
      const int low_z =
          static_cast<int>(std::floor((middle.y() - reach.y()) / cell_));
      const int high_x =
          static_cast<int>(std::floor((middle.x() + reach.x()) / cell_));
      const int high_z =
          static_cast<int>(std::floor((middle.y() + reach.y()) / cell_));
      Cover(low_x, low_z, high_x, high_z);
      Set(static_cast<int>(std::floor(middle.x() / cell_)),
          static_cast<int>(std::floor(middle.y() / cell_)));
      box.x_low = std::min(box.x_low, low_x);
      box.z_low = std::min(box.z_low, low_z);
      box.x_high = std::max(box.x_high, high_x);
      box.z_high = std::max(box.z_high, high_z);
    }
  }
  return box;
}

void OccupancyGrid::MarkCovered(const OccupancyGrid& other,
                                const Eigen::Matrix2d& linear,
                                const Eigen::Vector2d& offset,
                                const CellBox& reached) {
  const int x_low = std::max(reached.x_low, x0_);
  const int z_low = std::max(reached.z_low, z0_);
  const int x_high = std::min(reached.x_high, x0_ + cells_.cols - 1);
  const int z_high = std::min(reached.z_high, z0_ + cells_.rows - 1);
  // A centre on the edge between two squares counts for both, as in
  // MarkQuad: the cell indices are taken a hair either side.
  constexpr double kEdge = 1e-9;
  const Eigen::Matrix2d back = linear.inverse() / other.cell_;
  for (int z = z_low; z <= z_high; ++z) {
    for (int x = x_low; x <= x_high; ++x) {
      const Eigen::Vector2d u =
          back *
          (Eigen::Vector2d((x + 0.5) * cell_, (z + 0.5) * cell_) - offset);
      const int column_low = static_cast<int>(std::floor(u.x() - kEdge));
      const int column_high = static_cast<int>(std::floor(u.x() + kEdge));
      const int row_low = static_cast<int>(std::floor(u.y() - kEdge));
      const int row_high = static_cast<int>(std::floor(u.y() + kEdge));
      if (other.Occupied(column_low, row_low) ||
          other.Occupied(column_high, row_low) ||
          other.Occupied(column_low, row_high) ||
          other.Occupied(column_high, row_high)) {
        Set(x, z);
      }
    }
  }
}

void OccupancyGrid::Cover(int x_low, int z_low, int x_high, int z_high) {
  if (!cells_.empty() && x_low >= x0_ && z_low >= z0_ &&
      x_high < x0_ + cells_.cols && z_high < z0_ + cells_.rows) {
    return;
  }
  int new_x0 = x_low - kGrowthMargin;
  int new_z0 = z_low - kGrowthMargin;
  int new_x1 = x_high + kGrowthMargin;
  int new_z1 = z_high + kGrowthMargin;
  if (!cells_.empty()) {
    new_x0 = std::min(new_x0, x0_);
    new_z0 = std::min(new_z0, z0_);
    new_x1 = std::max(new_x1, x0_ + cells_.cols - 1);
    new_z1 = std::max(new_z1, z0_ + cells_.rows - 1);
  }
  if (new_x1 - new_x0 + 1 > kMaxCellsPerSide ||
      new_z1 - new_z0 + 1 > kMaxCellsPerSide) {
    return;
  }
  cv::Mat1b grown(new_z1 - new_z0 + 1, new_x1 - new_x0 + 1, uchar{0});
  if (!cells_.empty()) {
    cells_.copyTo(
        grown(cv::Rect(x0_ - new_x0, z0_ - new_z0, cells_.cols, cells_.rows)));
  }
  cells_ = grown;
  x0_ = new_x0;
  z0_ = new_z0;
}

void OccupancyGrid::Set(int x, int z) {
  const int column = x - x0_;
  const int row = z - z0_;
  if (column < 0 || row < 0 || column >= cells_.cols || row >= cells_.rows) {
    return;
  }
  uchar& cell = cells_(row, column);
  if (cell == 0) {
    cell = 255;
    ++occupied_;
  }
}

bool OccupancyGrid::Occupied(int x, int z) const {
  const int column = x - x0_;
  const int row = z - z0_;
  return column >= 0 && row >= 0 && column < cells_.cols && row < cells_.rows &&
         cells_(row, column) != 0;
}

bool OccupancyGrid::Near(const Eigen::Vector2d& point, int radius_cells) const {
  if (cells_.empty() || !point.allFinite()) return false;
  const double column_f = point.x() / cell_ - x0_;
  const double row_f = point.y() / cell_ - z0_;
  if (column_f < -radius_cells - 1 || row_f < -radius_cells - 1 ||
      column_f > cells_.cols + radius_cells ||
      row_f > cells_.rows + radius_cells) {
    return false;
  }
  const int column = static_cast<int>(std::floor(column_f));
  const int row = static_cast<int>(std::floor(row_f));
  for (int r = std::max(0, row - radius_cells);
       r <= std::min(cells_.rows - 1, row + radius_cells); ++r) {
    const uchar* line = cells_[r];
    for (int c = std::max(0, column - radius_cells);
         c <= std::min(cells_.cols - 1, column + radius_cells); ++c) {
      if (line[c] != 0) return true;
    }
  }
  return false;
}

void OccupancyGrid::OccupiedCentres(
    std::vector<Eigen::Vector2d>* centres) const {
  centres->clear();
  for (int r = 0; r < cells_.rows; ++r) {
    const uchar* line = cells_[r];
    for (int c = 0; c < cells_.cols; ++c) {
      if (line[c] != 0) {
        centres->emplace_back((x0_ + c + 0.5) * cell_, (z0_ + r + 0.5) * cell_);
      }
    }
  }
}

}  // namespace vc
