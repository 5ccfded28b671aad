#include "frame/light_estimate.h"

#include <algorithm>

namespace vc {
namespace {

// Linear luminance of an 18% grey card: the exposure target of cameras, which
// ARKit reports as 1000 lumens.
constexpr double kMiddleGreyLuminance = 0.18;
constexpr double kNeutralIntensity = 1000.0;
constexpr double kNeutralTemperature = 6500.0;
// Below this luminance the chromaticity is mostly sensor noise.
constexpr double kMinLuminanceForColour = 1e-4;

}  // namespace

vc_light_estimate_t NeutralLightEstimate() {
  return {static_cast<float>(kNeutralIntensity),
          static_cast<float>(kNeutralTemperature)};
}

vc_light_estimate_t EstimateLight(const cv::Vec3d& rgb) {
  // Linear sRGB (D65) to CIE XYZ.
  const double x_ = 0.4124 * rgb[0] + 0.3576 * rgb[1] + 0.1805 * rgb[2];
  const double y_ = 0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2];
  const double z_ = 0.0193 * rgb[0] + 0.1192 * rgb[1] + 0.9505 * rgb[2];

  vc_light_estimate_t estimate;
  estimate.ambient_intensity =
      static_cast<float>(kNeutralIntensity * y_ / kMiddleGreyLuminance);
  estimate.ambient_color_temperature = static_cast<float>(kNeutralTemperature);

  const double sum = x_ + y_ + z_;
  if (y_ < kMinLuminanceForColour || sum <= 0) return estimate;
  const double x = x_ / sum;
  const double y = y_ / sum;
  // McCamy (1992); accurate to a few kelvin near the Planckian locus.
  const double n = (x - 0.3320) / (0.1858 - y);
  const double cct = ((449.0 * n + 3525.0) * n + 6823.3) * n + 5520.33;
  estimate.ambient_color_temperature =
      static_cast<float>(std::clamp(cct, 1000.0, 40000.0));
  return estimate;
}

}  // namespace vc
