// A keyframe's depth kept as a coarse grid of surface points with normals,
// in world coordinates: what a query's own depth is aligned against. The
// grid stays in the keyframe's pixel layout, so a world point finds its
// surface sample by projecting into the keyframe (projective association)
// instead of searching a 3D structure. Plain data: serialisable as is.
#pragma once

#include <Eigen/Core>
#include <Eigen/Geometry>
#include <opencv2/core.hpp>
#include <vector>

#include "common/pinhole_camera.h"
#include "relocalization/relocalization_options.h"

namespace vc {

struct DepthSurface {
  // The keyframe's camera and pose the grid was sampled from.
  PinholeCamera camera;
  Eigen::Isometry3d camera_from_world = Eigen::Isometry3d::Identity();
  // Cell (column, row) covers pixels [column * step, (column + 1) * step) x
  // [row * step, (row + 1) * step); its sample is at the cell's centre.
  int step = 0;
  int columns = 0;
  int rows = 0;
  // World points and unit world normals (facing the camera), row-major;
  // valid[i] == 0 where the depth gave no trustworthy sample.
  std::vector<Eigen::Vector3f> points;
  std::vector<Eigen::Vector3f> normals;
  std::vector<uint8_t> valid;

  bool empty() const { return columns == 0; }
  // Whether pixel (u, v) of the keyframe's image lies on the grid. Checked
  // before a projection is converted to a cell: converting a float beyond
  // int's range (a point just in front of the camera projects anywhere) is
  // undefined behaviour, and in practice a negative index.
  bool CoversPixel(double u, double v) const {
    return u >= 0 && v >= 0 && u < double(columns * step) &&
           v < double(rows * step);
  }
  int valid_count() const;
};

// Samples depth (CV_16UC1 registered to camera, units_per_metre) at the
// centre of every step x step cell. A sample needs readings around it on
// all four sides (for its normal), no depth edge between them, and a
// surface not seen edge-on.
DepthSurface SampleSurface(const cv::Mat& depth, double units_per_metre,
                           const PinholeCamera& camera,
                           const Eigen::Isometry3d& camera_from_world, int step,
                           const RelocalizationOptions& options);

// The query side: trustworthy depth points (camera frame) every step
// pixels; no normals needed for point-to-plane alignment.
void SampleDepthPoints(const cv::Mat& depth, double units_per_metre,
                       const PinholeCamera& camera, int step,
                       const RelocalizationOptions& options,
                       std::vector<Eigen::Vector3f>* points);

}  // namespace vc
