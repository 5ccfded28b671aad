// Raycasting's tunables in C++ form. Their defaults, rules and the reasons
// for both are rows of common/option_table.h; the C header documents each
// field for users.
#pragma once

#include "common/option_rules.h"
#include "vision_core/vision_core.h"

namespace vc {

struct RaycastOptions {
  using COptions = vc_raycast_options_t;
  static constexpr char kCPrefix[] = "raycast.";

#define VC_RAYCAST_OPTION VC_OPTION_ROW
#include "common/option_struct_rows.h"
#undef VC_RAYCAST_OPTION

  VC_OPTION_FUNCTIONS(RaycastOptions)
};

}  // namespace vc
