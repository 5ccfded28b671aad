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

#define VC_RAYCAST_OPTION VC_OPTION_MEMBER
#include "common/option_table.h"
#undef VC_RAYCAST_OPTION

  template <typename Self, typename Visit>
  static void ForEachOption(Self& self, Visit&& visit){
#define VC_RAYCAST_OPTION VC_OPTION_VISIT
#include "common/option_table.h"
#undef VC_RAYCAST_OPTION
  }

  VC_OPTION_FUNCTIONS(RaycastOptions)
};

}  // namespace vc
