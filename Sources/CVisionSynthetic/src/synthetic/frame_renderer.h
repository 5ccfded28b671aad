// Renders one sensor frame of a synthetic scene: ray casting, optional
// motion blur, then the sensor model. The one entry point the C API calls.
#pragma once

#include <Eigen/Geometry>
#include <optional>

#include "synthetic/motion_blur.h"
#include "synthetic/scene_raycaster.h"
#include "synthetic/sensor_model.h"
#include "synthetic/synthetic_scene.h"

namespace vc {
namespace synthetic {

struct FrameOptions {
  SensorOptions sensor;
  // Something covers the lens (and the depth sensor): nothing is cast, the
  // colour image is the sensor's noise floor and there is no depth.
  bool lens_covered = false;
  // Blur the colour image along the camera's motion while the shutter is
  // open; no blur when empty.
  std::optional<ShutterMotion> motion_blur;

  // Throws StatusError(VC_STATUS_INVALID_ARGUMENT) naming the bad field.
  void Check() const { sensor.Check(); }
};

// Renders the view from world_from_opencv_camera into target, which must
// hold camera.width x camera.height pixels. options must have passed
// Check(). Single-threaded.
ExposureStatistics RenderFrame(
    const SyntheticScene& scene,
    const Eigen::Isometry3d& world_from_opencv_camera,
    const PinholeCamera& camera, const FrameOptions& options,
    const RenderTarget& target);

}  // namespace synthetic
}  // namespace vc
