// The description every synthetic scene is made of: axis-aligned boxes and
// rectangles, each face with a texture, the lighting that shades them, and
// the ground truth that rides on the same primitives (which faces are
// annotated planes, which rectangles are reference images). Renderer and
// annotations read this one description, so a plane polygon or an image
// placement can never disagree with what is drawn.
//
// World axes are ARKit's: right-handed, metres, +Y up.
#pragma once

#include <Eigen/Core>
#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "synthetic/procedural_texture.h"

namespace vc {
namespace synthetic {

// Surface coordinates of a face whose normal is along normal_axis (0 = X,
// 1 = Y, 2 = Z): the world coordinates (u, v) it is textured with. Walls get
// u horizontal and v = y, so textures stand upright.
inline std::array<int, 2> SurfaceAxes(int normal_axis) {
  switch (normal_axis) {
    case 0:
      return {2, 1};
    case 1:
      return {0, 2};
    default:
      return {0, 1};
  }
}

// What an annotated plane is, in ARKit's classification vocabulary; the
// values match vc_plane_classification_t.
enum class PlaneClass {
  kNone = 0,
  kWall = 1,
  kFloor = 2,
  kCeiling = 3,
  kTable = 4,
  kSeat = 5
};

// An axis-aligned box. A solid box is seen from outside; a shell (a room) is
// seen from inside. Faces are numbered 2 * axis + (0 at min, 1 at max): -X,
// +X, -Y, +Y, -Z, +Z by position.
struct SceneBox {
  std::string name;
  Eigen::Vector3d min = Eigen::Vector3d::Zero();
  Eigen::Vector3d max = Eigen::Vector3d::Ones();
  bool seen_from_inside = false;
  // SyntheticScene::texture() index of each face.
  std::array<int, 6> face_textures = {0, 0, 0, 0, 0, 0};
  // Faces that are annotated planes (ground truth for plane detection),
  // with their class; empty for the faces a detector is not expected to
  // report (table legs, books).
  std::array<std::optional<PlaneClass>, 6> face_planes;
};

// Marks a rectangle as a reference image: a picture that image detection is
// expected to find, written out as a reference with this name.
struct ReferenceTag {
  std::string name;
  // The world direction of the picture's top edge (unit, in the
  // rectangle's plane): a poster hangs with +Y up, a magazine on a table
  // lies with its top towards wherever the layout puts it.
  Eigen::Vector3d image_up = Eigen::Vector3d::UnitY();
};

// A one-sided axis-aligned rectangle (a rug, a poster), visible from the side
// its normal points to.
struct SceneRectangle {
  std::string name;
  int normal_axis = 1;
  bool normal_positive = true;
  // Position along normal_axis, in metres.
  double offset = 0.0;
  // Extent along SurfaceAxes(normal_axis), in metres.
  Eigen::Vector2d min = Eigen::Vector2d::Zero();
  Eigen::Vector2d max = Eigen::Vector2d::Ones();
  int texture = 0;
  std::optional<ReferenceTag> reference;
};

// A constant ambient term plus two directional lights (a key from above, a
// weaker fill from below), so faces of different orientation differ in
// brightness.
struct Lighting {
  double ambient = 0.45;
  // Directions towards each light, of any length; normalised when used.
  Eigen::Vector3d key_direction = Eigen::Vector3d(0.35, 1.0, 0.55);
  double key_intensity = 0.5;
  Eigen::Vector3d fill_direction = Eigen::Vector3d(-0.25, -0.5, -0.8);
  double fill_intensity = 0.25;

  // Lambertian shading factor for a surface with this (unit) normal.
  double Intensity(const Eigen::Vector3d& normal) const;

  // Throws StatusError(VC_STATUS_INVALID_ARGUMENT) naming the bad field.
  void Check() const;
};

class SyntheticScene {
 public:
  SyntheticScene() = default;
  SyntheticScene(SyntheticScene&&) = default;
  SyntheticScene& operator=(SyntheticScene&&) = default;

  // Returns the index primitives use to refer to the texture.
  int AddTexture(std::unique_ptr<const SurfaceTexture> texture);
  // These throw StatusError(VC_STATUS_INVALID_ARGUMENT) for an empty
  // primitive, an unknown texture, or a reference whose image_up does not
  // lie in the rectangle or whose name is empty or already taken.
  void AddBox(const SceneBox& box);
  void AddRectangle(const SceneRectangle& rectangle);

  const std::vector<SceneBox>& boxes() const { return boxes_; }
  const std::vector<SceneRectangle>& rectangles() const { return rectangles_; }
  const SurfaceTexture& texture(int index) const { return *textures_[index]; }
  int texture_count() const { return static_cast<int>(textures_.size()); }

  const Lighting& lighting() const { return lighting_; }
  // Checks lighting (see Lighting::Check).
  void set_lighting(const Lighting& lighting);

 private:
  std::vector<std::unique_ptr<const SurfaceTexture>> textures_;
  std::vector<SceneBox> boxes_;
  std::vector<SceneRectangle> rectangles_;
  Lighting lighting_;
};

}  // namespace synthetic
}  // namespace vc
