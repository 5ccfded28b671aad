// The furnished room behind VC_SYNTHETIC_SCENE_ROOM: floor, four walls and a
// ceiling (one shell), a table with a magazine and a box on it, a chair, a
// shelf with books, a rug and pictures on the walls.
//
// Geometry never depends on the seed; only the textures do, so depth ground
// truth is the same for every seed. Floor at y = 0, origin at the room's
// centre.
#pragma once

#include <Eigen/Core>
#include <cstdint>
#include <string>
#include <vector>

#include "synthetic/synthetic_scene.h"

namespace vc {
namespace synthetic {

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

  // Rug under the table and chair; pictures hang poster_gap off their wall
  // and lie picture_lift above what they lie on, close enough to read as
  // part of it and far enough that depth never flickers between the two.
  double rug_lift = 0.003;
  double poster_gap = 0.003;
  double picture_lift = 0.002;

  // A picture on a wall; every one is a reference image.
  struct WallPicture {
    std::string name;
    // The wall: 0 = the -x wall, 1 = +x, 4 = -z, 5 = +z (the shell's face
    // numbering, see SceneBox).
    int wall = 1;
    // Centre along the wall (z on the x walls, x on the z walls) and above
    // the floor.
    Eigen::Vector2d centre = Eigen::Vector2d(0.0, 1.45);
    // Width and height.
    Eigen::Vector2d size = Eigen::Vector2d(1.2, 0.9);
  };
  std::vector<WallPicture> wall_pictures = {
      {"poster-landscape", 1, Eigen::Vector2d(0.0, 1.45),
       Eigen::Vector2d(1.2, 0.9)},
      {"poster-portrait", 4, Eigen::Vector2d(0.8, 1.55),
       Eigen::Vector2d(0.6, 0.8)},
  };

  // A magazine lying on the table, its top edge towards -z (readable from
  // the chair), and a box standing on the table with a picture on its +z
  // face. Both pictures are reference images. Positions are (x, z) centres.
  Eigen::Vector2d magazine_centre = Eigen::Vector2d(0.55, -0.5);
  Eigen::Vector2d magazine_size = Eigen::Vector2d(0.21, 0.28);  // (x, z)
  Eigen::Vector2d box_centre = Eigen::Vector2d(1.1, -0.8);
  Eigen::Vector3d box_size = Eigen::Vector3d(0.2, 0.3, 0.07);  // (x, y, z)

  // Throws StatusError(VC_STATUS_INVALID_ARGUMENT) naming the bad field: sizes
  // must be positive and the furniture and pictures must stand inside the
  // room, on the table or on a wall.
  void Check() const;
};

// How the room's surfaces look.
struct RoomOptions {
  // Floor, walls, ceiling and rug in one flat colour each (the textureless
  // scenario); furniture and pictures keep their texture.
  bool plain_surfaces = false;
};

// Builds the room: every surface with its own palette and a texture seeded
// from seed; the floor, walls, ceiling, table top and seat annotated as
// planes; the wall pictures, the magazine and the box's picture tagged as
// reference images. Checks layout first.
SyntheticScene MakeRoomScene(uint64_t seed,
                             const RoomLayout& layout = RoomLayout(),
                             const RoomOptions& options = RoomOptions());

}  // namespace synthetic
}  // namespace vc
