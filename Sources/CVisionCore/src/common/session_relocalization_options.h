// What a session does about relocalization, in C++ form: is a keyframe map
// kept, what counts as an interruption (rows of common/option_table.h), which
// frames join the map (fixed here). How the relocalizer itself matches a frame
// is RelocalizationOptions.
#pragma once

#include "common/option_rules.h"
#include "vision_core/vision_core.h"

namespace vc {

struct SessionRelocalizationOptions {
  using COptions = vc_relocalization_options_t;
  static constexpr char kCPrefix[] = "relocalization.";

#define VC_RELOCALIZATION_OPTION VC_OPTION_ROW
#include "common/option_struct_rows.h"
#undef VC_RELOCALIZATION_OPTION

  // Not public options:
  // A frame joins the map once the camera has moved this far (metres) or
  // turned this much (degrees) from the last keyframe the map took: dense
  // enough that every view of a mapped place overlaps a keyframe's by far
  // more than half, sparse enough that the map grows with the area seen.
  float keyframe_spacing_metres = 0.15f;
  float keyframe_spacing_degrees = 12.0f;
  // Redundant keyframes are culled every this many keyframes.
  int cull_every = 10;

  static SessionRelocalizationOptions FromC(const COptions& options) {
    return OptionsFromC<SessionRelocalizationOptions>(options);
  }
  void ToC(COptions* options) const { OptionsToC(*this, options); }

  // Throws StatusError(VC_STATUS_INVALID_ARGUMENT) naming the bad field.
  void Check(OptionNaming naming = OptionNaming::kC) const;
};

}  // namespace vc
