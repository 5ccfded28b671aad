// A tracking session: everything the core keeps from frame to frame. Not
// thread-safe; one session is used by one thread at a time.
#pragma once

#include <cstdint>
#include <deque>
#include <limits>
#include <map>
#include <memory>
#include <opencv2/core.hpp>
#include <optional>
#include <unordered_map>
#include <utility>
#include <vector>

#include "common/deferred_job.h"
#include "common/session_options.h"
#include "common/stage_timings.h"
#include "frame/frame_input.h"
#include "images/image_tracker.h"
#include "planes/plane_map.h"
#include "planes/plane_segmenter.h"
#include "planes/recent_map_points.h"
#include "planes/scene_up_estimator.h"
#include "planes/sparse_plane_finder.h"
#include "raycast/depth_snapshot.h"
#include "reconstruction/scene_reconstruction.h"
#include "relocalization/keyframe_database.h"
#include "relocalization/loop_closer.h"
#include "relocalization/map_keyframe.h"
#include "relocalization/relocalizer.h"
#include "relocalization/world_map_file.h"
#include "session/correction_easing.h"
#include "tracking/tracking_front_end.h"
#include "vision_core/vision_core.h"

namespace vc {

class Session {
 public:
  explicit Session(const SessionOptions& options);
  ~Session();
  Session(const Session&) = delete;
  Session& operator=(const Session&) = delete;

  // Validates input, then runs the per-frame stages. Throws StatusError on bad
  // input, leaving the session as it was.
  vc_frame_result_t ProcessFrame(const vc_frame_input_t& input);

  const StageTimings& stage_timings() const { return timings_; }
  const SessionOptions& options() const { return options_; }

  // Plane anchors after the last processed frame, in order of id, and the
  // anchors that frame removed. Empty while plane detection is off.
  const std::vector<vc_plane_anchor_t>& plane_anchors() const {
    return plane_map_.anchors();
  }
  const std::vector<vc_plane_anchor_removal_t>& plane_anchor_removals() const {
    return plane_map_.removals();
  }

  // The depth of the last frame that had depth and a measured pose, for
  // estimated-plane raycasts; empty after a frame whose pose was not
  // measured, since its depth would be placed in the world wrongly.
  const DepthSnapshot& last_depth() const { return last_depth_; }

  // The map points of the last frame tracked without depth in metres, its
  // pose trusted (world), for estimated-plane raycasts without depth; empty
  // after any other frame.
  const std::vector<Eigen::Vector3d>& last_feature_points() const {
    return last_feature_points_;
  }

  // The reference images to look for from the next frame on (nullptr:
  // none), and the images found or followed in the last frame.
  void SetReferenceDatabase(std::shared_ptr<const ReferenceDatabase> database);
  const std::vector<vc_image_detection_t>& tracked_images() const {
    return tracked_images_;
  }

  // The map points the last processed frame tracked, in world coordinates;
  // none when its pose was not measured.
  std::vector<vc_feature_point_t> FeaturePoints() const;
  // Every measured frame so far as the map places it now (ARKit axes).
  std::vector<vc_trajectory_pose_t> RefinedTrajectory() const;

  // The scene's mesh anchors as of the last processed frame (the work of
  // frames before it that has been re-meshed), in order of id, and the ids
  // that frame removed. Empty while scene reconstruction is off.
  const std::map<uint64_t, MeshAnchorPointer>& mesh_anchors() const {
    return mesh_anchors_;
  }
  const std::vector<uint64_t>& mesh_anchor_removals() const {
    return mesh_removals_;
  }
  // Waits for the fusion in flight and re-meshes every chunk still waiting
  // for it, so that the mesh anchors hold every frame processed (the end of
  // a recording, an export). Removals accumulate into mesh_anchor_removals.
  void FinishSceneReconstruction();
  // The mesh anchors' depth (metres, CV_32FC1, 0 where none) seen by camera
  // at world_from_camera (ARKit camera axes): for occlusion, where the
  // sensor's depth has holes.
  cv::Mat RenderSceneDepth(const PinholeCamera& camera,
                           const Eigen::Isometry3d& world_from_camera) const;
  // Depth readings fusion ignored as NaN, infinite or negative, so far
  // (collected work only).
  int64_t ignored_depth_readings() const { return ignored_depth_readings_; }

