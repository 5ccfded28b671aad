// A session's configuration as Python writes it: a mapping from the core's
// option names ("tracking.max_features") to numbers, switches or, for
// vectors, sequences of numbers.
#pragma once

#include <nanobind/nanobind.h>

#include "vision_core/vision_core.h"

namespace arscene_python {

// The defaults with config's entries set (config may be None), checked as
// creating a session checks them; errors name the entry.
vc_session_options_t SessionOptionsOf(nanobind::handle config);

// arscene.option_names() and arscene.default_config().
void BindOptions(nanobind::module_& m);

}  // namespace arscene_python
