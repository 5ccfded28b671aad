#include "reconstruction/surface_nets.h"

#include <cmath>
#include <limits>

namespace vc {
namespace {

// The chunk's voxels with a one-voxel margin on every side: the quads of
// its edges reach one cell below it, and a cell reaches one voxel above.
constexpr int kGrid = kChunkVoxels + 2;
constexpr int kNotComputed = -2;
constexpr int kNoVertex = -1;
// A sign change between neighbours whose distances add up to more than a
// truncation is no surface: it is where a voxel seen only in front of a
// surface meets one seen only behind another (at 4 voxels a truncation, a
// true crossing changes by about a quarter per voxel).
constexpr float kMaxCrossingJump = 1.0f;

int LocalIndex(int x, int y, int z) { return x + kGrid * (y + kGrid * z); }

bool IsCrossing(float a, float b) {
  return (a < 0) != (b < 0) && std::abs(a) + std::abs(b) <= kMaxCrossingJump;
}

class ChunkMesher {
 public:
  ChunkMesher(const TsdfVolume& volume, const GridIndex& chunk)
      : voxel_size_(static_cast<float>(volume.options().voxel_size)),
        first_{chunk.x * kChunkVoxels - 1, chunk.y * kChunkVoxels - 1,
               chunk.z * kChunkVoxels - 1},
        values_(kGrid * kGrid * kGrid, std::numeric_limits<float>::quiet_NaN()),
        cell_vertex_(kGrid * kGrid * kGrid, kNotComputed) {
    CopyVoxels(volume);
  }

  ChunkMesh Mesh() {
    for (int z = 1; z <= kChunkVoxels; ++z) {
      for (int y = 1; y <= kChunkVoxels; ++y) {
        for (int x = 1; x <= kChunkVoxels; ++x) {
          // Most voxels are unobserved or free space far from a surface.
          const float here = At(x, y, z);
          if (std::isnan(here) || here >= kMaxCrossingJump) continue;
          for (int axis = 0; axis < 3; ++axis) AddQuad(x, y, z, axis);
        }
      }
    }
    return std::move(mesh_);
  }

 private:
  void CopyVoxels(const TsdfVolume& volume) {
    const int first_block[3] = {BlockOfVoxel(first_.x), BlockOfVoxel(first_.y),
                                BlockOfVoxel(first_.z)};
    const int last_block[3] = {BlockOfVoxel(first_.x + kGrid - 1),
                               BlockOfVoxel(first_.y + kGrid - 1),
                               BlockOfVoxel(first_.z + kGrid - 1)};
    for (int bz = first_block[2]; bz <= last_block[2]; ++bz) {
      for (int by = first_block[1]; by <= last_block[1]; ++by) {
        for (int bx = first_block[0]; bx <= last_block[0]; ++bx) {
          const VoxelBlock* block = volume.Find({bx, by, bz});
          if (block != nullptr) CopyBlock(*block, {bx, by, bz});
        }
      }
    }
  }

  void CopyBlock(const VoxelBlock& block, const GridIndex& index) {
    int voxel = 0;
    for (int k = 0; k < kVoxelBlockSide; ++k) {
      const int z = index.z * kVoxelBlockSide + k - first_.z;
      for (int j = 0; j < kVoxelBlockSide; ++j) {
        const int y = index.y * kVoxelBlockSide + j - first_.y;
        for (int i = 0; i < kVoxelBlockSide; ++i, ++voxel) {
          const int x = index.x * kVoxelBlockSide + i - first_.x;
          if (x < 0 || y < 0 || z < 0 || x >= kGrid || y >= kGrid ||
              z >= kGrid || block.weight[voxel] <= 0) {
            continue;
          }
          values_[LocalIndex(x, y, z)] = block.distance[voxel];
        }
      }
    }
  }

  float At(int x, int y, int z) const { return values_[LocalIndex(x, y, z)]; }

