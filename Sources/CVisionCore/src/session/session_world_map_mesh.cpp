// The scene mesh in world maps (relocalization/world_map_mesh.h): a session
// with scene reconstruction saves its volume and mesh with the map, and a
// session that opens the map starts from them, so that it goes on fusing
// into the same volume and shows the room's mesh from its first frame.
#include <cmath>
#include <string>

#include "common/status_error.h"
#include "session/session.h"

namespace vc {

static_assert(WorldMapMesh::kVoxelsPerBlock == kVoxelsPerBlock,
              "the world map's blocks are the volume's");

namespace {

GridIndex IndexOf(const std::array<int32_t, 3>& index) {
  return {index[0], index[1], index[2]};
}

std::array<int32_t, 3> IndexOf(const GridIndex& index) {
  return {index.x, index.y, index.z};
}

}  // namespace

void Session::SettleMeshingJob() {
  if (!meshing_job_.HasJob()) return;
  meshing_job_.Collect();
  // An empty job in its place: the next frame collects it and publishes
  // meshing_output_ as it would have, so saving a map changes no output.
  meshing_job_.Submit([] {});
}

WorldMapMesh Session::SceneMeshForWorldMap() const {
  WorldMapMesh mesh;
  const TsdfVolume& volume = reconstruction_->volume();
  mesh.voxel_size = static_cast<float>(volume.options().voxel_size);
  mesh.truncation_voxels =
      static_cast<float>(volume.options().truncation_voxels);
  for (const GridIndex& index : volume.BlockIndices()) {
    const VoxelBlock& block = *volume.Find(index);
    mesh.blocks.push_back(
        {IndexOf(index),
         std::vector<float>(block.distance.begin(), block.distance.end()),
         std::vector<float>(block.weight.begin(), block.weight.end())});
  }
  for (MeshAnchorData& anchor :
       reconstruction_->MeshEveryChunk(ClassifiedPlanes())) {
    mesh.chunks.push_back(
        {IndexOf(anchor.chunk), std::move(anchor.mesh.vertices),
         std::move(anchor.mesh.normals), std::move(anchor.mesh.faces),
         std::move(anchor.face_classes)});
  }
  return mesh;
}

void Session::RequireSceneMeshFits(const WorldMapMesh& mesh) const {
  if (!reconstruction_) return;
  const TsdfOptions& options = reconstruction_->volume().options();
  Require(std::abs(mesh.voxel_size - options.voxel_size) <= 1e-6,
          "the world map's mesh was fused with " +
              std::to_string(mesh.voxel_size) +
              " m voxels and this session fuses with " +
              std::to_string(options.voxel_size) +
              " m: set the mesh voxel size to the map's to go on with its "
              "mesh");
  Require(mesh.truncation_voxels == options.truncation_voxels,
          "the world map's mesh was fused with a truncation of " +
              std::to_string(mesh.truncation_voxels) +
              " voxels, this engine fuses with " +
              std::to_string(options.truncation_voxels));
}

void Session::RestoreSceneMesh(const WorldMapMesh& mesh) {
  if (!reconstruction_) {
    carried_mesh_ = mesh;
    return;
  }
  std::vector<std::pair<GridIndex, VoxelBlock>> blocks(mesh.blocks.size());
  for (size_t i = 0; i < mesh.blocks.size(); ++i) {
    blocks[i].first = IndexOf(mesh.blocks[i].index);
    std::copy(mesh.blocks[i].distance.begin(), mesh.blocks[i].distance.end(),
              blocks[i].second.distance.begin());
    std::copy(mesh.blocks[i].weight.begin(), mesh.blocks[i].weight.end(),
              blocks[i].second.weight.begin());
  }
  std::vector<SceneReconstruction::RestoredChunk> chunks(mesh.chunks.size());
  for (size_t i = 0; i < mesh.chunks.size(); ++i) {
    const WorldMapMesh::Chunk& from = mesh.chunks[i];
    chunks[i] = {IndexOf(from.index),
                 {from.vertices, from.normals, from.faces},
                 from.classes};
  }
  PublishMeshChanges(reconstruction_->Restore(blocks, std::move(chunks)));
}

}  // namespace vc
