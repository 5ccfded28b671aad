// Planar segments of a depth map on a grid of square cells, after CAPE
// (Proenca and Gao, "Fast cylinder and plane extraction from depth cameras
// for visual odometry", IROS 2018):
//
//  1. one pass over the depth map sums each cell's point moments, lifting
//     pixels with a per-column and per-row ray table;
//  2. a cell is planar when enough of its pixels are valid, it has no depth
//     jump along its middle row and column, and its fit residual is within
//     the sensor's depth-dependent noise;
//  3. planar cells grow into regions over 4-neighbours (normal angle and
//     point-to-plane distance against the region's plane, refit as the region
//     doubles), adjacent coplanar regions merge by adding moments, and small
//     regions are dropped;
//  4. pixels of the non-planar cells bordering a region that lie on its plane
//     count towards its pixels and area.
//
// No per-pixel normals. Works in OpenCV camera axes. Not thread-safe: the
// scratch buffers are reused from call to call so a steady stream of frames
// does not allocate.
#pragma once

#include <array>
#include <cstdint>
#include <opencv2/core.hpp>
#include <utility>
#include <vector>

#include "common/pinhole_camera.h"
#include "common/plane_options.h"
#include "planes/plane_moments.h"
#include "planes/plane_segment.h"

namespace vc {

class PlaneSegmenter {
 public:
  // depth: CV_16UC1 (units_per_metre > 0; 0 and 65535 mean no depth) or
  // CV_32FC1 metres, camera.width x camera.height, already validated.
  // Returns the segments, largest first; valid until the next call.
  const std::vector<PlaneSegment>& Segment(const cv::Mat& depth,
                                           float units_per_metre,
                                           const PinholeCamera& camera,
                                           const PlaneOptions& options);

  // The centroids of the last call's planar cells, OpenCV camera axes: where
  // this frame's depth saw a surface, each point the mean of hundreds of
  // pixels. Valid until the next call.
  const std::vector<Eigen::Vector3d>& planar_cell_centroids() const {
    return planar_cell_centroids_;
  }

 private:
  struct Cell {
    PlaneMoments moments;
    PlaneFit fit;
    bool planar = false;
    int region = -1;
  };

  void BuildRays(const PinholeCamera& camera);
  // Fills depth_ (metres, 0 where invalid) and the cells' moments.
  void AccumulateCells(const cv::Mat& depth, float units_per_metre,
                       const PlaneOptions& options);
  // One cell's moments from depth_, relative to reference.
  PlaneMoments CellMoments(int row, int column,
                           const Eigen::Vector3d& reference) const;
  // Row v of depth_ from the input.
  void ConvertDepth(const cv::Mat& depth, float units_per_metre,
                    const PlaneOptions& options, int v);
  // A valid depth near the cell's centre, 0 if its middle row and column
  // have none.
  float ReferenceDepth(int row, int column) const;
  void FitCells(const PlaneOptions& options);
  // Whether the cell's middle row or column steps away from the cell's
  // plane by more than the noise at its mean depth z allows.
  bool HasDepthJump(int row, int column, const PlaneFit& fit, double z,
                    const PlaneOptions& options) const;
  void GrowRegions(const PlaneOptions& options);
  void MergeRegions(const PlaneOptions& options);
  // Whether a merged region is one flat surface (see the .cpp).
  bool ConsistentRegion(int region, const PlaneOptions& options) const;
  void BuildSegments(const PinholeCamera& camera, const PlaneOptions& options);
  // Cells outside every segment give their pixels to a neighbouring
  // segment whose plane they lie on.
  void RefineBorders(const PinholeCamera& camera, const PlaneOptions& options);
  struct BorderClaims;
  void FindNeighbourSegments(int row, int column, BorderClaims* claims) const;
  void ClaimBorderPixels(int row, int column, const PlaneOptions& options,
                         double inverse_focal_area, BorderClaims* claims) const;
  void AddBorderClaims(const BorderClaims& claims, double inverse_focal_area);

  int cell_size_ = 0;
  int grid_columns_ = 0;
  int grid_rows_ = 0;
  std::vector<double> ray_x_;  // (u - cx) / fx per column
  std::vector<double> ray_y_;  // (v - cy) / fy per row
  cv::Mat1f depth_;            // metres, 0 = invalid, over the grid's pixels
  std::vector<float> ray_x_float_;
  std::vector<Eigen::Vector3d> reference_;
  std::vector<Cell> cells_;
  std::vector<int> region_cells_;
  std::vector<int> seeds_;
  std::vector<int> queue_;
  // Regions: their moments and fits, a union-find parent for merging.
  std::vector<PlaneMoments> region_moments_;
  std::vector<PlaneFit> region_fits_;
  std::vector<int> region_parent_;
  std::vector<int> region_segment_;  // segment index, -1 when dropped
  std::vector<std::pair<int, int>> pairs_;
  std::vector<PlaneSegment> segments_;
  std::vector<PlaneSegment> sorted_;
  std::vector<int> order_;
  std::vector<Eigen::Vector3d> planar_cell_centroids_;
};

}  // namespace vc
