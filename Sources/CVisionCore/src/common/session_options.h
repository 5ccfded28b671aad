// The session's tunables in C++ form: its own (rows of common/option_table.h)
// and each part's.
#pragma once

#include "common/image_options.h"
#include "common/plane_options.h"
#include "common/session_relocalization_options.h"
#include "common/tracking_options.h"
#include "vision_core/vision_core.h"

namespace vc {

struct SessionOptions {
  using COptions = vc_session_options_t;
  static constexpr char kCPrefix[] = "";

  // The session's own rows; ForEachOption visits these only, and each part
  // below has its own.
#define VC_SESSION_OPTION VC_OPTION_ROW
#include "common/option_struct_rows.h"
#undef VC_SESSION_OPTION
  TrackingOptions tracking;
  PlaneOptions planes;
  ImageOptions images;
  SessionRelocalizationOptions relocalization;

  static SessionOptions FromC(const vc_session_options_t& options);
  void ToC(vc_session_options_t* options) const;

  // Throws StatusError(VC_STATUS_INVALID_ARGUMENT) naming the bad field.
  void Check(OptionNaming naming = OptionNaming::kC) const;
};

}  // namespace vc
