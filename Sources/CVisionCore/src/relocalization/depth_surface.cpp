#include "relocalization/depth_surface.h"

#include <cmath>
#include <cstdint>
#include <limits>

namespace vc {
namespace {

// Metres at (x, y) of a CV_16UC1 depth map, 0 for no reading.
inline float ReadDepth(const cv::Mat& depth, int x, int y, float scale) {
  const uint16_t raw = depth.ptr<uint16_t>(y)[x];
  // 65535 is how Kinect v1 datasets mark a missing reading.
  return (raw == 0 || raw == 65535) ? 0.0f : raw * scale;
}

// Metres at (x, y) or 0 when it is missing, out of range, or differs from
// its right and lower neighbours by more than max_step of its depth (the
// smallest check that keeps samples off depth edges, where Kinect depth
// mixes foreground and background).
float StableDepth(const cv::Mat& depth, int x, int y, float scale,
                  const RelocalizationOptions& options) {
  if (x < 0 || y < 0 || x + 1 >= depth.cols || y + 1 >= depth.rows) return 0;
  const float z = ReadDepth(depth, x, y, scale);
  if (z < options.min_depth || z > options.max_depth) return 0;
  const float right = ReadDepth(depth, x + 1, y, scale);
  const float down = ReadDepth(depth, x, y + 1, scale);
  const float limit = options.max_depth_step * z;
  if (std::abs(right - z) > limit || std::abs(down - z) > limit) return 0;
  return z;
}

}  // namespace

int DepthSurface::valid_count() const {
  int count = 0;
  for (uint8_t v : valid) count += v;
  return count;
}

DepthSurface SampleSurface(const cv::Mat& depth, double units_per_metre,
                           const PinholeCamera& camera,
                           const Eigen::Isometry3d& camera_from_world, int step,
                           const RelocalizationOptions& options) {
  DepthSurface surface;
  surface.camera = camera;
  surface.camera_from_world = camera_from_world;
  surface.step = step;
  if (depth.empty()) return surface;
  surface.columns = depth.cols / step;
  surface.rows = depth.rows / step;
  const size_t cells = size_t(surface.columns) * surface.rows;
  surface.points.assign(cells, Eigen::Vector3f::Zero());
  surface.normals.assign(cells, Eigen::Vector3f::Zero());
  surface.valid.assign(cells, 0);
  const float scale = float(1.0 / units_per_metre);
  const Eigen::Isometry3f world_from_camera =
      camera_from_world.inverse().cast<float>();
  // Neighbours half a cell away: far enough that depth quantisation (a few
  // mm at 2 m) does not swamp the tangent, near enough to stay on one
  // surface.
  const int reach = std::max(2, step / 2);
  auto lift = [&](int x, int y, float z) -> Eigen::Vector3f {
    return camera.Unproject(x, y, z).cast<float>();
  };
  for (int row = 0; row < surface.rows; ++row) {
    for (int column = 0; column < surface.columns; ++column) {
      const int x = column * step + step / 2;
      const int y = row * step + step / 2;
      const float z = StableDepth(depth, x, y, scale, options);
      if (z <= 0) continue;
      const float zl = StableDepth(depth, x - reach, y, scale, options);
      const float zr = StableDepth(depth, x + reach, y, scale, options);
      const float zu = StableDepth(depth, x, y - reach, scale, options);
      const float zd = StableDepth(depth, x, y + reach, scale, options);
      if (zl <= 0 || zr <= 0 || zu <= 0 || zd <= 0) continue;
      // A surface is locally planar: both neighbours of a side must lie on
      // a line through the centre (to 4 x max_step of the depth), else the
      // sample sits on a crease or an edge between two surfaces.
      const float bend = 4 * options.max_depth_step * z;
      if (std::abs(zl + zr - 2 * z) > bend ||
          std::abs(zu + zd - 2 * z) > bend) {
        continue;
      }
      const Eigen::Vector3f p = lift(x, y, z);
      const Eigen::Vector3f tangent_x =
          lift(x + reach, y, zr) - lift(x - reach, y, zl);
      const Eigen::Vector3f tangent_y =
          lift(x, y + reach, zd) - lift(x, y - reach, zu);
      Eigen::Vector3f n = tangent_x.cross(tangent_y);
      const float length = n.norm();
      if (!(length > 0)) continue;
      n /= length;
      if (n.dot(p) > 0) n = -n;
      // Seen at under ~11 degrees from edge-on, depth is noisy and the
      // normal unreliable.
      if (-n.dot(p) < 0.2f * p.norm()) continue;
      const size_t cell = size_t(row) * surface.columns + column;
      surface.points[cell] = world_from_camera * p;
      surface.normals[cell] = world_from_camera.linear() * n;
      surface.valid[cell] = 1;
    }
  }
  return surface;
}

void SampleDepthPoints(const cv::Mat& depth, double units_per_metre,
                       const PinholeCamera& camera, int step,
                       const RelocalizationOptions& options,
                       std::vector<Eigen::Vector3f>* points) {
  points->clear();
  if (depth.empty()) return;
  const float scale = float(1.0 / units_per_metre);
  for (int y = step / 2; y < depth.rows; y += step) {
    for (int x = step / 2; x < depth.cols; x += step) {
      const float z = StableDepth(depth, x, y, scale, options);
      if (z <= 0) continue;
      points->push_back(camera.Unproject(x, y, z).cast<float>());
    }
  }
}

}  // namespace vc
