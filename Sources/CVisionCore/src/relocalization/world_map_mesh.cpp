#include "relocalization/world_map_mesh.h"

#include <algorithm>
#include <string>

namespace vc {
namespace {

// The largest vc_mesh_classification_t (door).
constexpr uint8_t kMaxMeshClass = 7;

void WriteIndex(const std::array<int32_t, 3>& index, ByteWriter& out) {
  for (int32_t value : index) out.I32(value);
}

std::array<int32_t, 3> ReadIndex(ByteReader& r, const char* field) {
  std::array<int32_t, 3> index{};
  for (int32_t& value : index) value = r.I32(field);
  return index;
}

void WriteVectors(const std::vector<Eigen::Vector3f>& vectors,
                  ByteWriter& out) {
  for (const Eigen::Vector3f& v : vectors) {
    for (int a = 0; a < 3; ++a) out.F32(v(a));
  }
}

std::vector<Eigen::Vector3f> ReadVectors(ByteReader& r, size_t count,
                                         const char* field) {
  r.Need(static_cast<uint64_t>(count) * 12, field);
  std::vector<Eigen::Vector3f> vectors(count);
  for (Eigen::Vector3f& v : vectors) {
    for (int a = 0; a < 3; ++a) v(a) = r.F32(field);
  }
  return vectors;
}

// Refuses a count above its maximum or above what the bytes left can hold
// at bytes_each, before anything is allocated.
size_t CheckedCount(ByteReader& r, uint64_t count, int64_t maximum,
                    uint64_t bytes_each, const char* field) {
  Require(count <= static_cast<uint64_t>(maximum),
          r.what() + ": " + field + " is " + std::to_string(count) +
              ", at most " + std::to_string(maximum));
  r.Need(count * bytes_each, field);
  return static_cast<size_t>(count);
}

WorldMapMesh::Block ReadBlock(ByteReader& r) {
  WorldMapMesh::Block block;
  block.index = ReadIndex(r, "block index");
  block.distance.resize(WorldMapMesh::kVoxelsPerBlock);
  block.weight.resize(WorldMapMesh::kVoxelsPerBlock);
  for (float& d : block.distance) {
    d = r.F32("voxel distance");
    // Tested before the message is made: a block has 512 of them.
    if (d < -1 || d > 1) {
      ByteReader::Fail(r.what() + ": a voxel distance is " + std::to_string(d) +
                       ", outside -1..1 truncation units");
    }
  }
  for (float& w : block.weight) {
    w = r.F32("voxel weight");
    if (w < 0 || w > WorldMapMesh::kMaxWeight) {
      ByteReader::Fail(r.what() + ": a voxel weight is " + std::to_string(w) +
                       ", outside 0..64 observations");
    }
  }
  return block;
}

WorldMapMesh::Chunk ReadChunk(ByteReader& r) {
  WorldMapMesh::Chunk chunk;
  chunk.index = ReadIndex(r, "chunk index");
  const size_t vertex_count = CheckedCount(
      r, r.U32("vertex count"), kMaxWorldMapChunkVertices, 24, "vertex count");
  const size_t face_count = CheckedCount(
      r, r.U32("face count"), 2 * kMaxWorldMapChunkVertices, 13, "face count");
  chunk.vertices = ReadVectors(r, vertex_count, "vertex");
  chunk.normals = ReadVectors(r, vertex_count, "normal");
  chunk.faces.resize(face_count);
  for (std::array<uint32_t, 3>& face : chunk.faces) {
    for (uint32_t& corner : face) {
      corner = r.U32("face");
      if (corner >= vertex_count) {
        ByteReader::Fail(r.what() + ": a face names vertex " +
                         std::to_string(corner) + " of a chunk with " +
                         std::to_string(vertex_count));
      }
    }
  }
  chunk.classes.resize(face_count);
  for (uint8_t& face_class : chunk.classes) {
    face_class = r.U8("face class");
    if (face_class > kMaxMeshClass) {
      ByteReader::Fail(r.what() + ": a face's class is " +
                       std::to_string(face_class) +
                       "; 0 (none) to 7 (door) expected");
    }
  }
  return chunk;
}

template <typename Item>
void RequireDistinctIndices(const ByteReader& r, const std::vector<Item>& items,
                            const char* what) {
  std::vector<std::array<int32_t, 3>> indices;
  indices.reserve(items.size());
  for (const Item& item : items) indices.push_back(item.index);
  std::sort(indices.begin(), indices.end());
  Require(std::adjacent_find(indices.begin(), indices.end()) == indices.end(),
          r.what() + ": a " + what + " index appears twice");
}

}  // namespace

int64_t WorldMapMesh::face_count() const {
  int64_t count = 0;
  for (const Chunk& chunk : chunks) {
    count += static_cast<int64_t>(chunk.faces.size());
  }
  return count;
}

void WriteWorldMapMesh(const WorldMapMesh& mesh, ByteWriter& out) {
  out.F32(mesh.voxel_size);
  out.F32(mesh.truncation_voxels);
  out.U64(mesh.blocks.size());
  for (const WorldMapMesh::Block& block : mesh.blocks) {
    WriteIndex(block.index, out);
    for (float d : block.distance) out.F32(d);
    for (float w : block.weight) out.F32(w);
  }
  out.U64(mesh.chunks.size());
  for (const WorldMapMesh::Chunk& chunk : mesh.chunks) {
    WriteIndex(chunk.index, out);
    out.U32(static_cast<uint32_t>(chunk.vertices.size()));
    out.U32(static_cast<uint32_t>(chunk.faces.size()));
    WriteVectors(chunk.vertices, out);
    WriteVectors(chunk.normals, out);
    for (const std::array<uint32_t, 3>& face : chunk.faces) {
      for (uint32_t corner : face) out.U32(corner);
    }
    for (uint8_t face_class : chunk.classes) out.U8(face_class);
  }
}

WorldMapMesh ReadWorldMapMesh(ByteReader& r) {
  WorldMapMesh mesh;
  mesh.voxel_size = r.F32("voxel size");
  Require(mesh.voxel_size > 0.001f && mesh.voxel_size < 0.25f,
          r.what() + ": the voxel size is " + std::to_string(mesh.voxel_size) +
              " m, outside (0.001, 0.25)");
  mesh.truncation_voxels = r.F32("truncation");
  Require(mesh.truncation_voxels >= 1 && mesh.truncation_voxels <= 16,
          r.what() + ": the truncation is " +
              std::to_string(mesh.truncation_voxels) +
              " voxels, outside 1..16");
  constexpr uint64_t kBlockBytes = 12 + 8 * WorldMapMesh::kVoxelsPerBlock;
  mesh.blocks.resize(CheckedCount(r, r.U64("block count"),
                                  kMaxWorldMapMeshBlocks, kBlockBytes,
                                  "block count"));
  for (WorldMapMesh::Block& block : mesh.blocks) block = ReadBlock(r);
  RequireDistinctIndices(r, mesh.blocks, "block");
  mesh.chunks.resize(CheckedCount(r, r.U64("chunk count"),
                                  kMaxWorldMapMeshChunks, 20, "chunk count"));
  for (WorldMapMesh::Chunk& chunk : mesh.chunks) chunk = ReadChunk(r);
  RequireDistinctIndices(r, mesh.chunks, "chunk");
  return mesh;
}

}  // namespace vc
