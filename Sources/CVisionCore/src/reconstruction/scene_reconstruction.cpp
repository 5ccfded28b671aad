#include "reconstruction/scene_reconstruction.h"

#include <algorithm>

namespace vc {
namespace {

// The chunks whose meshes read a block's voxels: each chunk meshes its
// voxels with a one-voxel margin on every side (surface_nets.cpp), so a
// block's change reaches the chunks whose margins hold its edge voxels too.
// At most two chunks along each axis: a block and its margins span 10
// voxels, a chunk 32. Calls visit(chunk) for each, without allocating (it
// runs for every block every fusion touches).
template <typename Visit>
void ForEachChunkReachedBy(const GridIndex& block, const Visit& visit) {
  const auto chunk_of_voxel = [](int v) {
    return ChunkOfBlock(BlockOfVoxel(v));
  };
  const int first[3] = {block.x * kVoxelBlockSide - 1,
                        block.y * kVoxelBlockSide - 1,
                        block.z * kVoxelBlockSide - 1};
  for (int z = chunk_of_voxel(first[2]);
       z <= chunk_of_voxel(first[2] + kVoxelBlockSide + 1); ++z) {
    for (int y = chunk_of_voxel(first[1]);
         y <= chunk_of_voxel(first[1] + kVoxelBlockSide + 1); ++y) {
      for (int x = chunk_of_voxel(first[0]);
           x <= chunk_of_voxel(first[0] + kVoxelBlockSide + 1); ++x) {
        visit(GridIndex{x, y, z});
      }
    }
  }
}

}  // namespace

SceneReconstruction::SceneReconstruction(const TsdfOptions& options,
                                         bool classify, int remesh_interval,
                                         size_t max_blocks,
                                         size_t max_view_bytes)
    : volume_(options),
      classify_(classify),
      remesh_interval_(std::max(1, remesh_interval)),
      max_blocks_(max_blocks),
      history_(max_view_bytes) {}

int SceneReconstruction::Integrate(
    const cv::Mat& depth, double metres_per_unit, const PinholeCamera& camera,
    const Eigen::Isometry3d& world_from_opencv_camera, int64_t timestamp_ns) {
  int invalid = 0;
  const FusionDepth fusion_depth = DepthForFusion(
      depth, metres_per_unit, volume_.options().max_depth, &invalid);
  Fuse(fusion_depth, camera, world_from_opencv_camera);
  history_.Offer(timestamp_ns, fusion_depth, camera, world_from_opencv_camera);
  return invalid;
}

void SceneReconstruction::BeginReintegration(
    const std::vector<TimedWorldPose>& poses) {
  volume_ = TsdfVolume(volume_.options());
  dirty_chunks_.clear();
  dirty_queue_.clear();
  views_to_reintegrate_ = history_.Placed(poses);
  views_reintegrated_ = 0;
  reintegrating_ = true;
}

void SceneReconstruction::ReintegrateSome(int max_views) {
  if (!reintegrating_) return;
  for (int fused = 0;
       fused < max_views && views_reintegrated_ < views_to_reintegrate_.size();
       ++fused) {
    const FusedViewHistory::PlacedView& placed =
        views_to_reintegrate_[views_reintegrated_++];
    Fuse(placed.view.depth, placed.view.camera, placed.world_from_camera);
  }
  if (views_reintegrated_ == views_to_reintegrate_.size()) {
    FinishReintegration();
  }
}

void SceneReconstruction::FinishReintegration() {
  for (const auto& [chunk, anchor] : anchors_) dirty_chunks_.insert(chunk);
  // Due at once, in the order of their indices.
  dirty_queue_.clear();
  for (const GridIndex& chunk : dirty_chunks_) {
    dirty_queue_.emplace_back(chunk, frames_ - remesh_interval_);
  }
  views_to_reintegrate_.clear();
  views_reintegrated_ = 0;
  reintegrating_ = false;
}

void SceneReconstruction::Fuse(
    const FusionDepth& depth, const PinholeCamera& camera,
    const Eigen::Isometry3d& world_from_opencv_camera) {
  for (const GridIndex& block :
       volume_.Integrate(depth, camera, world_from_opencv_camera)) {
    MarkChunksOf(block);
  }
  if (max_blocks_ > 0 && volume_.block_count() > max_blocks_) {
    // Down to nine tenths, so that the dropping (a pass over every block)
    // comes once in many frames, not every frame at the limit.
    for (const GridIndex& block :
         volume_.DropOldestBlocks(max_blocks_ * 9 / 10)) {
      MarkChunksOf(block);
    }
  }
}

void SceneReconstruction::MarkChunksOf(const GridIndex& block) {
  ForEachChunkReachedBy(block, [this](const GridIndex& chunk) {
    if (dirty_chunks_.insert(chunk).second) {
      dirty_queue_.emplace_back(chunk, frames_);
    }
  });
}

double SceneReconstruction::ClassTolerance() const {
  // On a plane within two voxels (and 3 cm for fine voxels): the fused
  // surface of a flat floor lies well within it.
  return std::max(0.03, 2 * volume_.options().voxel_size);
}

MeshChanges SceneReconstruction::Remesh(
    const std::vector<ClassifiedPlane>& planes, bool everything) {
  MeshChanges changes;
  if (reintegrating_) return changes;
  for (int meshed = 0; !dirty_queue_.empty(); ++meshed) {
    const auto [chunk, changed_at] = dirty_queue_.front();
    if (!everything && (meshed == kMaxChunksRemeshedPerFrame ||
                        changed_at + remesh_interval_ > frames_)) {
      break;
    }
    dirty_queue_.pop_front();
    dirty_chunks_.erase(chunk);
    restored_chunks_.erase(chunk);
    ChunkMesh mesh = ExtractChunkMesh(volume_, chunk);
    const auto existing = anchors_.find(chunk);
    if (mesh.empty()) {
      if (existing != anchors_.end()) {
        changes.removed.push_back(existing->second->id);
        anchors_.erase(existing);
      }
      continue;
    }
    auto anchor = std::make_shared<MeshAnchorData>(
        MakeAnchor(chunk, std::move(mesh), planes));
    if (existing == anchors_.end()) {
      anchor->id = next_id_++;
      changes.added.push_back(anchor);
      anchors_.emplace(chunk, std::move(anchor));
    } else {
      anchor->id = existing->second->id;
      anchor->revision = existing->second->revision + 1;
      changes.updated.push_back(anchor);
      existing->second = std::move(anchor);
    }
  }
  return changes;
}

MeshAnchorData SceneReconstruction::MakeAnchor(
    const GridIndex& chunk, ChunkMesh mesh,
    const std::vector<ClassifiedPlane>& planes) const {
  std::vector<uint8_t> classes =
      classify_ ? ClassifyFaces(mesh, planes, ClassTolerance())
                : std::vector<uint8_t>(mesh.faces.size(), 0);
  return AnchorOf(chunk, std::move(mesh), std::move(classes));
}

MeshAnchorData SceneReconstruction::AnchorOf(
    const GridIndex& chunk, ChunkMesh mesh,
    std::vector<uint8_t> face_classes) const {
  const double chunk_size = volume_.options().voxel_size * kChunkVoxels;
  MeshAnchorData anchor;
  anchor.chunk = chunk;
  anchor.origin = Eigen::Vector3d(chunk.x, chunk.y, chunk.z) * chunk_size;
  anchor.face_classes = std::move(face_classes);
  for (const Eigen::Vector3f& vertex : mesh.vertices) {
    anchor.bounds.extend(vertex);
  }
  anchor.mesh = std::move(mesh);
  return anchor;
}

std::vector<MeshAnchorData> SceneReconstruction::MeshEveryChunk(
    const std::vector<ClassifiedPlane>& planes) const {
  std::set<GridIndex> chunks;
  for (const GridIndex& block : volume_.BlockIndices()) {
    ForEachChunkReachedBy(
        block, [&chunks](const GridIndex& chunk) { chunks.insert(chunk); });
  }
  std::vector<MeshAnchorData> meshed;
  for (const GridIndex& chunk : chunks) {
    ChunkMesh mesh = ExtractChunkMesh(volume_, chunk);
    if (!mesh.empty())
      meshed.push_back(MakeAnchor(chunk, std::move(mesh), planes));
  }
  return meshed;
}

MeshChanges SceneReconstruction::Restore(
    const std::vector<std::pair<GridIndex, VoxelBlock>>& blocks,
    std::vector<RestoredChunk> chunks) {
  MeshChanges changes = Clear();
  for (const auto& [index, block] : blocks) volume_.RestoreBlock(index, block);
  for (RestoredChunk& chunk : chunks) {
    if (!classify_) chunk.face_classes.assign(chunk.mesh.faces.size(), 0);
    auto anchor = std::make_shared<MeshAnchorData>(AnchorOf(
        chunk.chunk, std::move(chunk.mesh), std::move(chunk.face_classes)));
    anchor->id = next_id_++;
    changes.added.push_back(anchor);
    restored_chunks_.insert(anchor->chunk);
    anchors_[anchor->chunk] = std::move(anchor);
  }
  return changes;
}

MeshChanges SceneReconstruction::Reclassify(
    const std::vector<ClassifiedPlane>& planes) {
  MeshChanges changes;
  if (!classify_) return changes;
  for (auto& [chunk, anchor] : anchors_) {
    // A chunk as a world map gave it keeps the classes of the planes that
    // session saw, until this one meshes it anew.
    if (restored_chunks_.count(chunk) != 0) continue;
    std::vector<uint8_t> classes =
        ClassifyFaces(anchor->mesh, planes, ClassTolerance());
    if (classes == anchor->face_classes) continue;
    auto changed = std::make_shared<MeshAnchorData>(*anchor);
    changed->face_classes = std::move(classes);
    ++changed->revision;
    changes.updated.push_back(changed);
    anchor = std::move(changed);
  }
  return changes;
}

MeshChanges SceneReconstruction::Clear() {
  MeshChanges changes;
  for (const auto& [chunk, anchor] : anchors_) {
    changes.removed.push_back(anchor->id);
  }
  std::sort(changes.removed.begin(), changes.removed.end());
  anchors_.clear();
  dirty_chunks_.clear();
  dirty_queue_.clear();
  volume_ = TsdfVolume(volume_.options());
  history_.Clear();
  restored_chunks_.clear();
  views_to_reintegrate_.clear();
  reintegrating_ = false;
  return changes;
}

}  // namespace vc
