// Motion blur of a camera that moves while its shutter is open, as a cheap
// equivalent of averaging sub-frame renders: each pixel averages the sharp
// image along the path its scene point travels during the exposure, found
// from the pixel's exact depth and the shutter poses. Rotation, which causes
// most handheld blur, is exact; translation is exact wherever neighbours lie
// at similar depths, and only occlusion edges are approximate.
#pragma once

#include <Eigen/Geometry>

#include "synthetic/scene_raycaster.h"

namespace vc {
namespace synthetic {

// Where the camera is when the shutter opens and closes (OpenCV camera
// axes, like the render pose).
struct ShutterMotion {
  Eigen::Isometry3d world_from_opencv_camera_open =
      Eigen::Isometry3d::Identity();
  Eigen::Isometry3d world_from_opencv_camera_close =
      Eigen::Isometry3d::Identity();
};

// The most samples one pixel averages: longer paths are sampled more
// sparsely, from a coarser, pre-averaged copy of the image, which keeps
// fast rotations affordable without breaking the smear into copies.
constexpr int kMaxBlurSamples = 4;

// Replaces surfaces->radiance, rendered from world_from_opencv_camera (the
// middle of the exposure), by its average over the exposure. Depth,
// incidence and detail stay those of the middle.
void BlurAlongMotion(const Eigen::Isometry3d& world_from_opencv_camera,
                     const ShutterMotion& shutter, const PinholeCamera& camera,
                     SurfaceImage* surfaces);

}  // namespace synthetic
}  // namespace vc
