// Turns what each pixel sees (a SurfaceImage) into what a camera and a
// Kinect-like depth sensor deliver: exposure, colour noise, depth noise that
// grows with distance, holes at grazing angles, sparse dropout and a working
// range. With noise off and a gain of 1 it is an exact quantisation, which is
// what tests with known answers compare against.
//
// Every random choice is a hash of (noise seed, pixel, stream), so the
// result does not depend on evaluation order and one seed gives the same
// bytes every time.
#pragma once

#include <cstddef>
#include <cstdint>

#include "synthetic/scene_raycaster.h"

namespace vc {
namespace synthetic {

// The axial noise model of Nguyen, Izadi and Lovell, "Modeling Kinect Sensor
// Noise for Improved 3D Reconstruction and Tracking" (3DIMPVT 2012):
//   sigma(z, theta) = base + quadratic (z - offset)^2
//                     + angular / sqrt(z) * theta^2 / (pi/2 - theta)^2
// in metres, z the depth and theta the angle between ray and surface normal;
// plus the failures of a structured-light sensor.
struct DepthNoiseModel {
  double base = 0.0012;
  double quadratic = 0.0019;
  double offset = 0.4;
  double angular = 0.0001;
  // Depth outside [min_range, max_range] metres reads as 0 (no depth).
  double min_range = 0.4;
  double max_range = 8.0;
  // Holes at grazing angles: from grazing_start_degrees the chance that a
  // pixel has no depth rises smoothly to 1 at grazing_full_degrees.
  double grazing_start_degrees = 70.0;
  double grazing_full_degrees = 82.0;
  // Chance that any other pixel has no depth (speckle dropout).
  double dropout = 0.003;

  // Throws StatusError(VC_STATUS_INVALID_ARGUMENT) naming the bad field.
  void Check() const;
};

// Additive read noise plus shot noise, in 8-bit levels: a pixel of level L
// gets a standard deviation of sqrt(read_sigma^2 + shot * L).
struct ColorNoiseModel {
  double read_sigma = 1.0;
  double shot = 0.01;

  // Throws StatusError(VC_STATUS_INVALID_ARGUMENT) naming the bad field.
  void Check() const;
};

struct SensorOptions {
  // Multiplies the radiance before quantisation: 1 is the nominal exposure,
  // 0 black.
  double exposure_gain = 1.0;
  // Apply the noise models below; off, the output is exact.
  bool noise = false;
  uint64_t noise_seed = 0;
  DepthNoiseModel depth;
  ColorNoiseModel color;

  // Throws StatusError(VC_STATUS_INVALID_ARGUMENT) naming the bad field.
  void Check() const;
};

// Caller-owned output images of the SurfaceImage's size.
struct RenderTarget {
  // RGB8, rows rgb_stride_bytes apart.
  uint8_t* rgb = nullptr;
  ptrdiff_t rgb_stride_bytes = 0;
  // uint16 depth along the optical axis in host byte order, rows
  // depth_stride_bytes apart; 0 where there is no depth or the value does
  // not fit.
  uint8_t* depth = nullptr;
  ptrdiff_t depth_stride_bytes = 0;
  double depth_units_per_metre = 1000.0;
};

// What the exposed frame holds, for annotations.
struct ExposureStatistics {
  // Fraction of pixels on surfaces with detail to track.
  double detailed_fraction = 0.0;
  // Fraction of pixels with depth (non-zero) in the output.
  double valid_depth_fraction = 0.0;
};

// Writes surfaces into target as the sensor sees them. options must have
// passed Check().
ExposureStatistics Expose(const SurfaceImage& surfaces,
                          const SensorOptions& options,
                          const RenderTarget& target);

}  // namespace synthetic
}  // namespace vc
