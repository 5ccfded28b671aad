// The tracker's tunables in C++ form. Their defaults, rules and the reasons
// for both are rows of common/option_table.h; the C header documents each
// field for users.
#pragma once

#include <Eigen/Core>
#include <cstdint>

#include "common/option_rules.h"
#include "vision_core/vision_core.h"

namespace vc {

// The values of vc_world_alignment_t.
enum class WorldAlignment { kGravity = 0, kCamera = 1 };
// The values of vc_tracking_mode_t.
enum class TrackingMode {
  kAutomatic = 0,
  kRgbd = 1,
  kVisualInertial = 2,
  kMonocular = 3
};

struct TrackingOptions {
  using COptions = vc_tracking_options_t;
  static constexpr char kCPrefix[] = "tracking.";

#define VC_TRACKING_OPTION VC_OPTION_ROW
#include "common/option_struct_rows.h"
#undef VC_TRACKING_OPTION

  VC_OPTION_FUNCTIONS(TrackingOptions)
};

}  // namespace vc
