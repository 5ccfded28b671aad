// Meshes the zero crossing of a TsdfVolume, one chunk of blocks at a time,
// by surface nets: a vertex inside every cell the surface crosses (the mean
// of its edges' crossings) and a quad across every voxel edge it crosses.
// Unlike marching cubes it needs no case tables, gives a vertex per cell
// rather than per edge (a third as many), and on flat surfaces, most of a
// room, its vertices lie exactly on the fused surface.
//
// A chunk owns the quads of the voxel edges that start inside it; the
// vertices of cells just outside it are computed again from the same voxels,
// so neighbouring chunks meet without cracks.
#pragma once

#include <Eigen/Core>
#include <array>
#include <cstdint>
#include <vector>

#include "reconstruction/tsdf_volume.h"

namespace vc {

// Blocks per chunk side: 4 blocks of 8 voxels, 64 cm at 2 cm voxels.
constexpr int kChunkBlocks = 4;
constexpr int kChunkVoxels = kChunkBlocks * kVoxelBlockSide;

inline int ChunkOfBlock(int b) {
  return b >= 0 ? b / kChunkBlocks : -((-b + kChunkBlocks - 1) / kChunkBlocks);
}

struct ChunkMesh {
  std::vector<Eigen::Vector3f> vertices;       // world, metres
  std::vector<Eigen::Vector3f> normals;        // unit, away from the surface
  std::vector<std::array<uint32_t, 3>> faces;  // counter-clockwise seen
                                               // from the normals' side
  bool empty() const { return faces.empty(); }
};

ChunkMesh ExtractChunkMesh(const TsdfVolume& volume, const GridIndex& chunk);

}  // namespace vc
