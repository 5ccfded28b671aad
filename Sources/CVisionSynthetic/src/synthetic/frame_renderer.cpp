#include "synthetic/frame_renderer.h"

namespace vc {
namespace synthetic {

ExposureStatistics RenderFrame(
    const SyntheticScene& scene,
    const Eigen::Isometry3d& world_from_opencv_camera,
    const PinholeCamera& camera, const FrameOptions& options,
    const RenderTarget& target) {
  // Reused from frame to frame: a fresh 640x480 image is about 7 MB of new
  // pages for the kernel to fault in and clear, a few milliseconds a frame.
  // One per thread, since renders may run on several threads at once.
  thread_local SurfaceImage surfaces;
  if (options.lens_covered) {
    // An all-dark, depthless view: the sensor model adds only its noise.
    surfaces.Resize(camera.width, camera.height);
  } else {
    RenderSurfaces(scene, world_from_opencv_camera, camera, &surfaces);
    if (options.motion_blur) {
      BlurAlongMotion(world_from_opencv_camera, *options.motion_blur, camera,
                      &surfaces);
    }
  }
  return Expose(surfaces, options.sensor, target);
}

}  // namespace synthetic
}  // namespace vc
