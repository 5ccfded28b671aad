#include "relocalization/relocalization_options.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "common/option_rules.h"

namespace vc {

void RelocalizationOptions::Check() const {
  const RelocalizationOptions& self = *this;
#define VC_RELOCALIZATION_TUNING(type, name, value, rule)       \
  CheckOption(self.name, rule, "relocalization.", #name, #name, \
              OptionNaming::kC);
#include "relocalization/relocalization_option_rows.h"
#undef VC_RELOCALIZATION_TUNING
}

int ScaledStep(int step_at_640, int width) {
  return std::max(1, int(std::lround(double(step_at_640) * width / 640.0)));
}

}  // namespace vc
