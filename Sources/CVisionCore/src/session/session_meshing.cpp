// The session's scene reconstruction: each committed frame with depth and a
// measured pose is fused on the meshing job, and what the job re-meshed
// joins the mesh anchors at the start of the next frame, so the output does
// not depend on the thread count.
#include <limits>

#include "common/conventions.h"
#include "reconstruction/depth_rendering.h"
#include "session/session.h"

namespace vc {
namespace {

constexpr const char* kMeshingStage = "meshing";
constexpr const char* kMeshingWorkerStage = "meshingWorker";
// The fusion alone (the depth into the volume, no meshing), on the frames
// whose job fused: what Open3D's integrate does.
constexpr const char* kMeshFusionStage = "meshFusion";
constexpr const char* kWorkerWaitStage = "workerWait";
// Nearer than this, depth sensors read nothing reliable.
constexpr double kMeshMinDepth = 0.1;
// The views kept for re-integration may take this fraction of the memory
// limit, beside the volume's limit: 128 MB at the default 512, where the
// 7-Scenes kitchen's 600 frames keep 69 views, 10.6 MB.
constexpr size_t kViewShareOfMemory = 4;

size_t MemoryLimitBytes(const SessionOptions& options) {
  return static_cast<size_t>(options.mesh_max_memory_mb) * (size_t{1} << 20);
}

void Append(MeshChanges more, MeshChanges* changes) {
  for (auto& anchor : more.added) changes->added.push_back(std::move(anchor));
  for (auto& anchor : more.updated) {
    changes->updated.push_back(std::move(anchor));
  }
  for (uint64_t id : more.removed) changes->removed.push_back(id);
}

}  // namespace

std::unique_ptr<SceneReconstruction> Session::MakeSceneReconstruction(
    const SessionOptions& options) {
  if (options.scene_reconstruction == VC_SCENE_RECONSTRUCTION_NONE) {
    return nullptr;
  }
  TsdfOptions tsdf;
  tsdf.voxel_size = options.mesh_voxel_size;
  tsdf.min_depth = kMeshMinDepth;
  tsdf.max_depth = options.mesh_max_depth;
  return std::make_unique<SceneReconstruction>(
      tsdf,
      options.scene_reconstruction ==
          VC_SCENE_RECONSTRUCTION_MESH_WITH_CLASSIFICATION,
      options.mesh_remesh_interval,
      MemoryLimitBytes(options) / TsdfVolume::kBytesPerBlock,
      MemoryLimitBytes(options) / kViewShareOfMemory);
}

void Session::JoinMeshing() {
  mesh_removals_.clear();
  if (!meshing_job_.HasJob()) return;
  ScopedStageTimer timer(pending_timings_, kMeshingStage);
  double waited = 0;
  pending_timings_.Add(kMeshingWorkerStage, meshing_job_.Collect(&waited));
  pending_timings_.Add(kWorkerWaitStage, waited);
  if (meshing_fusion_milliseconds_ >= 0) {
    pending_timings_.Add(kMeshFusionStage, meshing_fusion_milliseconds_);
  }
  PublishMeshChanges(std::move(meshing_output_));
}

void Session::PublishMeshChanges(MeshChanges changes) {
  ignored_depth_readings_ += meshing_ignored_readings_;
  meshing_ignored_readings_ = 0;
  for (uint64_t id : changes.removed) {
    mesh_anchors_.erase(id);
    mesh_removals_.push_back(id);
  }
  for (auto* list : {&changes.added, &changes.updated}) {
    for (MeshAnchorPointer& anchor : *list) {
      const uint64_t id = anchor->id;
      mesh_anchors_[id] = std::move(anchor);
    }
  }
  meshing_output_ = MeshChanges();
}

std::vector<ClassifiedPlane> Session::ClassifiedPlanes() const {
  std::vector<ClassifiedPlane> planes;
  if (options_.scene_reconstruction !=
      VC_SCENE_RECONSTRUCTION_MESH_WITH_CLASSIFICATION) {
    return planes;
  }
  for (const vc_plane_anchor_t& anchor : plane_map_.anchors()) {
    if (anchor.classification_status != VC_PLANE_CLASSIFICATION_STATUS_KNOWN ||
        anchor.classification == VC_PLANE_CLASSIFICATION_NONE) {
      continue;
    }
    ClassifiedPlane plane;
    plane.world_from_plane.matrix() =
        Eigen::Map<const Eigen::Matrix4f>(anchor.world_from_anchor)
            .cast<double>();
    for (int i = 0; i < anchor.boundary_vertex_count; ++i) {
      plane.boundary.emplace_back(anchor.boundary[2 * i],
                                  anchor.boundary[2 * i + 1]);
    }
    plane.classification = static_cast<uint8_t>(anchor.classification);
    planes.push_back(std::move(plane));
  }
  return planes;
}

void Session::StartMeshing(const FrameInFlight& frame) {
  if (!reconstruction_) return;
  const TrackingResult& tracking = frame.tracking;
  // A world that turned, was rescaled or was corrected by a loop no longer
  // holds the surfaces where they were fused: the kept views are fused
  // anew at their poses in it. A world that started over shares nothing
  // with the old one, whose surfaces and views go.
  mesh_world_moved_ |= tracking.world_turned || tracking.world_scaled ||
                       frame.result.map_corrected != 0;
  mesh_world_started_over_ |= tracking.started_over;
  // Only depth the tracker measured with: a frame tracked without it (a
  // monocular or visual-inertial mode on a sequence with depth) has a pose
  // in a unit the depth may not share.
  const bool fusable =
      frame.keeps_depth && frame.tracked_with == TrackingMode::kRgbd;
  if (fusable) {
    fusion_due_ |= frames_with_depth_ % options_.mesh_fusion_interval == 0;
    ++frames_with_depth_;
  }
  // Not beside a keyframe's mapping job, for up to kMaxMeshingWait frames:
  // with both workers busy, three threads shared two cores and the main
  // path's p99 paid for it. Whether a mapping job runs is the session's
  // own state, not timing, so the output stays the same with one thread.
  constexpr int kMaxMeshingWait = 2;
  if (mapping_job_.HasJob() && meshing_frames_waited_ < kMaxMeshingWait) {
    ++meshing_frames_waited_;
    return;
  }
  meshing_frames_waited_ = 0;
  const bool fuses = fusable && fusion_due_;
  if (fuses) fusion_due_ = false;
  const bool started_over = mesh_world_started_over_;
  const bool world_moved = mesh_world_moved_ && !started_over;
  mesh_world_started_over_ = false;
  mesh_world_moved_ = false;
  std::vector<TimedWorldPose> poses;
  if (world_moved) poses = PosesForReintegration();
  const int64_t timestamp_ns = frame.input.timestamp_ns;
  // Copies: the depth buffer is reused by the frame after next, the plane
  // map changes with every frame.
  cv::Mat depth = fuses ? last_depth_.depth.clone() : cv::Mat();
  const double metres_per_unit = last_depth_.metres_per_unit;
  const PinholeCamera camera = last_depth_.camera;
  const Eigen::Isometry3d world_from_camera =
      WorldFromOpenCvCamera(last_depth_.world_from_camera);
  std::vector<ClassifiedPlane> planes = ClassifiedPlanes();
  // The job alone uses reconstruction_, meshing_output_ and
  // meshing_ignored_readings_ until it is collected.
  meshing_job_.Submit([this, depth = std::move(depth), metres_per_unit, camera,
                       world_from_camera, timestamp_ns, started_over,
                       world_moved, poses = std::move(poses),
                       planes = std::move(planes)] {
    MeshChanges changes;
    if (started_over) changes = reconstruction_->Clear();
    if (world_moved) reconstruction_->BeginReintegration(poses);
    meshing_fusion_milliseconds_ = -1;
    if (!depth.empty()) {
      StageTimings fusion;
      {
        ScopedStageTimer timer(fusion, kMeshFusionStage);
        meshing_ignored_readings_ += reconstruction_->Integrate(
            depth, metres_per_unit, camera, world_from_camera, timestamp_ns);
      }
      meshing_fusion_milliseconds_ = fusion.stages().front().milliseconds;
    }
    reconstruction_->ReintegrateSome(kFusionsPerFrameWhileReintegrating -
                                     (depth.empty() ? 0 : 1));
    reconstruction_->NextFrame();
    Append(reconstruction_->Remesh(planes), &changes);
    meshing_output_ = std::move(changes);
  });
}

void Session::FinishSceneReconstruction() {
  if (!reconstruction_) return;
  if (meshing_job_.HasJob()) {
    meshing_job_.Collect();
    PublishMeshChanges(std::move(meshing_output_));
  }
  std::vector<ClassifiedPlane> planes = ClassifiedPlanes();
  meshing_job_.Submit([this, planes = std::move(planes)] {
    reconstruction_->ReintegrateSome(std::numeric_limits<int>::max());
    meshing_output_ = reconstruction_->Remesh(planes, true);
    Append(reconstruction_->Reclassify(planes), &meshing_output_);
  });
  meshing_job_.Collect();
  PublishMeshChanges(std::move(meshing_output_));
}

std::vector<TimedWorldPose> Session::PosesForReintegration() const {
  const std::vector<TrajectoryPose> trajectory = tracker_->RefinedTrajectory();
  std::vector<TimedWorldPose> poses(trajectory.size());
  for (size_t i = 0; i < trajectory.size(); ++i) {
    poses[i].timestamp_ns = trajectory[i].timestamp_ns;
    poses[i].world_from_camera = trajectory[i].camera_from_world.inverse();
  }
  return poses;
}

cv::Mat Session::RenderSceneDepth(
    const PinholeCamera& camera,
    const Eigen::Isometry3d& world_from_camera) const {
  return RenderMeshDepth(mesh_anchors_, camera,
                         WorldFromOpenCvCamera(world_from_camera),
                         kMeshMinDepth);
}

}  // namespace vc
