// Plane detection's tunables in C++ form, with the defaults and the validation
// that vc_plane_options_t is checked against. The C header documents each
// field for users; the comments here say why the defaults are what they are.
#pragma once

#include "vision_core/vision_core.h"

namespace vc {

struct PlaneOptions {
  // Off by default, as ARKit's planeDetection: detection costs time.
  bool detect_horizontal = false;
  bool detect_vertical = false;
  // 20 px cells at 640x480 give a 32 x 24 grid (CAPE's choice): enough
  // points per cell for a stable fit, small enough for table tops.
  int cell_size = 20;
  float min_depth = 0.2f;
  float max_depth = 6.0f;
  // Kinect-class sensors: about 1.4 mm at 1 m, growing with z^2.
  float depth_noise = 0.0014f;
  float alignment_tolerance_degrees = 10.0f;
  float min_anchor_area = 0.05f;

  bool detects_any() const { return detect_horizontal || detect_vertical; }

  static PlaneOptions FromC(const vc_plane_options_t& options);
  void ToC(vc_plane_options_t* options) const;

  // Throws StatusError(VC_STATUS_INVALID_ARGUMENT) naming the bad field.
  void Check() const;
};

}  // namespace vc
