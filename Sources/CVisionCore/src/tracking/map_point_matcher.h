// Finds local-map points that are in view again but no longer tracked: each
// is projected with the current pose and matched by ORB descriptor against
// the corners near its projection. Re-observing old points instead of
// lifting new ones (whose depth and pose errors would add up) is what keeps
// the map from drifting when the camera sweeps back over a place. Runs on
// keyframes only.
#pragma once

#include <Eigen/Geometry>
#include <cstdint>
#include <opencv2/core.hpp>
#include <vector>

#include "common/pinhole_camera.h"
#include "common/tracking_options.h"
#include "common/two_smallest.h"
#include "tracking/local_map.h"

namespace vc {

class MapPointMatcher {
 public:
  struct Match {
    int point;   // local-map index
    int corner;  // index into the corners passed to Match
  };

  explicit MapPointMatcher(const TrackingOptions& options);

  // corners with descriptor rows corner_rows[i] in descriptors (-1: none).
  // skip[point] set (where skip is long enough) excludes points already
  // tracked. Each corner is matched to at most one point.
  void FindMatches(const PinholeCamera& camera,
                   const Eigen::Isometry3d& camera_from_world,
                   const LocalMap& map, const std::vector<uint8_t>& skip,
                   const std::vector<cv::KeyPoint>& corners,
                   const std::vector<int>& corner_rows,
                   const cv::Mat& descriptors, std::vector<Match>* matches);

 private:
  // Buckets the described corners by cell.
  void BucketCorners(const PinholeCamera& camera,
                     const std::vector<cv::KeyPoint>& corners,
                     const std::vector<int>& corner_rows);
  int CellOf(double x, double y) const;
  // The two described corners within radius_ of uv whose descriptors are
  // nearest p's.
  TwoSmallest NearestCorners(const MapPoint& p, const Eigen::Vector2d& uv,
                             const std::vector<cv::KeyPoint>& corners,
                             const std::vector<int>& corner_rows,
                             const cv::Mat& descriptors) const;

  double radius_;
  int max_distance_;
  // Corners bucketed by cell of side cell_ (radius_, at least a pixel):
  // indices sorted by cell, with cell_start_[c] .. cell_start_[c + 1] the
  // range of cell c.
  double cell_ = 1.0;
  int columns_ = 0;
  int rows_ = 0;
  std::vector<int> cell_start_;
  std::vector<int> bucketed_;
  std::vector<int> cursor_;
  // Per corner: best match distance and its point.
  std::vector<int> best_distance_;
  std::vector<int> best_point_;
};

}  // namespace vc
