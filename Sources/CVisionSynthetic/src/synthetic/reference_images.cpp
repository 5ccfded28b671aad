#include "synthetic/reference_images.h"

#include <algorithm>
#include <cmath>

namespace vc {
namespace synthetic {
namespace {

// Grid points per side for VisibleFraction: 1/64 resolution is plenty to
// say whether a picture is in view.
constexpr int kVisibilityGrid = 8;

// The world point at picture coordinates (x, y) in [0, 1]^2, x to the right
// and y down from the top-left corner.
Eigen::Vector3d PicturePoint(const ReferencePlacement& placement, double x,
                             double y) {
  return placement.world_from_image *
         Eigen::Vector3d((x - 0.5) * placement.physical_width, 0.0,
                         (y - 0.5) * placement.physical_height);
}

uint8_t ToByte(float value) {
  return static_cast<uint8_t>(std::clamp(value * 255.0f + 0.5f, 0.0f, 255.0f));
}

}  // namespace

std::vector<ReferencePlacement> ReferencePlacements(
    const SyntheticScene& scene) {
  std::vector<ReferencePlacement> placements;
  const std::vector<SceneRectangle>& rectangles = scene.rectangles();
  for (size_t i = 0; i < rectangles.size(); ++i) {
    const SceneRectangle& rectangle = rectangles[i];
    if (!rectangle.reference) continue;
    const int axis = rectangle.normal_axis;
    const std::array<int, 2> tangent = SurfaceAxes(axis);
    Eigen::Vector3d normal = Eigen::Vector3d::Zero();
    normal[axis] = rectangle.normal_positive ? 1.0 : -1.0;
    const Eigen::Vector3d up = rectangle.reference->image_up;
    const Eigen::Vector3d right = up.cross(normal);
    Eigen::Vector3d centre;
    centre[axis] = rectangle.offset;
    Eigen::Vector3d extent = Eigen::Vector3d::Zero();
    for (int k = 0; k < 2; ++k) {
      centre[tangent[k]] = 0.5 * (rectangle.min[k] + rectangle.max[k]);
      extent[tangent[k]] = rectangle.max[k] - rectangle.min[k];
    }

    ReferencePlacement placement;
    placement.name = rectangle.reference->name;
    placement.rectangle = static_cast<int>(i);
    Eigen::Matrix3d axes;
    axes.col(0) = right;
    axes.col(1) = normal;
    axes.col(2) = -up;
    placement.world_from_image.linear() = axes;
    placement.world_from_image.translation() = centre;
    placement.physical_width = extent.dot(right.cwiseAbs());
    placement.physical_height = extent.dot(up.cwiseAbs());
    placements.push_back(placement);
  }
  return placements;
}

void RenderReferenceImage(const SyntheticScene& scene,
                          const ReferencePlacement& placement, int width,
                          int height, uint8_t* rgb,
                          ptrdiff_t rgb_stride_bytes) {
  const SceneRectangle& rectangle = scene.rectangles()[placement.rectangle];
  const SurfaceTexture& texture = scene.texture(rectangle.texture);
  const std::array<int, 2> tangent = SurfaceAxes(rectangle.normal_axis);
  // Detail fades as it would on a camera with this many pixels across the
  // picture.
  const double pixels_per_metre = std::min(width / placement.physical_width,
                                           height / placement.physical_height);
  std::vector<SurfaceSample> samples(width);
  std::vector<Rgb> albedo(width);
  for (int row = 0; row < height; ++row) {
    for (int column = 0; column < width; ++column) {
      const Eigen::Vector3d point =
          PicturePoint(placement, (column + 0.5) / width, (row + 0.5) / height);
      samples[column] =
          SurfaceSample{point[tangent[0]], point[tangent[1]], pixels_per_metre};
    }
    texture.Albedo(samples.data(), width, albedo.data());
    uint8_t* out = rgb + row * rgb_stride_bytes;
    for (int column = 0; column < width; ++column) {
      out[3 * column] = ToByte(albedo[column].r);
      out[3 * column + 1] = ToByte(albedo[column].g);
      out[3 * column + 2] = ToByte(albedo[column].b);
    }
  }
}

double VisibleFraction(const SceneRaycaster& caster,
                       const ReferencePlacement& placement,
                       const Eigen::Isometry3d& world_from_opencv_camera,
                       const PinholeCamera& camera) {
  const Eigen::Isometry3d camera_from_world =
      world_from_opencv_camera.inverse(Eigen::Isometry);
  const Eigen::Vector3d eye = world_from_opencv_camera.translation();
  const Eigen::Vector3d normal = placement.world_from_image.linear().col(1);
  int visible = 0;
  for (int j = 0; j < kVisibilityGrid; ++j) {
    for (int i = 0; i < kVisibilityGrid; ++i) {
      const Eigen::Vector3d point = PicturePoint(
          placement, (i + 0.5) / kVisibilityGrid, (j + 0.5) / kVisibilityGrid);
      if (normal.dot(eye - point) <= 0.0) continue;
      const Eigen::Vector3d p = camera_from_world * point;
      if (p.z() <= 0.0) continue;
      const double u = camera.fx * p.x() / p.z() + camera.cx;
      const double v = camera.fy * p.y() / p.z() + camera.cy;
      if (u < -0.5 || v < -0.5 || u >= camera.width - 0.5 ||
          v >= camera.height - 0.5) {
        continue;
      }
      // The picture itself is hit at t = 1; anything before it occludes.
      RayHit hit;
      if (caster.Cast(eye, point - eye, &hit, 1.0 - 1e-6)) continue;
      ++visible;
    }
  }
  return static_cast<double>(visible) / (kVisibilityGrid * kVisibilityGrid);
}

}  // namespace synthetic
}  // namespace vc
