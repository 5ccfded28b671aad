// ARKit-style ambient light estimate from an image's mean linear colour.
#pragma once

#include <opencv2/core.hpp>

#include "vision_core/vision_core.h"

namespace vc {

// The estimate reported when light estimation is off or the image is black:
// ARKit's neutral values.
vc_light_estimate_t NeutralLightEstimate();

// ambient_intensity: 1000 lm when the mean linear luminance equals that of an
// 18% grey card (a well exposed neutral scene), proportional otherwise.
// ambient_color_temperature: correlated colour temperature of the mean colour
// (grey-world assumption) by McCamy's approximation, clamped to 1000..40000 K.
vc_light_estimate_t EstimateLight(const cv::Vec3d& mean_linear_rgb);

}  // namespace vc
