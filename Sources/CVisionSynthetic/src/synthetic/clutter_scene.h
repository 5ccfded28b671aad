// The scene behind VC_SYNTHETIC_SCENE_CLUTTER: the room's footprint with no
// large flat surface anywhere. Walls, floor and ceiling are tiled with
// blocks that stand out from them by different amounts, and a heap of boxes
// takes the table's place, so every flat patch is a block face of a tenth of
// a square metre or less while the camera still sees texture everywhere. It
// exercises trackers and the "no surface found" path of plane detection.
//
// Geometry is a pure function of the seed (block depths and the heap are
// seeded), unlike the room's; annotations list no planes.
#pragma once

#include <Eigen/Core>
#include <cstdint>

#include "synthetic/synthetic_scene.h"

namespace vc {
namespace synthetic {

// Sizes in metres. The footprint and heap position match RoomLayout's room
// and table, so every camera motion made for the room fits in here too.
struct ClutterLayout {
  double width = 6.0;   // Along x.
  double depth = 5.0;   // Along z.
  double height = 2.7;  // Along y.
  // Side of the tiles that cover walls, floor and ceiling (each tile is
  // at most this square, shrunk to fit the surface exactly).
  double tile = 0.3;
  // Tiles stand out by a whole number of steps, 0..levels-1, and no two
  // neighbours by the same amount, so neighbouring tiles never merge into
  // one larger flat patch.
  double step = 0.06;
  int levels = 5;
  // The heap: boxes on a jittered grid over this footprint, the tallest
  // reaching heap_height.
  Eigen::Vector2d heap_centre = Eigen::Vector2d(0.8, -0.6);  // (x, z)
  Eigen::Vector2d heap_size = Eigen::Vector2d(1.6, 1.2);     // (x, z)
  double heap_height = 0.9;
  double heap_cell = 0.2;

  // Throws StatusError(VC_STATUS_INVALID_ARGUMENT) naming the bad field.
  void Check() const;
};

// Builds the cluttered room; checks layout first.
SyntheticScene MakeClutterScene(uint64_t seed,
                                const ClutterLayout& layout = ClutterLayout());

}  // namespace synthetic
}  // namespace vc
