// Image recognition and tracking's tunables in C++ form. Their defaults,
// rules and the reasons for both are rows of common/option_table.h; the C
// header documents each field for users.
#pragma once

#include "common/option_rules.h"
#include "vision_core/vision_core.h"

namespace vc {

struct ImageOptions {
  using COptions = vc_image_options_t;
  static constexpr char kCPrefix[] = "images.";

#define VC_IMAGE_OPTION VC_OPTION_ROW
#include "common/option_struct_rows.h"
#undef VC_IMAGE_OPTION

  VC_OPTION_FUNCTIONS(ImageOptions)
};

}  // namespace vc
