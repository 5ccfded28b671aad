// Scene reconstruction: fuses each frame's registered depth at its tracked
// pose into a TsdfVolume and keeps the surface as mesh chunks with stable
// ids, ARKit's ARMeshAnchor. Chunks are re-meshed only where depth changed
// them, at most every remesh_interval frames.
//
// Not thread-safe: the session runs it on its worker thread and reads only
// the anchors it published (MeshAnchorData is immutable once made).
#pragma once

#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <set>
#include <vector>

#include "reconstruction/fused_view_history.h"
#include "reconstruction/mesh_classification.h"
#include "reconstruction/surface_nets.h"
#include "reconstruction/tsdf_volume.h"

namespace vc {

// Chunks re-meshed per frame at most: about 0.2 ms each at 2 cm.
constexpr int kMaxChunksRemeshedPerFrame = 4;
// Depth maps fused per frame at most while kept views are fused anew after
// the world moved, the frame's own included: each costs about what a
// frame's fusion does (a half-resolution view spares only the allocation),
// and three a frame raised the kitchen's frame p99 by 12%.
constexpr int kFusionsPerFrameWhileReintegrating = 2;

struct MeshAnchorData {
  uint64_t id = 0;
  // Grows by one with each new mesh of the chunk; starts at 1.
  uint32_t revision = 1;
  GridIndex chunk;
  // The chunk's lowest corner in the world: the anchor's origin.
  Eigen::Vector3d origin = Eigen::Vector3d::Zero();
  ChunkMesh mesh;  // world coordinates
  // The mesh's bounding box, for rays and views that skip the chunk.
  Eigen::AlignedBox3f bounds;
  // One vc_mesh_classification_t per face; all none without classification.
  std::vector<uint8_t> face_classes;
};

using MeshAnchorPointer = std::shared_ptr<const MeshAnchorData>;

// What one re-meshing changed.
struct MeshChanges {
  std::vector<MeshAnchorPointer> added;
  std::vector<MeshAnchorPointer> updated;
  std::vector<uint64_t> removed;
  bool empty() const {
    return added.empty() && updated.empty() && removed.empty();
  }
};

class SceneReconstruction {
 public:
  // max_blocks (0: no limit) bounds the volume: past it, the blocks fused
  // longest ago are dropped, and with them their surface. The views kept
  // for re-integration take at most max_view_bytes (0: none kept).
  SceneReconstruction(const TsdfOptions& options, bool classify,
                      int remesh_interval, size_t max_blocks = 0,
                      size_t max_view_bytes = 0);

  // Fuses one frame, taken at timestamp_ns; the chunks it touched are
  // re-meshed by a later Remesh. Returns the NaN, infinite and negative
  // readings ignored.
  int Integrate(const cv::Mat& depth, double metres_per_unit,
                const PinholeCamera& camera,
                const Eigen::Isometry3d& world_from_opencv_camera,
                int64_t timestamp_ns = 0);

  // The world moved under the volume (a loop closure, or a turn): the
  // volume starts empty and the kept views are fused anew at their frames'
  // poses in `poses` (sorted by time) by ReintegrateSome, frame by frame.
  // Until they all are, the anchors stay as they were (nothing is
  // re-meshed), so the mesh never goes missing; then every chunk is
  // re-meshed, and the chunks left without surface are removed.
  void BeginReintegration(const std::vector<TimedWorldPose>& poses);
  // Fuses up to max_views of the views waiting since BeginReintegration.
  void ReintegrateSome(int max_views);
  bool reintegrating() const { return reintegrating_; }
  const FusedViewHistory& view_history() const { return history_; }

  // Counts a frame: re-meshing waits remesh_interval of them.
  void NextFrame() { ++frames_; }
  // Re-meshes the chunks that are due (or, with everything, every changed
  // chunk), classifying faces by planes.
  MeshChanges Remesh(const std::vector<ClassifiedPlane>& planes,
                     bool everything = false);
  // Classes every chunk's faces anew by planes (the end of a recording,
  // when the planes have grown since the chunks were meshed); returns the
  // chunks whose classes changed.
  MeshChanges Reclassify(const std::vector<ClassifiedPlane>& planes);
  // Forgets every surface and kept view (a new world); returns the
  // removals.
  MeshChanges Clear();

  // Every chunk the volume holds surface in, meshed now and classed by
  // planes, by chunk index: what a world map keeps. Changes nothing.
  std::vector<MeshAnchorData> MeshEveryChunk(
      const std::vector<ClassifiedPlane>& planes) const;
  // A chunk's mesh and face classes as another session meshed them.
  struct RestoredChunk {
    GridIndex chunk;
    ChunkMesh mesh;
    std::vector<uint8_t> face_classes;
  };
  // Starts from what another session fused (a world map): its volume's
  // blocks and its chunks, which become anchors with new ids (their
  // classes kept with classification, none without). Returns them as
  // added.
  MeshChanges Restore(
      const std::vector<std::pair<GridIndex, VoxelBlock>>& blocks,
      std::vector<RestoredChunk> chunks);

  const TsdfVolume& volume() const { return volume_; }

 private:
  // How far from a plane a face may lie and take its class.
  double ClassTolerance() const;
  // A chunk's anchor (no id yet): its mesh, classed by planes.
  MeshAnchorData MakeAnchor(const GridIndex& chunk, ChunkMesh mesh,
                            const std::vector<ClassifiedPlane>& planes) const;
  // A chunk's anchor (no id yet) with the classes given.
  MeshAnchorData AnchorOf(const GridIndex& chunk, ChunkMesh mesh,
                          std::vector<uint8_t> face_classes) const;
  // Fuses a depth map into the volume, within the memory bound.
  void Fuse(const FusionDepth& depth, const PinholeCamera& camera,
            const Eigen::Isometry3d& world_from_opencv_camera);
  // Queues the chunks a changed (or dropped) block's voxels reach.
  void MarkChunksOf(const GridIndex& block);
  // The re-integration is done: every chunk it fused or that has an anchor
  // is due for meshing now.
  void FinishReintegration();

  TsdfVolume volume_;
  const bool classify_;
  const int remesh_interval_;
  const size_t max_blocks_;
  int64_t frames_ = 0;
  // Changed chunks in order of their first change since their last
  // meshing, with the frame of that change; each chunk at most once.
  std::deque<std::pair<GridIndex, int64_t>> dirty_queue_;
  std::set<GridIndex> dirty_chunks_;
  std::map<GridIndex, MeshAnchorPointer> anchors_;
  // Chunks as Restore gave them, not meshed here since.
  std::set<GridIndex> restored_chunks_;
  uint64_t next_id_ = 1;
  FusedViewHistory history_;
  bool reintegrating_ = false;
  std::vector<FusedViewHistory::PlacedView> views_to_reintegrate_;
  size_t views_reintegrated_ = 0;
};

}  // namespace vc
