// Plane detection's tunables in C++ form. Their defaults, rules and the
// reasons for both are rows of common/option_table.h; the C header documents
// each field for users.
#pragma once

#include "common/option_rules.h"
#include "vision_core/vision_core.h"

namespace vc {

struct PlaneOptions {
  using COptions = vc_plane_options_t;
  static constexpr char kCPrefix[] = "planes.";

#define VC_PLANE_OPTION VC_OPTION_ROW
#include "common/option_struct_rows.h"
#undef VC_PLANE_OPTION

  bool detect_horizontal() const {
    return (detection & VC_PLANE_DETECTION_HORIZONTAL) != 0;
  }
  bool detect_vertical() const {
    return (detection & VC_PLANE_DETECTION_VERTICAL) != 0;
  }
  bool detects_any() const { return detect_horizontal() || detect_vertical(); }

  VC_OPTION_FUNCTIONS(PlaneOptions)
};

}  // namespace vc
