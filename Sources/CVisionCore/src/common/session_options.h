// The session's tunables in C++ form, with the defaults and the validation that
// the C struct vc_session_options_t is checked against.
#pragma once

#include "common/image_options.h"
#include "common/plane_options.h"
#include "common/session_relocalization_options.h"
#include "common/tracking_options.h"
#include "vision_core/vision_core.h"

namespace vc {

struct SessionOptions {
  // Compute the ambient light estimate; off reports neutral 1000 lm / 6500 K.
  bool light_estimation_enabled = true;
  // Image statistics read every Nth pixel in x and y: 2 keeps the estimates
  // within a fraction of a percent of the full scan at a quarter of the cost.
  int statistics_sample_step = 2;
  // More IMU samples than this with one frame means a broken feed (200 Hz for
  // 5 s would already be 1000).
  int max_imu_samples_per_frame = 4096;
  TrackingOptions tracking;
  PlaneOptions planes;
  ImageOptions images;
  SessionRelocalizationOptions relocalization;
  // Recognition beside tracking: on two cores the main path is spared its
  // 5-7 ms on the frames it looks at, and the result does not depend on it.
  int worker_threads = 2;

  static SessionOptions FromC(const vc_session_options_t& options);
  void ToC(vc_session_options_t* options) const;

  // Throws StatusError(VC_STATUS_INVALID_ARGUMENT) naming the bad field.
  void Check() const;
};

}  // namespace vc
