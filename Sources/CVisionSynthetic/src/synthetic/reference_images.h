// The pictures of a synthetic scene that image detection should find
// (rectangles tagged with a ReferenceTag): where each hangs, what it looks
// like printed, and how much of it a camera sees. All three come from the
// rectangle and its texture, so the reference written to disk is the very
// pattern the renderer draws.
#pragma once

#include <Eigen/Geometry>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "synthetic/scene_raycaster.h"
#include "synthetic/synthetic_scene.h"

namespace vc {
namespace synthetic {

struct ReferencePlacement {
  std::string name;
  // Index of the picture's rectangle in SyntheticScene::rectangles().
  int rectangle = 0;
  // ARKit's image-anchor frame: origin at the picture's centre, +X along its
  // top edge to the right, +Y out of the picture towards the viewer, +Z down
  // the picture.
  Eigen::Isometry3d world_from_image = Eigen::Isometry3d::Identity();
  // Metres along the picture's width (+X) and height (+Z).
  double physical_width = 0.0;
  double physical_height = 0.0;
};

// Every reference picture, in the order of the scene's rectangles.
std::vector<ReferencePlacement> ReferencePlacements(
    const SyntheticScene& scene);

// Renders the picture as printed (its albedo, unlit) into width x height RGB8
// pixels, rows rgb_stride_bytes apart, the first row along the top edge.
void RenderReferenceImage(const SyntheticScene& scene,
                          const ReferencePlacement& placement, int width,
                          int height, uint8_t* rgb, ptrdiff_t rgb_stride_bytes);

// The fraction of the picture's area the camera sees: points on a grid over
// the picture count when they project inside the image, face the camera and
// nothing stands in front of them.
double VisibleFraction(const SceneRaycaster& caster,
                       const ReferencePlacement& placement,
                       const Eigen::Isometry3d& world_from_opencv_camera,
                       const PinholeCamera& camera);

}  // namespace synthetic
}  // namespace vc