  // The quad across the edge from voxel (x, y, z) along axis, if the
  // surface crosses it and the four cells around it all have vertices.
  void AddQuad(int x, int y, int z, int axis) {
    int next[3] = {x, y, z};
    ++next[axis];
    const float here = At(x, y, z);
    const float there = At(next[0], next[1], next[2]);
    if (std::isnan(here) || std::isnan(there) || !IsCrossing(here, there)) {
      return;
    }
    const int b = (axis + 1) % 3;
    const int c = (axis + 2) % 3;
    int cell[3] = {x, y, z};
    int quad[4];
    // Cells v, v - e_b, v - e_b - e_c, v - e_c: counter-clockwise seen from
    // +axis, the side the free space (positive distance) is on when here is
    // behind the surface.
    const int steps[4][2] = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
    for (int corner = 0; corner < 4; ++corner) {
      int at[3] = {cell[0], cell[1], cell[2]};
      at[b] -= steps[corner][0];
      at[c] -= steps[corner][1];
      quad[corner] = CellVertex(at[0], at[1], at[2]);
      if (quad[corner] < 0) return;
    }
    const auto q = [&](int i) { return static_cast<uint32_t>(quad[i]); };
    if (here < 0) {
      mesh_.faces.push_back({q(0), q(1), q(2)});
      mesh_.faces.push_back({q(0), q(2), q(3)});
    } else {
      mesh_.faces.push_back({q(0), q(2), q(1)});
      mesh_.faces.push_back({q(0), q(3), q(2)});
    }
  }

  // The output index of the vertex of the cell whose lowest corner is voxel
  // (x, y, z), computed on first use; kNoVertex when the surface does not
  // cross it.
  int CellVertex(int x, int y, int z) {
    int& state = cell_vertex_[LocalIndex(x, y, z)];
    if (state == kNotComputed) state = ComputeCellVertex(x, y, z);
    return state;
  }

  int ComputeCellVertex(int x, int y, int z) {
    float s[8];  // corner c at (c & 1, c >> 1 & 1, c >> 2 & 1)
    for (int corner = 0; corner < 8; ++corner) {
      s[corner] =
          At(x + (corner & 1), y + (corner >> 1 & 1), z + (corner >> 2 & 1));
      if (std::isnan(s[corner])) return kNoVertex;
    }
    Eigen::Vector3f sum = Eigen::Vector3f::Zero();
    int crossings = 0;
    for (int corner = 0; corner < 8; ++corner) {
      for (int axis = 0; axis < 3; ++axis) {
        if (corner & (1 << axis)) continue;
        const int other = corner | (1 << axis);
        if (!IsCrossing(s[corner], s[other])) continue;
        Eigen::Vector3f point(corner & 1, corner >> 1 & 1, corner >> 2 & 1);
        point[axis] += s[corner] / (s[corner] - s[other]);
        sum += point;
        ++crossings;
      }
    }
    if (crossings == 0) return kNoVertex;
    const Eigen::Vector3f local = sum / static_cast<float>(crossings);
    mesh_.vertices.push_back(
        (Eigen::Vector3f(first_.x + x, first_.y + y, first_.z + z) + local) *
        voxel_size_);
    mesh_.normals.push_back(CellGradient(s));
    return static_cast<int>(mesh_.vertices.size()) - 1;
  }

  // The distance's gradient over the cell, normalised: away from the
  // surface, towards the free space it was seen from.
  static Eigen::Vector3f CellGradient(const float s[8]) {
    Eigen::Vector3f gradient = Eigen::Vector3f::Zero();
    for (int corner = 0; corner < 8; ++corner) {
      for (int axis = 0; axis < 3; ++axis) {
        gradient[axis] += (corner & (1 << axis)) ? s[corner] : -s[corner];
      }
    }
    const float norm = gradient.norm();
    return norm > 0 ? Eigen::Vector3f(gradient / norm)
                    : Eigen::Vector3f::UnitY();
  }

  const float voxel_size_;
  const GridIndex first_;  // the global voxel at local (0, 0, 0)
  std::vector<float> values_;
  std::vector<int> cell_vertex_;
  ChunkMesh mesh_;
};

}  // namespace

ChunkMesh ExtractChunkMesh(const TsdfVolume& volume, const GridIndex& chunk) {
  return ChunkMesher(volume, chunk).Mesh();
}

}  // namespace vc