  // The keyframe map so far (no anchors); throws StatusError when
  // relocalization is off, as the session keeps no map then.
  WorldMapData CurrentWorldMap() const;
  // Starts in map's world: before the first frame only. Every frame is then
  // looked for in the map until found; frames must have the map's size.
  void AdoptWorldMap(const WorldMapData& map);

 private:
  SessionOptions options_;
  int64_t last_timestamp_ns_ = std::numeric_limits<int64_t>::min();
  // Reused every frame so steady-state processing does not allocate.
  cv::Mat gray_;
  // What the tracker sees as depth when its mode ignores depth.
  const cv::Mat no_depth_;
  // Recent inertial samples for motion prediction, oldest first, bounded to a
  // couple of seconds at 200 Hz.
  std::deque<vc_imu_sample_t> imu_history_;
  // The tracking front end: RGB-D (tracking/rgbd_tracker.h).
  std::unique_ptr<TrackingFrontEnd> tracker_;
  // Without an accelerometer: judges up from the planes in view while the
  // tracker reports it undecided; a decision reaches the tracker with the
  // next frame, which turns the world.
  SceneUpEstimator scene_up_estimator_;
  SceneUpDecision scene_up_;
  PlaneSegmenter plane_segmenter_;
  PlaneMap plane_map_;
  SparsePlaneFinder sparse_plane_finder_;
  RecentMapPoints recent_points_;
  std::vector<PointSighting> sparse_sightings_;
  std::vector<Eigen::Vector3d> pending_feature_points_;
  std::vector<Eigen::Vector3d> last_feature_points_;
  ImageTracker image_tracker_;
  std::vector<vc_image_detection_t> tracked_images_;
  StageTimings timings_;
  // The keyframe map relocalization looks for a lost camera in, and what
  // describes the frames that join it.
  // How the relocalizer matches frames: its defaults, not a session option.
  RelocalizationOptions relocalizer_options_;
  KeyframeDatabase keyframe_map_;
  Relocalizer relocalizer_;
  FeatureExtractor map_features_;
  // The camera the map's keyframes were seen with (set by the first
  // keyframe, or by an adopted map).
  bool map_camera_known_ = false;
  PinholeCamera map_camera_;
  int64_t next_map_keyframe_id_ = 0;
  // How the latest keyframe's frame was tracked, and whether the last
  // frame's positions were in metres: what a saved map says of itself.
  TrackingMode map_made_by_ = TrackingMode::kRgbd;
  bool scale_known_ = true;
  // The last frame's world knew which way is up (a saved map says so).
  bool up_known_ = false;
  // The world came from a world map: a camera lost in it waits to be found
  // there, with depth or without. A monocular map's unit is its own, which
  // no frame measured in metres may join.
  bool world_from_map_ = false;
  bool world_in_own_unit_ = false;
  // Reused: float depth as 16-bit millimetres for relocalization.
  cv::Mat depth_millimetres_;

  // Loop closure over the keyframe map. A correction found while a frame
  // runs moves the keyframes at its commit, and the tracker and the plane
  // anchors at the start of the next frame, so that every output of one
  // frame is in one world.
  LoopCloser loop_closer_;
  std::vector<Eigen::Vector3f> loop_query_points_;
  // The plane map's frame when each map keyframe joined, by keyframe id:
  // an anchor follows the correction of the keyframe nearest in time to
  // its last sighting.
  std::unordered_map<int64_t, int64_t> plane_frame_of_keyframe_;
  bool correction_pending_ = false;
  Eigen::Isometry3d pending_camera_correction_ = Eigen::Isometry3d::Identity();
  // (plane map frame, new_world_from_old), in order of frame, and the same
  // by keyframe timestamp.
  std::vector<std::pair<int64_t, Eigen::Isometry3d>> pending_plane_corrections_;
  std::vector<std::pair<int64_t, Eigen::Isometry3d>> pending_time_corrections_;
  // A correction was applied and no frame has reported it yet.
  bool correction_unreported_ = false;
  // The reported camera pose eases into the corrected world from where it
  // was; the last committed frame's tracked pose (world_from_camera, ARKit
  // axes) is where a correction finds the camera.
  CorrectionEasing correction_easing_;
  Eigen::Isometry3d last_world_from_camera_ = Eigen::Isometry3d::Identity();

