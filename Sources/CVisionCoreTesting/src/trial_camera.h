// The camera the core's trials look through: 640x480 with a 525-pixel focal
// length (the Kinect-like camera of the synthetic sequences and 7-Scenes).
#pragma once

#include "common/pinhole_camera.h"

namespace vc_trial {

inline vc::PinholeCamera TrialCamera() {
  vc::PinholeCamera camera;
  camera.fx = camera.fy = 525;
  camera.cx = 319.5;
  camera.cy = 239.5;
  camera.width = 640;
  camera.height = 480;
  return camera;
}

}  // namespace vc_trial
