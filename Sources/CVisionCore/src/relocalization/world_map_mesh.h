// The scene mesh a world map may carry (section MESH, format version 3;
// Datasets/WORLD_MAP.md): the volume the mesh was fused in, so that a
// session that opens the map goes on fusing where the saving one stopped
// and meshes the same surface, and the mesh chunks' triangles as the saving
// session last published them, for readers that want the surface without
// meshing a volume.
#pragma once

#include <Eigen/Core>
#include <array>
#include <cstdint>
#include <vector>

#include "relocalization/world_map_bytes.h"

namespace vc {

struct WorldMapMesh {
  // Voxels per block side; the engine's volume must agree (session.cpp).
  static constexpr int kBlockSide = 8;
  static constexpr int kVoxelsPerBlock = kBlockSide * kBlockSide * kBlockSide;
  // An observation count's ceiling, as the engine's running average keeps.
  static constexpr float kMaxWeight = 64;

  struct Block {
    std::array<int32_t, 3> index{};
    // Per voxel, x fastest: signed distance in truncation units (-1..1)
    // and observations averaged (0: never seen).
    std::vector<float> distance;
    std::vector<float> weight;
  };
  struct Chunk {
    std::array<int32_t, 3> index{};
    std::vector<Eigen::Vector3f> vertices;  // world, metres
    std::vector<Eigen::Vector3f> normals;
    std::vector<std::array<uint32_t, 3>> faces;
    // One vc_mesh_classification_t per face.
    std::vector<uint8_t> classes;
  };

  float voxel_size = 0;
  float truncation_voxels = 0;
  std::vector<Block> blocks;
  std::vector<Chunk> chunks;

  int64_t face_count() const;
};

// Bounds a reader enforces before allocating.
constexpr int64_t kMaxWorldMapMeshBlocks = int64_t{1} << 24;
constexpr int64_t kMaxWorldMapMeshChunks = int64_t{1} << 20;
constexpr int64_t kMaxWorldMapChunkVertices = int64_t{1} << 22;

void WriteWorldMapMesh(const WorldMapMesh& mesh, ByteWriter& out);

// Reads a MESH payload; throws StatusError naming the field on anything the
// document does not allow (sizes, non-finite or out-of-range values, face
// indices past the vertices, unknown classes, a block or chunk twice).
WorldMapMesh ReadWorldMapMesh(ByteReader& r);

}  // namespace vc