  // What the mapping job needs of a frame that joins the keyframe map:
  // copies, since the frame's buffers change with the next frame.
  struct MappingInput {
    KeyframeView view;
    int64_t plane_frame = 0;
    bool closes_loops = false;
  };
  // What the job made of it: the keyframe and the loop it closes, if any.
  struct MappedKeyframe {
    MapKeyframe keyframe;
    MapCorrection correction;
    int64_t plane_frame = 0;
  };
  // One frame on its way through the stages: what a stage leaves for the
  // next ones and for the commit, which alone changes the session.
  struct FrameInFlight {
    FrameInput input;
    PinholeCamera camera;
    vc_frame_result_t result{};
    TrackingResult tracking;
    // The reported pose's easing into a corrected world, as it will be.
    CorrectionEasing easing;
    bool gravity_known = false;
    // Up judged from this frame's planes, on a copy of the estimator.
    bool judges_up = false;
    SceneUpEstimator judged_up;
    SceneUpDecision judged_decision;
    // The frame's depth stays for raycasts (in pending_depth_).
    bool keeps_depth = false;
    // The frame's map points (in pending_feature_points_) give planes and
    // estimated-plane raycasts: tracked without depth, in metres, up known.
    bool keeps_feature_points = false;
    // The frame joins the keyframe map, described by the mapping job.
    bool joins_map = false;
    TrackingMode tracked_with = TrackingMode::kRgbd;
    MappingInput mapping;
    // The map keyframes' turn with the world, or an empty map for a world
    // that started over.
    std::vector<Eigen::Isometry3d> keyframe_turns;
    std::optional<KeyframeDatabase> no_keyframes;
  };

  // ProcessFrame()'s stages, in the order they run (ARCHITECTURE.md, "One
  // frame"); each times itself under its stage's name.
  // Validates the input and makes the grey image.
  void Ingest(const vc_frame_input_t& input, FrameInFlight* frame);
  // Brightness, sharpness, valid depth and the light estimate.
  void MeasureImageStatistics(FrameInFlight* frame);
  // Frames must have the camera of the map they are looked for in, and
  // measure in its unit.
  void CheckFrameFitsMap(const FrameInFlight& frame) const;
  // Visual-inertial and monocular tracking leave depth to the other stages.
  bool IgnoresDepth() const;
  // How a frame is tracked (never automatic): with depth, with the IMU's
  // metres, or from the camera alone.
  TrackingMode TrackedWith(const FrameInput& input) const;
  // The last frame's keyframe joins the map (and its loop is kept).
  void JoinLastKeyframe();
  // A loop closure's correction moves the tracker and the plane anchors.
  void ApplyPendingCorrection();
  void OptimizeMap();
  // The tracking front end's pose, state and reason.
  void TrackCamera(FrameInFlight* frame);
  TrackerFrame TrackerFrameOf(const FrameInFlight& frame);
  // Without an accelerometer: which way is up, from the frame's planes.
  void JudgeUp(FrameInFlight* frame);
  void FollowFeaturePoints(FrameInFlight* frame);
  void DetectPlanes(const FrameInFlight& frame);
  void DetectSparsePlanes(const FrameInFlight& frame);
  void KeepDepthForRaycasts(FrameInFlight* frame);
  void TrackImages(const FrameInFlight& frame);
  // Copies what the mapping job needs when the frame joins the map.
  void PrepareMapping(FrameInFlight* frame);
  // Allocates what the commit needs to turn or drop the map's keyframes.
  void PrepareWorldChanges(FrameInFlight* frame);
  // Makes the frame the session's state; nothing after the tracker's
  // commit can fail.
  void Commit(FrameInFlight* frame);
  void HandOverKeyframe(FrameInFlight* frame);
  // The result's fields known only at the commit.
  void ReportCommitted(FrameInFlight* frame);

