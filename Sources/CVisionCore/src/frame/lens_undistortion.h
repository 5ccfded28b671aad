// Lens undistortion: images taken through a lens with radial and tangential
// distortion (OpenCV's model) resampled as the pinhole camera with the same
// intrinsics would see them, since every stage of the engine projects with a
// pinhole. The map is computed once per camera and lens; applying it is one
// remap per image.
#pragma once

#include <string>
#include <vector>

#include "common/pixel_remap.h"
#include "vision_core/vision_core.h"

namespace vc {

// Why coefficients cannot describe a lens (OpenCV order: 4, 5, 8, 12 or 14
// finite values within ±1000), or "" when they can.
std::string LensDistortionProblem(const double* coefficients, int count);

// The resampling from the lens's image to the pinhole view, for camera and
// coefficients already checked (CheckCameraIntrinsics and
// LensDistortionProblem). The pinhole view keeps the camera's intrinsics.
PixelRemap LensUndistortion(const vc_camera_intrinsics_t& camera,
                            const std::vector<double>& coefficients);

}  // namespace vc
