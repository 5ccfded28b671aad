#include "common/session_relocalization_options.h"

#include <cmath>
#include <string>

#include "common/status_error.h"

namespace vc {

SessionRelocalizationOptions SessionRelocalizationOptions::FromC(
    const vc_relocalization_options_t& options) {
  SessionRelocalizationOptions result;
  result.enabled = options.enabled != 0;
  result.interruption_seconds = options.interruption_seconds;
  result.loop_closure = options.loop_closure != 0;
  return result;
}

void SessionRelocalizationOptions::ToC(
    vc_relocalization_options_t* options) const {
  options->enabled = enabled ? 1 : 0;
  options->interruption_seconds = interruption_seconds;
  options->loop_closure = loop_closure ? 1 : 0;
}

void SessionRelocalizationOptions::Check() const {
  Require(std::isfinite(interruption_seconds) &&
              interruption_seconds >= 0.05f && interruption_seconds <= 3600.0f,
          "relocalization.interruption_seconds must be 0.05...3600, got " +
              std::to_string(interruption_seconds));
  Require(std::isfinite(keyframe_spacing_metres) &&
              keyframe_spacing_metres > 0 &&
              std::isfinite(keyframe_spacing_degrees) &&
              keyframe_spacing_degrees > 0,
          "relocalization keyframe spacing must be positive");
  Require(cull_every >= 1, "relocalization.cull_every must be >= 1, got " +
                               std::to_string(cull_every));
}

}  // namespace vc
