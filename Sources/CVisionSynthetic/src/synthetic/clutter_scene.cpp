#include "synthetic/clutter_scene.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <string>
#include <vector>

#include "common/status_error.h"
#include "synthetic/texture_maker.h"

namespace vc {
namespace synthetic {

void ClutterLayout::Check() const {
  const auto positive = [](double value, const char* name) {
    Require(std::isfinite(value) && value > 0.0,
            std::string("ClutterLayout.") + name + " must be finite and > 0");
  };
  positive(width, "width");
  positive(depth, "depth");
  positive(height, "height");
  positive(tile, "tile");
  positive(step, "step");
  positive(heap_size.x(), "heap_size.x");
  positive(heap_size.y(), "heap_size.y");
  positive(heap_height, "heap_height");
  positive(heap_cell, "heap_cell");
  Require(tile >= 0.05 && tile <= 0.5,
          "ClutterLayout.tile must be in [0.05, 0.5] m: smaller tiles cost "
          "rendering time, larger ones make flat surfaces");
  Require(levels >= 3 && levels <= 16,
          "ClutterLayout.levels must be in 3..16 (3 lets every tile differ "
          "from two neighbours)");
  Require(step * levels < 0.25 * std::min({width, depth, height}),
          "ClutterLayout.step * levels must leave most of the room free");
  Require(heap_cell >= 0.1 && heap_cell <= 0.4,
          "ClutterLayout.heap_cell must be in [0.1, 0.4] m");
  Require(heap_height < 0.6 * height,
          "ClutterLayout.heap_height must stay well below the ceiling");
  Require(heap_centre.allFinite() &&
              std::abs(heap_centre.x()) + 0.5 * heap_size.x() <
                  0.5 * width - step * levels &&
              std::abs(heap_centre.y()) + 0.5 * heap_size.y() <
                  0.5 * depth - step * levels,
          "ClutterLayout: the heap must stand inside the room");
}

namespace {

// A uniform value in [0, 1) from a hash.
double UnitFromHash(uint64_t hash) {
  return static_cast<double>(hash >> 11) * (1.0 / 9007199254740992.0);
}

// Salts of the scene's hash streams; part of its identity, never renumber.
enum ClutterSalt : uint64_t {
  kTileLevelSalt = 1,
  kTileTextureSalt = 2,
  kHeapSalt = 3,
};

// Covers one face of the room's interior (normal along axis, at the min or
// max side) with tiles of differing relief.
void AddTiledSurface(const ClutterLayout& layout, uint64_t seed, int axis,
                     bool max_side, const std::array<int, 4>& textures,
                     SyntheticScene& scene) {
  const Eigen::Vector3d room_min(-0.5 * layout.width, 0.0, -0.5 * layout.depth);
  const Eigen::Vector3d room_max(0.5 * layout.width, layout.height,
                                 0.5 * layout.depth);
  const std::array<int, 2> tangent = SurfaceAxes(axis);
  std::array<int, 2> counts;
  std::array<double, 2> sides;
  for (int k = 0; k < 2; ++k) {
    const double extent = room_max[tangent[k]] - room_min[tangent[k]];
    counts[k] = static_cast<int>(std::ceil(extent / layout.tile - 1e-9));
    sides[k] = extent / counts[k];
  }
  const uint64_t face_seed = HashCombine(seed, 2 * axis + (max_side ? 1 : 0));
  // Every tile stands out by a level unlike its already-placed neighbours
  // (previous column, previous row).
  std::vector<int> levels(static_cast<size_t>(counts[0]) * counts[1]);
  const auto level_at = [&](int i, int j) -> int& {
    return levels[static_cast<size_t>(j) * counts[0] + i];
  };
  // Tiles reach behind the surface by this much: together they cover the
  // whole surface, so the relief never opens a gap, and a thin backing
  // keeps their screen bounds (and so the render cost) small.
  const double backing = 0.02;
  for (int j = 0; j < counts[1]; ++j) {
    for (int i = 0; i < counts[0]; ++i) {
      const uint64_t h = HashCombine(HashCombine(face_seed, kTileLevelSalt),
                                     static_cast<uint64_t>(j) * counts[0] + i);
      int level = static_cast<int>(h % static_cast<uint64_t>(layout.levels));
      for (int attempt = 0; attempt < layout.levels; ++attempt) {
        const bool same_left = i > 0 && level_at(i - 1, j) == level;
        const bool same_below = j > 0 && level_at(i, j - 1) == level;
        if (!same_left && !same_below) break;
        level = (level + 1) % layout.levels;
      }
      level_at(i, j) = level;

      SceneBox tile;
      tile.name = "tile";
      tile.min[tangent[0]] = room_min[tangent[0]] + i * sides[0];
      tile.max[tangent[0]] = tile.min[tangent[0]] + sides[0];
      tile.min[tangent[1]] = room_min[tangent[1]] + j * sides[1];
      tile.max[tangent[1]] = tile.min[tangent[1]] + sides[1];
      const double relief = level * layout.step;
      if (max_side) {
        tile.min[axis] = room_max[axis] - relief;
        tile.max[axis] = room_max[axis] + backing;
      } else {
        tile.min[axis] = room_min[axis] - backing;
        tile.max[axis] = room_min[axis] + relief;
      }
      const uint64_t look =
          HashCombine(HashCombine(face_seed, kTileTextureSalt),
                      static_cast<uint64_t>(j) * counts[0] + i);
      tile.face_textures.fill(textures[look % textures.size()]);
      scene.AddBox(tile);
    }
  }
}

// Stacks of small boxes over the heap's footprint, one stack per jittered
// grid cell, each box narrower than its cell so no top merges with another.
void AddHeap(const ClutterLayout& layout, uint64_t seed,
             const std::array<int, 4>& textures, SyntheticScene& scene) {
  const int nx = std::max(
      1, static_cast<int>(std::floor(layout.heap_size.x() / layout.heap_cell)));
  const int nz = std::max(
      1, static_cast<int>(std::floor(layout.heap_size.y() / layout.heap_cell)));
  const double cell_x = layout.heap_size.x() / nx;
  const double cell_z = layout.heap_size.y() / nz;
  const Eigen::Vector2d origin = layout.heap_centre - 0.5 * layout.heap_size;
  const uint64_t heap_seed = HashCombine(seed, kHeapSalt);
  uint64_t counter = 0;
  const auto next = [&]() {
    return UnitFromHash(HashCombine(heap_seed, counter++));
  };
  for (int iz = 0; iz < nz; ++iz) {
    for (int ix = 0; ix < nx; ++ix) {
      // Taller towards the middle of the heap, like a pile.
      const double dx = (ix + 0.5) / nx - 0.5;
      const double dz = (iz + 0.5) / nz - 0.5;
      const double crown = 1.0 - 1.2 * std::sqrt(dx * dx + dz * dz);
      const double target =
          layout.heap_height * std::max(0.25, crown) * (0.6 + 0.4 * next());
      // Stacks start on the floor plane, so none floats above a sunken
      // tile; raised tiles simply overlap their foot.
      double y = 0.0;
      const double cx = origin.x() + (ix + 0.5) * cell_x;
      const double cz = origin.y() + (iz + 0.5) * cell_z;
      while (y < target) {
        const double sx = cell_x * (0.45 + 0.45 * next());
        const double sz = cell_z * (0.45 + 0.45 * next());
        const double sy = std::min(0.08 + 0.22 * next(), target - y + 0.05);
        const double jx = (cell_x - sx) * (next() - 0.5);
        const double jz = (cell_z - sz) * (next() - 0.5);
        SceneBox box;
        box.name = "clutter";
        box.min = Eigen::Vector3d(cx + jx - 0.5 * sx, y, cz + jz - 0.5 * sz);
        box.max =
            Eigen::Vector3d(cx + jx + 0.5 * sx, y + sy, cz + jz + 0.5 * sz);
        box.face_textures.fill(textures[static_cast<size_t>(next() * 4.0)]);
        scene.AddBox(box);
        y += sy;
      }
    }
  }
}

}  // namespace

SyntheticScene MakeClutterScene(uint64_t seed, const ClutterLayout& layout) {
  layout.Check();
  SyntheticScene scene;
  TextureMaker textures(&scene, seed);
  const std::array<int, 4> wall_looks = {
      textures.Add(Palette(0x9DB09A, 0x4E6B4A, 0xE3EAD8, 0x6E8F8C, 0.6)),
      textures.Add(Palette(0xE8DCC0, 0x8C7456, 0xB8A27C, 0x5E6E84, 0.6)),
      textures.Add(Palette(0x8A9BB0, 0x2F3E5C, 0xD6DEE8, 0xB06F4C, 0.6)),
      textures.Add(Palette(0xC98566, 0x6B3224, 0xF0D2B8, 0x3E5A5A, 0.6)),
  };
  const std::array<int, 4> floor_looks = {
      textures.Add(Palette(0xA0764A, 0x5C3A1E, 0xC89A66, 0x7A5230, 0.6)),
      textures.Add(Palette(0x7A6A5A, 0x3A2E24, 0xB0A090, 0x5A6A50, 0.6)),
      textures.Add(Palette(0x8C6A4A, 0x4A3020, 0xD0B090, 0x40506A, 0.6)),
      textures.Add(Palette(0x6A5A48, 0x2A2018, 0xA89880, 0x8A4A30, 0.6)),
  };
  const std::array<int, 4> clutter_looks = {
      textures.Add(Palette(0x2E5A8A, 0xE8E0C8, 0x14243A, 0xC0A040, 0.3)),
      textures.Add(Palette(0x8A2E3A, 0xF0D8B0, 0x3A1014, 0x405060, 0.3)),
      textures.Add(Palette(0x3A7A4A, 0xF4F0E0, 0x183A20, 0xA05030, 0.3)),
      textures.Add(Palette(0xE8C040, 0x806010, 0xF8E8A0, 0x304880, 0.3)),
  };
  for (int axis = 0; axis < 3; ++axis) {
    for (bool max_side : {false, true}) {
      AddTiledSurface(layout, seed, axis, max_side,
                      axis == 1 ? floor_looks : wall_looks, scene);
    }
  }
  AddHeap(layout, seed, clutter_looks, scene);
  return scene;
}

}  // namespace synthetic
}  // namespace vc
