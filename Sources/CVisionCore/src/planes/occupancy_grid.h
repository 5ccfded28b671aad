// Which parts of a plane have been seen: square cells in the plane's own 2D
// frame (the anchor's x and z, metres), grown as needed. The anchor's extent
// and boundary are read off it, and two anchors touch when their grids do.
#pragma once

#include <Eigen/Core>
#include <array>
#include <limits>
#include <opencv2/core.hpp>
#include <vector>

namespace vc {

class OccupancyGrid {
 public:
  explicit OccupancyGrid(double cell_metres = 0.05) : cell_(cell_metres) {}

  double cell_metres() const { return cell_; }
  int occupied_count() const { return occupied_; }
  double area() const { return occupied_ * cell_ * cell_; }
  bool empty() const { return occupied_ == 0; }

  // Marks the cells whose centres lie inside the convex quadrilateral (either
  // winding), and, when it covers at least half a cell's area, the cell of
  // its centre too. Quads wider than 1.5 m are ignored: they come from surfaces
  // seen nearly edge-on.
  void MarkQuad(const std::array<Eigen::Vector2d, 4>& quad);

  // Marks what MarkQuad marks for each of other's occupied cells, its square
  // mapped into this grid by p -> linear * p + offset (another plane's grid
  // folded into this one). Each cell of this grid near the result is tested
  // once, by mapping its centre back into other, instead of rasterising
  // every square: a merge's cost no longer grows with a square's edges.
  void MarkCells(const OccupancyGrid& other, const Eigen::Matrix2d& linear,
                 const Eigen::Vector2d& offset);

  // Whether an occupied cell lies within radius_cells cells of point.
  bool Near(const Eigen::Vector2d& point, int radius_cells) const;

  // Centres of the occupied cells, in row-major order.
  void OccupiedCentres(std::vector<Eigen::Vector2d>* centres) const;

  // The occupied cells as an 8-bit mask (255 = seen) and the position of
  // its cell (0, 0)'s lower corner.
  const cv::Mat1b& mask() const { return cells_; }
  Eigen::Vector2d origin() const { return {x0_ * cell_, z0_ * cell_}; }

 private:
  // A box of cell indices, empty until grown.
  struct CellBox {
    int x_low = std::numeric_limits<int>::max();
    int z_low = std::numeric_limits<int>::max();
    int x_high = std::numeric_limits<int>::min();
    int z_high = std::numeric_limits<int>::min();
  };
  // MarkCells()'s path for squares of a cell or more: marks the cell of
  // each mapped square's middle and returns the cells any square can reach.
  CellBox MarkMiddles(const OccupancyGrid& other, const Eigen::Matrix2d& linear,
                      const Eigen::Vector2d& offset,
                      const Eigen::Vector2d& reach);
  // Marks each cell of reached whose centre a mapped square covers.
  void MarkCovered(const OccupancyGrid& other, const Eigen::Matrix2d& linear,
                   const Eigen::Vector2d& offset, const CellBox& reached);
  // Makes the grid cover cell indices [x_low, x_high] x [z_low, z_high].
  void Cover(int x_low, int z_low, int x_high, int z_high);
  void Set(int x, int z);
  bool Occupied(int x, int z) const;

  double cell_;
  int x0_ = 0;  // cell index of column 0
  int z0_ = 0;  // cell index of row 0
  cv::Mat1b cells_;
  int occupied_ = 0;
};

}  // namespace vc
