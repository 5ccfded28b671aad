// Relocalization's tunables, with their defaults, as the rows of
// relocalization/relocalization_option_rows.h make them.
#pragma once

#include <cstdint>

namespace vc {

struct RelocalizationOptions {
#define VC_RELOCALIZATION_TUNING(type, name, value, rule) type name = value;
#include "relocalization/relocalization_option_rows.h"
#undef VC_RELOCALIZATION_TUNING

  // Throws StatusError(VC_STATUS_INVALID_ARGUMENT) naming the bad field.
  void Check() const;
};

// A sampling step given for a 640-pixel-wide image, for an image
// `width` pixels wide (at least 1).
int ScaledStep(int step_at_640, int width);

}  // namespace vc
