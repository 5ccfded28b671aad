#include "common/session_options.h"

namespace vc {

SessionOptions SessionOptions::FromC(const vc_session_options_t& options) {
  SessionOptions result = OptionsFromC<SessionOptions>(options);
  result.tracking = TrackingOptions::FromC(options.tracking);
  result.planes = PlaneOptions::FromC(options.planes);
  result.images = ImageOptions::FromC(options.images);
  result.relocalization =
      SessionRelocalizationOptions::FromC(options.relocalization);
  return result;
}

void SessionOptions::ToC(vc_session_options_t* options) const {
  OptionsToC(*this, options);
  tracking.ToC(&options->tracking);
  planes.ToC(&options->planes);
  images.ToC(&options->images);
  relocalization.ToC(&options->relocalization);
}

void SessionOptions::Check(OptionNaming naming) const {
  CheckOptions(*this, naming);
  tracking.Check(naming);
  planes.Check(naming);
  images.Check(naming);
  relocalization.Check(naming);
}

}  // namespace vc
