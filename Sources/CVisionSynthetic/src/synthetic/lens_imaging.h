// The lens of a synthetic camera. Scenes render through a pinhole; a lens
// with radial and tangential distortion (OpenCV's model) is simulated by
// resampling each render as that lens would have imaged it, so that the
// engine's undistortion can be tested on exact ground truth.
#pragma once

#include <vector>

#include "common/pixel_remap.h"
#include "vision_core/vision_core.h"

namespace vc {
namespace synthetic {

// The resampling from a pinhole render to the lens's image, for camera
// (checked) and coefficients in OpenCV's order (4 to 14 finite values).
PixelRemap LensImaging(const vc_camera_intrinsics_t& camera,
                       const std::vector<double>& coefficients);

}  // namespace synthetic
}  // namespace vc
