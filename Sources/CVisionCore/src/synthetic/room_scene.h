// Synthetic scenes with exact geometry: a list of axis-aligned primitives,
// each face with a texture, plus the lighting that shades them. The furnished
// room behind VC_SYNTHETIC_SCENE_ROOM is one such scene.
//
// World axes are ARKit's: right-handed, metres, +Y up. Geometry never depends
// on the seed; only the textures do, so depth ground truth is the same for
// every seed.
#pragma once

#include <Eigen/Core>
#include <array>
#include <cstdint>
#include <memory>
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
  // primitive or an unknown texture.
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

// Sizes and placement of the furnished room, in metres. The defaults are the
// room every bundled sequence and test uses; change them only with the data.
struct RoomLayout {
  // Interior of the room, centred on the origin in x and z, floor at y = 0.
  double width = 6.0;   // Along x.
  double depth = 5.0;   // Along z.
  double height = 2.7;  // Along y.

  // Table: top of table_size (x, z), its upper surface at table_height.
  Eigen::Vector2d table_centre = Eigen::Vector2d(0.8, -0.6);  // (x, z)
  Eigen::Vector2d table_size = Eigen::Vector2d(1.2, 0.8);
  double table_height = 0.75;
  double table_top_thickness = 0.04;
  double table_leg_side = 0.05;

  // Chair facing the table from +z, seat surface at seat_height.
  Eigen::Vector2d seat_centre = Eigen::Vector2d(0.8, 0.3);  // (x, z)
  double seat_side = 0.45;
  double seat_height = 0.45;
  double seat_thickness = 0.05;
  double seat_back_height = 0.5;  // Above the seat.

  // Shelf standing against the -z wall, from shelf_x_range along x.
  Eigen::Vector2d shelf_x_range = Eigen::Vector2d(-2.3, -1.1);
  double shelf_depth = 0.35;
  double shelf_height = 1.8;
  int shelf_boards = 5;  // Including bottom and top.

  // Rug under the table and chair, a poster on the +x wall.
  double rug_lift = 0.003;
  double poster_gap = 0.003;

  // Throws StatusError(VC_STATUS_INVALID_ARGUMENT) naming the bad field: sizes
  // must be positive and the furniture must stand inside the room.
  void Check() const;
};

// The furnished room of VC_SYNTHETIC_SCENE_ROOM: floor, four walls and a
// ceiling (one shell), a table, a chair, a shelf with books, a rug and a
// poster, every surface with its own palette and a texture seeded from seed.
// Checks layout first.
SyntheticScene MakeRoomScene(uint64_t seed,
                             const RoomLayout& layout = RoomLayout());

}  // namespace synthetic
}  // namespace vc
