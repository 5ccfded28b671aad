#include "synthetic/room_scene.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <utility>

#include "common/status_error.h"
#include "synthetic/texture_maker.h"

namespace vc {
namespace synthetic {

namespace {

// SceneBox face indices (2 * axis + (0 at min, 1 at max)).
constexpr int kMinXFace = 0;
constexpr int kMaxXFace = 1;
constexpr int kTopFace = 3;
constexpr int kMinZFace = 4;
constexpr int kMaxZFace = 5;

bool IsWallFace(int face) {
  return face == kMinXFace || face == kMaxXFace || face == kMinZFace ||
         face == kMaxZFace;
}

}  // namespace

void RoomLayout::Check() const {
  const auto positive = [](double value, const std::string& name) {
    Require(std::isfinite(value) && value > 0.0,
            "RoomLayout." + name + " must be finite and > 0");
  };
  positive(width, "width");
  positive(depth, "depth");
  positive(height, "height");
  positive(table_size.x(), "table_size.x");
  positive(table_size.y(), "table_size.y");
  positive(table_top_thickness, "table_top_thickness");
  positive(table_leg_side, "table_leg_side");
  positive(seat_side, "seat_side");
  positive(seat_thickness, "seat_thickness");
  positive(seat_back_height, "seat_back_height");
  positive(shelf_depth, "shelf_depth");
  positive(rug_lift, "rug_lift");
  positive(poster_gap, "poster_gap");
  positive(picture_lift, "picture_lift");
  positive(magazine_size.x(), "magazine_size.x");
  positive(magazine_size.y(), "magazine_size.y");
  positive(box_size.x(), "box_size.x");
  positive(box_size.y(), "box_size.y");
  positive(box_size.z(), "box_size.z");
  Require(table_height > table_top_thickness && table_height < height,
          "RoomLayout.table_height must be above the top's thickness and "
          "below the ceiling");
  Require(
      2.0 * table_leg_side + 0.08 < std::min(table_size.x(), table_size.y()),
      "RoomLayout.table_leg_side leaves no room between the legs");
  Require(
      seat_height > seat_thickness && seat_height + seat_back_height < height,
      "RoomLayout.seat_height must be above the seat's thickness and the "
      "backrest below the ceiling");
  Require(seat_side > 0.1, "RoomLayout.seat_side must exceed its legs");
  Require(shelf_height > 0.1 && shelf_height < height,
          "RoomLayout.shelf_height must be in (0.1 m, room height)");
  Require(shelf_boards >= 2 && shelf_boards <= 20,
          "RoomLayout.shelf_boards must be in 2..20");
  Require(shelf_depth < 0.5 * depth,
          "RoomLayout.shelf_depth must be under half the room's depth");
  const auto inside_x = [this](double x) { return std::abs(x) < 0.5 * width; };
  const auto inside_z = [this](double z) { return std::abs(z) < 0.5 * depth; };
  const Eigen::Vector2d table_half = 0.5 * table_size;
  Require(inside_x(table_centre.x() - table_half.x()) &&
              inside_x(table_centre.x() + table_half.x()) &&
              inside_z(table_centre.y() - table_half.y()) &&
              inside_z(table_centre.y() + table_half.y()),
          "RoomLayout: the table must stand inside the room");
  Require(inside_x(seat_centre.x() - 0.5 * seat_side) &&
              inside_x(seat_centre.x() + 0.5 * seat_side) &&
              inside_z(seat_centre.y() - 0.5 * seat_side) &&
              inside_z(seat_centre.y() + 0.5 * seat_side),
          "RoomLayout: the seat must stand inside the room");
  Require(shelf_x_range.x() + 0.3 < shelf_x_range.y() &&
              inside_x(shelf_x_range.x()) && inside_x(shelf_x_range.y()),
          "RoomLayout.shelf_x_range must be ordered, at least 0.3 m wide and "
          "inside the room");
  Require(poster_gap < 0.05 * width && rug_lift < table_height &&
              picture_lift < 0.05,
          "RoomLayout: the pictures and rug must lie close to their surfaces");

  for (const WallPicture& picture : wall_pictures) {
    const std::string where = "RoomLayout.wall_pictures[" + picture.name + "]";
    Require(!picture.name.empty(), "RoomLayout.wall_pictures: empty name");
    Require(IsWallFace(picture.wall),
            where + ".wall must be 0, 1, 4 or 5 (a wall of the shell)");
    Require(picture.centre.allFinite() && picture.size.allFinite() &&
                (picture.size.array() > 0.0).all(),
            where + ": centre and size must be finite, size > 0");
    const double half_wall = picture.wall < 2 ? 0.5 * depth : 0.5 * width;
    Require(std::abs(picture.centre.x()) + 0.5 * picture.size.x() < half_wall &&
                picture.centre.y() - 0.5 * picture.size.y() > 0.0 &&
                picture.centre.y() + 0.5 * picture.size.y() < height,
            where + " must lie inside its wall");
  }
  const auto on_table = [&](const Eigen::Vector2d& centre,
                            const Eigen::Vector2d& size) {
    return ((centre - 0.5 * size).array() > (table_centre - table_half).array())
               .all() &&
           ((centre + 0.5 * size).array() < (table_centre + table_half).array())
               .all();
  };
  Require(
      magazine_centre.allFinite() && on_table(magazine_centre, magazine_size),
      "RoomLayout: the magazine must lie on the table");
  Require(box_centre.allFinite() &&
              on_table(box_centre, Eigen::Vector2d(box_size.x(), box_size.z())),
          "RoomLayout: the box must stand on the table");
  Require(table_height + box_size.y() < height,
          "RoomLayout.box_size.y must keep the box below the ceiling");
}

namespace {

SceneBox UniformBox(std::string name, const Eigen::Vector3d& min,
                    const Eigen::Vector3d& max, int texture) {
  SceneBox box;
  box.name = std::move(name);
  box.min = min;
  box.max = max;
  box.face_textures.fill(texture);
  return box;
}

// Poster-like textures: dense rectangles at every scale on a light ground,
// distinctive enough to recognise, each picture in its own colours.
ProceduralTextureOptions PictureLook(uint32_t ground, uint32_t ink1,
                                     uint32_t ink2, uint32_t ink3,
                                     double scale) {
  ProceduralTextureOptions look = Palette(ground, ink1, ink2, ink3, scale);
  look.large_density = 0.8;
  look.medium_density = 0.7;
  return look;
}

void AddRoomShell(const RoomLayout& layout, const RoomOptions& options,
                  TextureMaker& textures, SyntheticScene& scene) {
  ProceduralTextureOptions floor =
      Palette(0xA0764A, 0x5C3A1E, 0xC89A66, 0x7A5230);
  floor.plank_width = 0.18;
  ProceduralTextureOptions ceiling =
      Palette(0xDCDCD6, 0x9A9A94, 0xF4F4F0, 0xB4B8C0, 1.3);
  ceiling.noise_contrast = 0.15;
  ceiling.speckle_contrast = 0.08;

  const bool plain = options.plain_surfaces;
  SceneBox shell;
  shell.name = "room";
  shell.min = Eigen::Vector3d(-0.5 * layout.width, 0.0, -0.5 * layout.depth);
  shell.max =
      Eigen::Vector3d(0.5 * layout.width, layout.height, 0.5 * layout.depth);
  shell.seen_from_inside = true;
  shell.face_textures = {
      textures.Add(Palette(0x9DB09A, 0x4E6B4A, 0xE3EAD8, 0x6E8F8C), plain),
      textures.Add(Palette(0xE8DCC0, 0x8C7456, 0xB8A27C, 0x5E6E84), plain),
      textures.Add(floor, plain),
      textures.Add(ceiling, plain),
      textures.Add(Palette(0x8A9BB0, 0x2F3E5C, 0xD6DEE8, 0xB06F4C), plain),
      textures.Add(Palette(0xC98566, 0x6B3224, 0xF0D2B8, 0x3E5A5A), plain),
  };
  shell.face_planes = {PlaneClass::kWall,  PlaneClass::kWall,
                       PlaneClass::kFloor, PlaneClass::kCeiling,
                       PlaneClass::kWall,  PlaneClass::kWall};
  scene.AddBox(shell);
}

void AddTable(const RoomLayout& layout, TextureMaker& textures,
              SyntheticScene& scene) {
  const int wood =
      textures.Add(Palette(0x6A4A32, 0x2E1E14, 0xA07850, 0xD8C0A0, 0.8));
  ProceduralTextureOptions inlay =
      Palette(0x7A5638, 0x2E1E14, 0xB08860, 0xE0CCA8, 0.8);
  inlay.checker_cell = 0.1;
  const int top_surface = textures.Add(inlay);
  const int metal =
      textures.Add(Palette(0x3A3A3E, 0x101012, 0x6A6A70, 0x9A8A70, 0.5));

  const Eigen::Vector2d half = 0.5 * layout.table_size;
  const Eigen::Vector2d lo = layout.table_centre - half;
  const Eigen::Vector2d hi = layout.table_centre + half;
  const double top_bottom = layout.table_height - layout.table_top_thickness;
  SceneBox top =
      UniformBox("table top", Eigen::Vector3d(lo.x(), top_bottom, lo.y()),
                 Eigen::Vector3d(hi.x(), layout.table_height, hi.y()), wood);
  top.face_textures[kTopFace] = top_surface;
  top.face_planes[kTopFace] = PlaneClass::kTable;
  scene.AddBox(top);

  const double inset = 0.04;
  const double side = layout.table_leg_side;
  for (int corner = 0; corner < 4; ++corner) {
    const double x = (corner & 1) ? hi.x() - inset - side : lo.x() + inset;
    const double z = (corner & 2) ? hi.y() - inset - side : lo.y() + inset;
    scene.AddBox(UniformBox("table leg", Eigen::Vector3d(x, 0.0, z),
                            Eigen::Vector3d(x + side, top_bottom, z + side),
                            metal));
  }
}

void AddChair(const RoomLayout& layout, TextureMaker& textures,
              SyntheticScene& scene) {
  const int fabric =
      textures.Add(Palette(0xA8343A, 0x5A1018, 0xE0A090, 0x283848, 0.6));
  const int frame =
      textures.Add(Palette(0x4A3A2C, 0x20160E, 0x8A6A4A, 0xC0A080, 0.5));

  const double half = 0.5 * layout.seat_side;
  const double x0 = layout.seat_centre.x() - half;
  const double x1 = layout.seat_centre.x() + half;
  const double z0 = layout.seat_centre.y() - half;
  const double z1 = layout.seat_centre.y() + half;
  const double seat_bottom = layout.seat_height - layout.seat_thickness;
  SceneBox seat =
      UniformBox("seat", Eigen::Vector3d(x0, seat_bottom, z0),
                 Eigen::Vector3d(x1, layout.seat_height, z1), fabric);
  seat.face_planes[kTopFace] = PlaneClass::kSeat;
  scene.AddBox(seat);
  // The backrest stands on the +z edge, away from the table.
  scene.AddBox(UniformBox(
      "seat back", Eigen::Vector3d(x0, layout.seat_height, z1 - 0.04),
      Eigen::Vector3d(x1, layout.seat_height + layout.seat_back_height, z1),
      fabric));
  const double leg = 0.04;
  for (int corner = 0; corner < 4; ++corner) {
    const double x = (corner & 1) ? x1 - leg : x0;
    const double z = (corner & 2) ? z1 - leg : z0;
    scene.AddBox(UniformBox("seat leg", Eigen::Vector3d(x, 0.0, z),
                            Eigen::Vector3d(x + leg, seat_bottom, z + leg),
                            frame));
  }
}

void AddShelf(const RoomLayout& layout, TextureMaker& textures,
              SyntheticScene& scene) {
  const int birch =
      textures.Add(Palette(0xD8C49A, 0x8A6E44, 0xF2E6C8, 0x5A4A30, 0.7));
  const std::array<int, 3> covers = {
      textures.Add(Palette(0x2E5A8A, 0xE8E0C8, 0x14243A, 0xC0A040, 0.3)),
      textures.Add(Palette(0x8A2E3A, 0xF0D8B0, 0x3A1014, 0x405060, 0.3)),
      textures.Add(Palette(0x3A7A4A, 0xF4F0E0, 0x183A20, 0xA05030, 0.3)),
  };

  const double wall_z = -0.5 * layout.depth;
  const double front_z = wall_z + layout.shelf_depth;
  const double x0 = layout.shelf_x_range.x();
  const double x1 = layout.shelf_x_range.y();
  const double panel = 0.03;
  scene.AddBox(UniformBox(
      "shelf side", Eigen::Vector3d(x0, 0.0, wall_z),
      Eigen::Vector3d(x0 + panel, layout.shelf_height, front_z), birch));
  scene.AddBox(
      UniformBox("shelf side", Eigen::Vector3d(x1 - panel, 0.0, wall_z),
                 Eigen::Vector3d(x1, layout.shelf_height, front_z), birch));
  const int boards = std::max(2, layout.shelf_boards);
  const double pitch = (layout.shelf_height - panel) / (boards - 1);
  for (int i = 0; i < boards; ++i) {
    const double y = i * pitch;
    scene.AddBox(
        UniformBox("shelf board", Eigen::Vector3d(x0 + panel, y, wall_z),
                   Eigen::Vector3d(x1 - panel, y + panel, front_z), birch));
  }

  // Books on the lower compartments: a fixed pattern of sizes, so geometry
  // stays independent of the seed.
  static constexpr double kWidths[] = {0.045, 0.03, 0.06, 0.04,
                                       0.035, 0.07, 0.05};
  static constexpr double kHeights[] = {0.30, 0.26, 0.33, 0.22,
                                        0.28, 0.31, 0.24};
  int book = 0;
  for (int level = 0; level + 1 < boards && level < 3; ++level) {
    const double bottom = level * pitch + panel;
    const double headroom = pitch - panel - 0.02;
    double x = x0 + panel + 0.04 + 0.09 * level;
    const double end = x1 - panel - 0.25 + 0.1 * level;
    while (true) {
      const double width = kWidths[book % 7];
      if (x + width > end) break;
      const double height = std::min(kHeights[(book * 3) % 7], headroom);
      const double depth = layout.shelf_depth - 0.06 - 0.02 * (book % 3);
      scene.AddBox(UniformBox(
          "book", Eigen::Vector3d(x, bottom, wall_z + 0.01),
          Eigen::Vector3d(x + width, bottom + height, wall_z + 0.01 + depth),
          covers[book % 3]));
      x += width + 0.004;
      ++book;
    }
  }
}

void AddRug(const RoomLayout& layout, const RoomOptions& options,
            TextureMaker& textures, SyntheticScene& scene) {
  ProceduralTextureOptions rug_look =
      Palette(0x6A2E5A, 0xE0B040, 0x1E3A6A, 0xE8E0D0, 0.8);
  rug_look.checker_cell = 0.2;
  rug_look.checker_contrast = 0.3;

  SceneRectangle rug;
  rug.name = "rug";
  rug.normal_axis = 1;
  rug.normal_positive = true;
  rug.offset = layout.rug_lift;
  rug.min = Eigen::Vector2d(layout.table_centre.x() - 0.9,
                            layout.table_centre.y() - 0.8);
  rug.max = Eigen::Vector2d(layout.table_centre.x() + 0.9,
                            layout.seat_centre.y() + 0.55);
  rug.texture = textures.Add(rug_look, options.plain_surfaces);
  scene.AddRectangle(rug);
}

// A rectangle poster_gap in front of a wall, facing into the room, tagged as
// a reference image that hangs upright.
SceneRectangle WallPictureRectangle(const RoomLayout& layout,
                                    const RoomLayout::WallPicture& picture,
                                    int texture) {
  SceneRectangle rectangle;
  rectangle.name = picture.name;
  rectangle.normal_axis = picture.wall / 2;
  // Walls at the min side face +axis into the room, and so do their
  // pictures.
  const bool min_wall = picture.wall % 2 == 0;
  rectangle.normal_positive = min_wall;
  const double half_room =
      0.5 * (rectangle.normal_axis == 0 ? layout.width : layout.depth);
  rectangle.offset =
      min_wall ? -half_room + layout.poster_gap : half_room - layout.poster_gap;
  // SurfaceAxes of a wall are (horizontal, y).
  const Eigen::Vector2d half = 0.5 * picture.size;
  rectangle.min = picture.centre - half;
  rectangle.max = picture.centre + half;
  rectangle.texture = texture;
  rectangle.reference = ReferenceTag{picture.name, Eigen::Vector3d::UnitY()};
  return rectangle;
}

void AddWallPictures(const RoomLayout& layout, TextureMaker& textures,
                     SyntheticScene& scene) {
  // The first look is the room's original poster; further pictures cycle
  // through other colours.
  const ProceduralTextureOptions looks[] = {
      PictureLook(0xF0E8D0, 0xD04020, 0x204080, 0x101010, 0.5),
      PictureLook(0x1C2A3A, 0xF0C020, 0xE8E8E0, 0x30A0A0, 0.45),
      PictureLook(0xF4F0F8, 0x7030A0, 0x20A050, 0xE07010, 0.4),
  };
  int index = 0;
  for (const RoomLayout::WallPicture& picture : layout.wall_pictures) {
    const int texture = textures.Add(looks[index++ % 3]);
    scene.AddRectangle(WallPictureRectangle(layout, picture, texture));
  }
}

void AddTableObjects(const RoomLayout& layout, TextureMaker& textures,
                     SyntheticScene& scene) {
  SceneRectangle magazine;
  magazine.name = "magazine";
  magazine.normal_axis = 1;
  magazine.normal_positive = true;
  magazine.offset = layout.table_height + layout.picture_lift;
  // SurfaceAxes of the floor-like planes are (x, z).
  magazine.min = layout.magazine_centre - 0.5 * layout.magazine_size;
  magazine.max = layout.magazine_centre + 0.5 * layout.magazine_size;
  magazine.texture =
      textures.Add(PictureLook(0xFAFAF4, 0xC02030, 0x1A1A1A, 0x2060C0, 0.2));
  magazine.reference = ReferenceTag{"magazine", -Eigen::Vector3d::UnitZ()};
  scene.AddRectangle(magazine);

  const Eigen::Vector3d size = layout.box_size;
  const Eigen::Vector3d min(layout.box_centre.x() - 0.5 * size.x(),
                            layout.table_height,
                            layout.box_centre.y() - 0.5 * size.z());
  const Eigen::Vector3d max = min + size;
  scene.AddBox(UniformBox(
      "box", min, max,
      textures.Add(Palette(0xE8C040, 0x806010, 0xF8E8A0, 0x304880, 0.3))));
  SceneRectangle front;
  front.name = "box front";
  front.normal_axis = 2;
  front.normal_positive = true;
  front.offset = max.z() + 0.001;
  // SurfaceAxes of the z-facing planes are (x, y); a margin keeps the
  // picture inside the face.
  const double margin = 0.01;
  front.min = Eigen::Vector2d(min.x() + margin, min.y() + margin);
  front.max = Eigen::Vector2d(max.x() - margin, max.y() - margin);
  front.texture =
      textures.Add(PictureLook(0xF8F0E0, 0xE05020, 0x2070B0, 0x40A040, 0.15));
  front.reference = ReferenceTag{"box-front", Eigen::Vector3d::UnitY()};
  scene.AddRectangle(front);
}

}  // namespace

SyntheticScene MakeRoomScene(uint64_t seed, const RoomLayout& layout,
                             const RoomOptions& options) {
  layout.Check();
  SyntheticScene scene;
  TextureMaker textures(&scene, seed);
  AddRoomShell(layout, options, textures, scene);
  AddTable(layout, textures, scene);
  AddChair(layout, textures, scene);
  AddShelf(layout, textures, scene);
  AddRug(layout, options, textures, scene);
  AddWallPictures(layout, textures, scene);
  AddTableObjects(layout, textures, scene);
  return scene;
}

}  // namespace synthetic
}  // namespace vc
