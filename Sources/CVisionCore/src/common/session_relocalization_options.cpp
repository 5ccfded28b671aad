#include "common/session_relocalization_options.h"

#include <cmath>
#include <string>

#include "common/status_error.h"

namespace vc {

void SessionRelocalizationOptions::Check(OptionNaming naming) const {
  CheckOptions(*this, naming);
  Require(std::isfinite(keyframe_spacing_metres) &&
              keyframe_spacing_metres > 0 &&
              std::isfinite(keyframe_spacing_degrees) &&
              keyframe_spacing_degrees > 0,
          "relocalization keyframe spacing must be positive");
  Require(cull_every >= 1, "relocalization.cull_every must be >= 1, got " +
                               std::to_string(cull_every));
}

}  // namespace vc
