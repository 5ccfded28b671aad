// Numbers in error messages: as short as they can be while still naming the
// value exactly (1e+300, 525, 0.1), not std::to_string's fixed six decimals
// ("0.000000" for 1e-9, 301 digits for 1e300).
#pragma once

#include <iomanip>
#include <sstream>
#include <string>

namespace vc {

inline std::string NumberText(double value) {
  std::ostringstream shorter;
  shorter << value;
  std::istringstream back(shorter.str());
  double parsed = 0;
  back >> parsed;
  if (parsed == value) return shorter.str();
  std::ostringstream exact;
  exact << std::setprecision(17) << value;
  return exact.str();
}

}  // namespace vc
