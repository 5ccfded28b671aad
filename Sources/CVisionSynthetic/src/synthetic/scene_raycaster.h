// Casts rays against a SyntheticScene: single queries for ground truth, and
// one ray per pixel for images. Images come out as a SurfaceImage (what each
// pixel sees, before any sensor), which sensor_model.h turns into bytes.
#pragma once

#include <Eigen/Core>
#include <Eigen/Geometry>
#include <cstdint>
#include <limits>
#include <memory>
#include <vector>

#include "common/pinhole_camera.h"
#include "synthetic/synthetic_scene.h"

namespace vc {
namespace synthetic {

// The core's pinhole camera: pixel (u, v) is sampled at its integer
// coordinates, v pointing down, as in OpenCV.
using ::vc::PinholeCamera;

// The nearest surface along a ray.
struct RayHit {
  // Ray parameter: point = origin + t * direction (so t is a distance only
  // when direction is a unit vector).
  double t = 0.0;
  Eigen::Vector3d point = Eigen::Vector3d::Zero();
  // The face's normal, along world axis normal_axis, facing the ray.
  int normal_axis = 0;
  bool normal_positive = true;
  int texture = 0;

  // The face's unit normal in world axes, facing the ray.
  Eigen::Vector3d normal() const {
    Eigen::Vector3d n = Eigen::Vector3d::Zero();
    n[normal_axis] = normal_positive ? 1.0 : -1.0;
    return n;
  }
};

// The scene flattened once for many single-ray queries (visibility checks
// cast dozens per frame).
class SceneRaycaster {
 public:
  // The scene in the raycaster's working form (defined in scene_raycaster.cpp,
  // where the image renderer shares it).
  struct Flat;

  explicit SceneRaycaster(const SyntheticScene& scene);
  ~SceneRaycaster();
  SceneRaycaster(const SceneRaycaster&) = delete;
  SceneRaycaster& operator=(const SceneRaycaster&) = delete;

  // Finds the nearest visible face hit at a t in (0, t_max); faces are
  // one-sided (seen from the side their normal points to). direction need
  // not be unit. Returns false when the ray hits nothing. Tests every
  // primitive.
  bool Cast(const Eigen::Vector3d& origin, const Eigen::Vector3d& direction,
            RayHit* hit,
            double t_max = std::numeric_limits<double>::infinity()) const;

 private:
  std::unique_ptr<const Flat> flat_;
};

// One query without keeping a SceneRaycaster (flattens the scene each call).
bool CastRay(const SyntheticScene& scene, const Eigen::Vector3d& origin,
             const Eigen::Vector3d& direction, RayHit* hit,
             double t_max = std::numeric_limits<double>::infinity());

// What each pixel of a view sees, row-major, width * height entries each.
struct SurfaceImage {
  int width = 0;
  int height = 0;
  // Depth along the optical axis in metres; 0 where the ray hits nothing.
  std::vector<double> depth;
  // Cosine of the angle between the ray and the surface normal (1 = head
  // on, towards 0 = grazing); 0 where nothing is hit. Depth sensors lose
  // their signal at grazing angles.
  std::vector<float> incidence;
  // Albedo times lighting, per channel, about 0..1.2 (saturates at 1 when
  // exposed); 0 where nothing is hit.
  std::vector<Rgb> radiance;
  // 1 where the surface has detail to track (SurfaceTexture::HasDetail).
  std::vector<uint8_t> detailed;

  void Resize(int new_width, int new_height);
};

// Renders the scene seen from world_from_opencv_camera, whose camera frame
// uses OpenCV axes (see common/conventions.h), into surfaces (resized to the
// camera). Single-threaded.
void RenderSurfaces(const SyntheticScene& scene,
                    const Eigen::Isometry3d& world_from_opencv_camera,
                    const PinholeCamera& camera, SurfaceImage* surfaces);

}  // namespace synthetic
}  // namespace vc
