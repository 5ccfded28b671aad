#include "synthetic/synthetic_scene.h"

#include <algorithm>
#include <cmath>
#include <utility>

#include "common/status_error.h"

namespace vc {
namespace synthetic {

double Lighting::Intensity(const Eigen::Vector3d& normal) const {
  const double key = std::max(0.0, normal.dot(key_direction.normalized()));
  const double fill = std::max(0.0, normal.dot(fill_direction.normalized()));
  return ambient + key_intensity * key + fill_intensity * fill;
}

void Lighting::Check() const {
  Require(key_direction.allFinite() && key_direction.norm() > 0.0 &&
              fill_direction.allFinite() && fill_direction.norm() > 0.0,
          "Lighting: light directions must be finite and non-zero");
  Require(std::isfinite(ambient) && ambient >= 0.0 &&
              std::isfinite(key_intensity) && key_intensity >= 0.0 &&
              std::isfinite(fill_intensity) && fill_intensity >= 0.0,
          "Lighting: intensities must be finite and >= 0");
}

void SyntheticScene::set_lighting(const Lighting& lighting) {
  lighting.Check();
  lighting_ = lighting;
}

int SyntheticScene::AddTexture(std::unique_ptr<const SurfaceTexture> texture) {
  Require(texture != nullptr, "SyntheticScene: null texture");
  textures_.push_back(std::move(texture));
  return static_cast<int>(textures_.size()) - 1;
}

void SyntheticScene::AddBox(const SceneBox& box) {
  Require(box.min.allFinite() && box.max.allFinite() &&
              (box.min.array() < box.max.array()).all(),
          "SyntheticScene: empty or non-finite box " + box.name);
  for (int texture : box.face_textures) {
    Require(texture >= 0 && texture < texture_count(),
            "SyntheticScene: unknown texture on " + box.name);
  }
  boxes_.push_back(box);
}

void SyntheticScene::AddRectangle(const SceneRectangle& rectangle) {
  Require(rectangle.normal_axis >= 0 && rectangle.normal_axis <= 2 &&
              std::isfinite(rectangle.offset) && rectangle.min.allFinite() &&
              rectangle.max.allFinite() &&
              (rectangle.min.array() < rectangle.max.array()).all(),
          "SyntheticScene: bad rectangle " + rectangle.name);
  Require(rectangle.texture >= 0 && rectangle.texture < texture_count(),
          "SyntheticScene: unknown texture on " + rectangle.name);
  if (rectangle.reference) {
    const ReferenceTag& tag = *rectangle.reference;
    Require(!tag.name.empty(), "SyntheticScene: reference image on " +
                                   rectangle.name + " has no name");
    // Pictures are upright in their own plane: up must be a unit axis of
    // the rectangle, so that the picture's edges are the rectangle's.
    const Eigen::Vector3d up = tag.image_up;
    const bool unit_axis = up.allFinite() &&
                           std::abs(up.cwiseAbs().maxCoeff() - 1.0) < 1e-12 &&
                           std::abs(up.cwiseAbs().sum() - 1.0) < 1e-12;
    Require(unit_axis && up[rectangle.normal_axis] == 0.0,
            "SyntheticScene: reference image " + tag.name +
                " must have a unit image_up along one of its rectangle's "
                "axes");
    for (const SceneRectangle& other : rectangles_) {
      Require(!other.reference || other.reference->name != tag.name,
              "SyntheticScene: two reference images are named " + tag.name);
    }
  }
  rectangles_.push_back(rectangle);
}

}  // namespace synthetic
}  // namespace vc