  // Scene reconstruction (session_meshing.cpp). The last frame's fusion and
  // re-meshing join the mesh anchors (stage meshing; the job's own time is
  // meshingWorker).
  static std::unique_ptr<SceneReconstruction> MakeSceneReconstruction(
      const SessionOptions& options);
  void JoinMeshing();
  // Hands the committed frame's depth to the fusion job, after clearing the
  // volume when the world moved under it.
  void StartMeshing(const FrameInFlight& frame);
  // Makes the job's changes the published mesh anchors; their removals
  // add to mesh_removals_ (cleared when a frame starts).
  void PublishMeshChanges(MeshChanges changes);
  std::vector<ClassifiedPlane> ClassifiedPlanes() const;
  // Every measured frame's pose as the map places it now, for fusing the
  // kept views anew.
  std::vector<TimedWorldPose> PosesForReintegration() const;
  // The scene mesh a world map keeps (session_world_map_mesh.cpp): the
  // volume and every chunk meshed from it now.
  WorldMapMesh SceneMeshForWorldMap() const;
  // Starts the scene reconstruction from a world map's mesh; a session
  // without scene reconstruction carries it into the maps it saves.
  void RestoreSceneMesh(const WorldMapMesh& mesh);
  // Refuses a map's mesh fused with other voxels than this session's.
  void RequireSceneMeshFits(const WorldMapMesh& mesh) const;
  // Waits for the meshing job, whose output stays for the next frame to
  // publish, so that the volume may be read.
  void SettleMeshingJob();

  // Describes the keyframe and checks it for a loop, on the worker when
  // there is one.
  void StartMapping(MappingInput input);
  // Waits for the mapping job, then adds its keyframe to the map, keeps
  // its loop and culls; returns the job's own run time (ms), and how long
  // this thread waited for it in waited (may be null).
  double FinishMapping(double* waited = nullptr);

  // Moves the tracker and the plane anchors by the pending correction.
  void ApplyMapCorrection() noexcept;
  // Keeps a found correction once its keyframe has joined the map.
  void AcceptMapCorrection(const MapCorrection& correction);

  // Whether the map takes this frame: a measured pose in normal tracking,
  // far enough from the last keyframe the map took.
  bool MapWantsKeyframe(const TrackingResult& tracking) const;
  // Whether a frame without depth can join the map: its points are in a
  // unit that stays (a monocular map's own, without an IMU).
  static bool KnowsItsUnit(const TrackingResult& tracking);
  // The hook the tracker calls while lost: queries the map.
  bool Relocalize(const FrameInput& frame, const PinholeCamera& camera,
                  StageTimings& timings, RelocalizedPose* found);
  vc_world_mapping_status_t MappingStatus(const TrackingResult& tracking) const;
  // How sure the world's up is (vc_frame_result_t.world_up_confidence).
  float UpConfidence(WorldUpSource source) const;

  // The mapping job and what it writes, untouched by anything else until it
  // is collected. After the members it works on, so that it ends first.
  MappedKeyframe mapped_;
  DeferredJob mapping_job_;
  // The fusion job's state and output, likewise (null while scene
  // reconstruction is off).
  std::unique_ptr<SceneReconstruction> reconstruction_;
  MeshChanges meshing_output_;
  int meshing_ignored_readings_ = 0;
  // The job's fusion time in ms, -1 when it fused nothing.
  double meshing_fusion_milliseconds_ = -1;
  DeferredJob meshing_job_;
  // Published at collection: what readers of the session see.
  std::map<uint64_t, MeshAnchorPointer> mesh_anchors_;
  std::vector<uint64_t> mesh_removals_;
  int64_t ignored_depth_readings_ = 0;
  // Frames with depth and a measured pose so far: every
  // mesh_fusion_interval-th is fused.
  int64_t frames_with_depth_ = 0;
  // What the next meshing job owes, when a frame's job waited for a
  // keyframe's mapping job (session_meshing.cpp): a fusion, a volume to
  // fuse anew (the world moved) or to clear (a new world), and how many
  // frames it has waited.
  bool fusion_due_ = false;
  bool mesh_world_moved_ = false;
  bool mesh_world_started_over_ = false;
  // A world map's mesh this session does not reconstruct, kept for the
  // maps it saves.
  std::optional<WorldMapMesh> carried_mesh_;
  int meshing_frames_waited_ = 0;

  // Filled while a frame runs and swapped into timings_ once it succeeds; kept
  // as a member so its storage is reused.
  StageTimings pending_timings_;
  // Swapped on commit like the timings: each frame copies into the buffer
  // the previous frame's depth no longer needs.
  DepthSnapshot last_depth_;
  DepthSnapshot pending_depth_;
  // Whether the last processed frame's pose was measured: its tracks are
  // the feature points reported.
  bool last_pose_measured_ = false;
  // The last frame's world axes are final (see TrackingResult).
  bool world_settled_ = false;
  // Some frame was tracked normally in this world (or it is an adopted
  // world map's): a camera lost in it relocalizes rather than starts over.
  bool world_established_ = false;
};

}  // namespace vc
