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

// Depth in metres of pixel x of a row, or 0 when it holds no measurement.
inline double DepthMetres(const uint16_t* row, int x, double metres_per_unit) {
  const uint16_t units = row[x];
  if (units == 0 || units == kSaturatedDepthUnits) return 0.0;
  return units * metres_per_unit;
}

inline double DepthMetres(const float* row, int x, double /*metres_per_unit*/) {
  const float metres = row[x];
  return std::isfinite(metres) && metres > 0.0f ? metres : 0.0;
}

// The z-buffer is the output image itself, holding depths already rounded
// to output units and clamped to kTooFar; rounding is monotonic, so the
// smallest rounded depth is the rounded smallest depth, and what is written
// is exactly what keeping the depths in metres and rounding at the end would
// give. A colour pixel nothing landed on holds kTooFar too: both end as 0.
constexpr uint16_t kTooFar = kSaturatedDepthUnits;

// std::round (halves away from zero) for 0 <= units, clamped to kTooFar; the
// fraction is exact (Sterbenz), so this rounds as std::round does without a
// library call per pixel.
inline uint16_t RoundedUnits(double units) {
  if (!(units < static_cast<double>(kTooFar))) return kTooFar;
  const uint32_t whole = static_cast<uint32_t>(units);
  return static_cast<uint16_t>(whole + (units - whole >= 0.5 ? 1u : 0u));
}

template <typename Depth>
void ProjectInto(const DepthRegistrationInput& input,
                 double out_units_per_metre, cv::Mat& nearest) {
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

  for (int y = 0; y < dk.height; ++y) {
    const Depth* depth_row = input.depth.ptr<Depth>(y);
    for (int x = 0; x < dk.width; ++x) {
      const double z = DepthMetres(depth_row, x, metres_per_unit);
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
      // to int is undefined behaviour. Within range u + 0.5 and v + 0.5 are
      // not negative, so truncation is the floor.
      if (!(u >= -0.5 && u < ck.width - 0.5 && v >= -0.5 &&
            v < ck.height - 0.5)) {
        continue;
      }
      const int column = static_cast<int>(u + 0.5);
      const int row = static_cast<int>(v + 0.5);
      uint16_t& kept = nearest.ptr<uint16_t>(row)[column];
      const uint16_t units = RoundedUnits(color_z * out_units_per_metre);
      if (units < kept) kept = units;
    }
  }
}

}  // namespace

void RegisterDepth(const DepthRegistrationInput& input,
                   double out_units_per_metre, cv::Mat& out) {
  const vc_camera_intrinsics_t& ck = input.color_intrinsics;
  out.setTo(cv::Scalar(kTooFar));
  if (input.depth.type() == CV_16UC1) {
    ProjectInto<uint16_t>(input, out_units_per_metre, out);
  } else {
    ProjectInto<float>(input, out_units_per_metre, out);
  }
  // Rounded to 0 (too near), too far, or nothing there: no depth. One below
  // the saturation marker stays, so a far but real depth is never read back
  // as "no depth".
  for (int row = 0; row < ck.height; ++row) {
    uint16_t* out_row = out.ptr<uint16_t>(row);
    for (int column = 0; column < ck.width; ++column) {
      if (out_row[column] == kTooFar) out_row[column] = 0;
    }
  }
}

}  // namespace vc
