#include "frame/depth_registration.h"

#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

namespace vc {
namespace {

// Kinect v1 recordings (7-Scenes among them) write the largest 16-bit value
// where the sensor saw nothing; no real sensor measures 65.535 m indoors.
constexpr uint16_t kSaturatedDepthUnits = std::numeric_limits<uint16_t>::max();

// Depth in metres of a row's pixel x, or 0 when it holds no measurement.
double DepthMetres(const cv::Mat& depth, int x, const void* row,
                   double metres_per_unit) {
  if (depth.type() == CV_16UC1) {
    const uint16_t units = static_cast<const uint16_t*>(row)[x];
    if (units == 0 || units == kSaturatedDepthUnits) return 0.0;
    return units * metres_per_unit;
  }
  const float metres = static_cast<const float*>(row)[x];
  return std::isfinite(metres) && metres > 0.0f ? metres : 0.0;
}

}  // namespace

void RegisterDepth(const DepthRegistrationInput& input,
                   double out_units_per_metre, cv::Mat& out) {
  const vc_camera_intrinsics_t& dk = input.depth_intrinsics;
  const vc_camera_intrinsics_t& ck = input.color_intrinsics;
  const double metres_per_unit = 1.0 / input.units_per_metre;

  // Rays through the depth pixels, one per column and row, so that the inner
  // loop is a multiply-add per coordinate.
  std::vector<double> ray_x(dk.width);
  std::vector<double> ray_y(dk.height);
  for (int x = 0; x < dk.width; ++x) ray_x[x] = (x - dk.cx) / dk.fx;
  for (int y = 0; y < dk.height; ++y) ray_y[y] = (y - dk.cy) / dk.fy;

  // The transform as plain numbers: the loop below runs once per pixel, and
  // Eigen expressions cost a function call each in unoptimised builds.
  double m[3][4];
  for (int i = 0; i < 3; ++i) {
    for (int j = 0; j < 3; ++j) m[i][j] = input.color_from_depth.linear()(i, j);
    m[i][3] = input.color_from_depth.translation()(i);
  }

  cv::Mat nearest(ck.height, ck.width, CV_64FC1,
                  cv::Scalar(std::numeric_limits<double>::infinity()));
  for (int y = 0; y < dk.height; ++y) {
    const void* depth_row = input.depth.ptr(y);
    for (int x = 0; x < dk.width; ++x) {
      const double z = DepthMetres(input.depth, x, depth_row, metres_per_unit);
      if (z <= 0.0) continue;
      const double px = ray_x[x] * z;
      const double py = ray_y[y] * z;
      const double color_x =
          m[0][0] * px + m[0][1] * py + m[0][2] * z + m[0][3];
      const double color_y =
          m[1][0] * px + m[1][1] * py + m[1][2] * z + m[1][3];
      const double color_z =
          m[2][0] * px + m[2][1] * py + m[2][2] * z + m[2][3];
      if (!(color_z > 0.0)) continue;
      const double u = ck.fx * color_x / color_z + ck.cx;
      const double v = ck.fy * color_y / color_z + ck.cy;
      // Range checks on the doubles first: converting an out-of-range double
      // to int is undefined behaviour.
      if (!(u >= -0.5 && u < ck.width - 0.5 && v >= -0.5 &&
            v < ck.height - 0.5)) {
        continue;
      }
      const int column = static_cast<int>(std::floor(u + 0.5));
      const int row = static_cast<int>(std::floor(v + 0.5));
      double& kept = nearest.ptr<double>(row)[column];
      if (color_z < kept) kept = color_z;
    }
  }

  // One below the saturation marker, so that a far but real depth is never
  // read back as "no depth".
  const double max_units = kSaturatedDepthUnits - 1.0;
  for (int row = 0; row < ck.height; ++row) {
    uint16_t* out_row = out.ptr<uint16_t>(row);
    const double* kept_row = nearest.ptr<double>(row);
    for (int column = 0; column < ck.width; ++column) {
      const double units = std::round(kept_row[column] * out_units_per_metre);
      out_row[column] = units >= 1.0 && units <= max_units
                            ? static_cast<uint16_t>(units)
                            : uint16_t{0};
    }
  }
}

}  // namespace vc
