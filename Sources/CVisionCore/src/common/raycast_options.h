// Raycasting's tunables in C++ form, with the defaults and the validation
// vc_raycast_options_t is checked against. The C header documents each field;
// the comments here say why the defaults are what they are.
#pragma once

#include "vision_core/vision_core.h"

namespace vc {

struct RaycastOptions {
  // 8 px at 640x480 is about 3 cm at 2 m: small enough to stay on a table
  // top near its edge, large enough to average out depth noise.
  int patch_radius = 8;
  // Every second pixel: 81 points, the noise of a larger sample at a
  // quarter of the cost.
  int patch_step = 2;
  int min_patch_points = 12;
  // 1 cm at 1 m: a Kinect-class sensor's noise is a few millimetres at 1 m,
  // and a patch straddling an edge or a curve is far above it.
  float max_rms_per_metre = 0.01f;
  // The plane detector's tolerance, so that a surface the detector calls
  // horizontal the estimate calls horizontal too.
  float alignment_tolerance_degrees = 10.0f;
  float max_distance = 10.0f;

  static RaycastOptions FromC(const vc_raycast_options_t& options);
  void ToC(vc_raycast_options_t* options) const;

  // Throws StatusError(VC_STATUS_INVALID_ARGUMENT) naming the bad field.
  void Check() const;
};

}  // namespace vc
