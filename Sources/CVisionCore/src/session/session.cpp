#include "session/session.h"

#include <algorithm>
#include <cmath>
#include <opencv2/imgproc.hpp>
#include <optional>

#include "common/angles.h"
#include "common/conventions.h"
#include "common/depth_sampler.h"
#include "common/rotation_angle.h"
#include "common/stable_sort.h"
#include "common/status_error.h"
#include "frame/depth_millimetres.h"
#include "frame/frame_input.h"
#include "frame/image_statistics.h"
#include "frame/light_estimate.h"
#include "images/image_detection.h"
#include "inertial/visual_inertial_tracker.h"
#include "tracking/rgbd_tracker.h"
#include "tracking/world_alignment.h"

namespace vc {
namespace {

constexpr size_t kImuHistoryCapacity = 512;

// The frame's stages as bench and the events name them, in the order they
// run (ARCHITECTURE.md, "One frame"); "relocalization" is timed inside
// "tracking", and the image tracker names its own.
constexpr const char* kIngestStage = "ingest";
constexpr const char* kImageStatisticsStage = "imageStatistics";
constexpr const char* kMappingStage = "mapping";
constexpr const char* kMappingWorkerStage = "mappingWorker";
constexpr const char* kWorkerWaitStage = "workerWait";
constexpr const char* kLoopClosureStage = "loopClosure";
constexpr const char* kMapOptimizationStage = "mapOptimization";
constexpr const char* kTrackingStage = "tracking";
constexpr const char* kRelocalizationStage = "relocalization";
constexpr const char* kPlanesStage = "planes";
constexpr double kNanosecondsPerSecondInSession = 1e9;

// Grey conversion that shares the caller's pixels when they are grey already.
void ToGray(const cv::Mat& color, vc_pixel_format_t format, cv::Mat* gray) {
  // A header over an earlier caller's pixels (a grey frame that failed
  // before its commit reset it) must not be written into: cvtColor reuses
  // a destination of the right size, and those pixels may be freed.
  if (gray->u == nullptr) gray->release();
  switch (format) {
    case VC_PIXEL_FORMAT_RGB8:
      cv::cvtColor(color, *gray, cv::COLOR_RGB2GRAY);
      return;
    case VC_PIXEL_FORMAT_BGR8:
      cv::cvtColor(color, *gray, cv::COLOR_BGR2GRAY);
      return;
    default:
      *gray = color;
      return;
  }
}

// The correction of the entry whose key (a time or a frame) is nearest to
// key (ties: the later); corrections is sorted by key and not empty.
const Eigen::Isometry3d& NearestCorrection(
    const std::vector<std::pair<int64_t, Eigen::Isometry3d>>& corrections,
    int64_t key) {
  const auto after = std::lower_bound(
      corrections.begin(), corrections.end(), key,
      [](const auto& entry, int64_t k) { return entry.first < k; });
  if (after == corrections.end()) return corrections.back().second;
  if (after == corrections.begin()) return after->second;
  const auto before = after - 1;
  return key - before->first < after->first - key ? before->second
                                                  : after->second;
}

// A world map's keyframes are described and placed through the camera it
// was made with: frames of another size, or whose focal lengths or centre
// differ by more than kMapCameraTolerance (of the focal length, of the
// image side), would be matched against it in the wrong geometry. Devices
// that refine their intrinsics per frame stay well inside it.
constexpr double kMapCameraTolerance = 0.05;

void RequireMapCamera(const PinholeCamera& camera,
                      const PinholeCamera& map_camera) {
  const std::string frame_size =
      std::to_string(camera.width) + "x" + std::to_string(camera.height);
  const std::string map_size = std::to_string(map_camera.width) + "x" +
                               std::to_string(map_camera.height);
  Require(
      camera.width == map_camera.width && camera.height == map_camera.height,
      "the frame is " + frame_size + " but the world map was made with a " +
          map_size + " camera");
  const auto near = [](double a, double b, double scale) {
    return std::abs(a - b) <= kMapCameraTolerance * scale;
  };
  Require(near(camera.fx, map_camera.fx, map_camera.fx) &&
              near(camera.fy, map_camera.fy, map_camera.fy) &&
              near(camera.cx, map_camera.cx, map_camera.width) &&
              near(camera.cy, map_camera.cy, map_camera.height),
          "the frame's intrinsics (fx " + std::to_string(camera.fx) + ", fy " +
              std::to_string(camera.fy) + ", cx " + std::to_string(camera.cx) +
              ", cy " + std::to_string(camera.cy) +
              ") are not the world map's camera (fx " +
              std::to_string(map_camera.fx) + ", fy " +
              std::to_string(map_camera.fy) + ", cx " +
              std::to_string(map_camera.cx) + ", cy " +
              std::to_string(map_camera.cy) +
              "): it was made with another camera");
}

// Validates before any member is built from the options.
const SessionOptions& Checked(const SessionOptions& options) {
  options.Check();
  return options;
}

}  // namespace

Session::Session(const SessionOptions& options)
    : options_(Checked(options)),
      tracker_(std::make_unique<VisualInertialTracker>(options_.tracking)),
      plane_map_(options_.planes),
      image_tracker_(options_.images, options_.worker_threads),
      keyframe_map_(relocalizer_options_),
      relocalizer_(relocalizer_options_),
      map_features_(relocalizer_options_),
      loop_closer_(relocalizer_options_, LoopDetectionOptions()),
      mapping_job_(options_.worker_threads),
      reconstruction_(MakeSceneReconstruction(options_)),
      meshing_job_(options_.worker_threads) {}

Session::~Session() {
  // The jobs work on members: they must end before those do.
  meshing_job_.Drop();
  mapping_job_.Drop();
}

void Session::ApplyMapCorrection() noexcept {
  correction_easing_.Absorb(pending_camera_correction_,
                            last_world_from_camera_);
  tracker_->CorrectWorld(pending_camera_correction_, [&](int64_t time) {
    return NearestCorrection(pending_time_corrections_, time);
  });
  plane_map_.MoveWorld([&](int64_t frame) {
    return NearestCorrection(pending_plane_corrections_, frame);
  });
  correction_pending_ = false;
  correction_unreported_ = true;
}

void Session::AcceptMapCorrection(const MapCorrection& correction) {
  loop_closer_.Accept(correction);
  if (!correction.applied) return;
  keyframe_map_.MoveKeyframes(correction.keyframes);
  pending_camera_correction_ = correction.keyframes.back();
  pending_plane_corrections_.clear();
  pending_time_corrections_.clear();
  const auto& keyframes = keyframe_map_.keyframes();
  for (size_t k = 0; k < keyframes.size(); ++k) {
    const Keyframe& keyframe = keyframes[k].keyframe;
    pending_plane_corrections_.emplace_back(
        plane_frame_of_keyframe_.at(keyframe.id), correction.keyframes[k]);
    pending_time_corrections_.emplace_back(keyframe.timestamp_ns,
                                           correction.keyframes[k]);
  }
  const auto by_key = [](const auto& a, const auto& b) {
    return a.first < b.first;
  };
  StableSort(&pending_plane_corrections_, by_key);
  StableSort(&pending_time_corrections_, by_key);
  correction_pending_ = true;
}

void Session::StartMapping(MappingInput input) {
  mapped_ = MappedKeyframe();
  mapped_.plane_frame = input.plane_frame;
  // The job alone uses map_features_, loop_closer_'s search and
  // loop_query_points_ until it is collected, and only reads keyframe_map_,
  // which changes only at collection.
  mapping_job_.Submit([this, input = std::move(input)] {
    mapped_.keyframe =
        DescribeKeyframe(input.view, relocalizer_options_, &map_features_);
    if (!input.closes_loops) return;
    const KeyframeView& view = input.view;
    SampleDepthPoints(
        view.depth, view.units_per_metre, view.camera,
        ScaledStep(relocalizer_options_.query_step_pixels, view.camera.width),
        relocalizer_options_, &loop_query_points_);
    mapped_.correction =
        loop_closer_.Check(keyframe_map_, mapped_.keyframe, loop_query_points_);
  });
}

double Session::FinishMapping(double* waited) {
  const double milliseconds = mapping_job_.Collect(waited);
  const int64_t id = mapped_.keyframe.keyframe.id;
  plane_frame_of_keyframe_[id] = mapped_.plane_frame;
  keyframe_map_.Add(std::move(mapped_.keyframe));
  AcceptMapCorrection(mapped_.correction);
  mapped_ = MappedKeyframe();
  if ((id + 1) % options_.relocalization.cull_every == 0) {
    for (int64_t culled : keyframe_map_.CullRedundant()) {
      plane_frame_of_keyframe_.erase(culled);
    }
  }
  return milliseconds;
}

bool Session::Relocalize(const FrameInput& frame, const PinholeCamera& camera,
                         StageTimings& timings, RelocalizedPose* found) {
  if (keyframe_map_.keyframes().empty()) return false;
  ScopedStageTimer timer(timings, kRelocalizationStage);
  // The index is built when first needed after keyframes joined, so that
  // tracking pays nothing for it.
  if (!keyframe_map_.indexed()) keyframe_map_.BuildIndex();
  double units_per_metre = 0;
  const cv::Mat& depth =
      DepthAsUnsigned16(frame.depth, frame.depth_units_per_metre,
                        &depth_millimetres_, &units_per_metre);
  RelocalizationResult result =
      relocalizer_.Query(keyframe_map_, gray_, depth, units_per_metre, camera);
  if (!result.found) return false;
  found->camera_from_world = result.camera_from_world;
  found->sightings = std::move(result.sightings);
  return true;
}

bool Session::KnowsItsUnit(const TrackingResult& tracking) {
  // Without an IMU, a monocular map's unit is its own and never changes.
  // With one, frames join once the IMU has given metres, and the map is
  // rescaled with the tracker's when the IMU refines them
  // (TrackingResult::world_scaled); before, their unit would change.
  return tracking.statistics.is_scale_known != 0 ||
         tracking.statistics.unknown_scale_reason == VC_UNKNOWN_SCALE_NO_IMU;
}

bool Session::MapWantsKeyframe(const TrackingResult& tracking) const {
  // A keyframe's pose must be measured by a tracker following its map:
  // normally, or while the map initialises. Not only once tracking is
  // normal: a camera that moves too far between frames for optical flow (a
  // low frame rate, a quick turn) never gets there, and without keyframes
  // each loss started a new map at the held pose, where relocalization now
  // finds the camera again (the 7-Scenes kitchen at every 10th frame: 7 ->
  // 60 of 60 frames with a measured pose). Up judged from the scene needs
  // such poses too, so keyframes join while it is undecided and turn with
  // the world when it is decided; up from the accelerometer settles on its
  // own within a fixed time, and keyframes wait for it.
  const bool following =
      tracking.status.state == TrackingState::kNormal ||
      tracking.status.reason == TrackingStateReason::kInitializing;
  const bool world_ready =
      tracking.world_settled || tracking.up_source == WorldUpSource::kUndecided;
  if (tracking.statistics.pose_measured == 0 || !world_ready || !following) {
    return false;
  }
  const auto& keyframes = keyframe_map_.keyframes();
  if (keyframes.empty()) return true;
  const Eigen::Isometry3d& last = keyframes.back().keyframe.camera_from_world;
  const Eigen::Isometry3d change = tracking.camera_from_world * last.inverse();
  const double degrees = RotationDegrees(change.linear());
  const double metres = (last.inverse().translation() -
                         tracking.camera_from_world.inverse().translation())
                            .norm();
  return metres >= options_.relocalization.keyframe_spacing_metres ||
         degrees >= options_.relocalization.keyframe_spacing_degrees;
}

vc_world_mapping_status_t Session::MappingStatus(
    const TrackingResult& tracking) const {
  const auto& keyframes = keyframe_map_.keyframes();
  // Not before up is settled either: until then no map can be saved.
  if (!options_.relocalization.enabled || keyframes.empty() ||
      !tracking.world_settled) {
    return VC_WORLD_MAPPING_STATUS_NOT_AVAILABLE;
  }
  if (tracking.status.state != TrackingState::kNormal) {
    return tracking.status.reason == TrackingStateReason::kRelocalizing
               ? VC_WORLD_MAPPING_STATUS_NOT_AVAILABLE
               : VC_WORLD_MAPPING_STATUS_LIMITED;
  }
  // Mapped where a keyframe saw the place from nearby, in a similar
  // direction; elsewhere the map is still growing.
  const Eigen::Vector3d centre =
      tracking.camera_from_world.inverse().translation();
  const Eigen::Vector3d forward =
      tracking.camera_from_world.linear().row(2).transpose();
  for (const MapKeyframe& k : keyframes) {
    const Eigen::Isometry3d& pose = k.keyframe.camera_from_world;
    if ((pose.inverse().translation() - centre).norm() <
            2 * options_.relocalization.keyframe_spacing_metres &&
        pose.linear().row(2).dot(forward.transpose()) >
            std::cos(Radians(
                2 * options_.relocalization.keyframe_spacing_degrees))) {
      return VC_WORLD_MAPPING_STATUS_MAPPED;
    }
  }
  return VC_WORLD_MAPPING_STATUS_EXTENDING;
}

WorldMapData Session::CurrentWorldMap() const {
  Require(options_.relocalization.enabled,
          "the session keeps no world map: relocalization is off");
  // Logically const: the last frame's keyframe belongs to the map already;
  // it joins the data now rather than with the next frame, which makes the
  // same map.
  if (mapping_job_.HasJob()) const_cast<Session*>(this)->FinishMapping();
  Require(!keyframe_map_.keyframes().empty(),
          "the session has no world map yet: no keyframe has joined it (a "
          "frame with a measured pose: with depth, from one camera alone, or "
          "visual-inertial once the IMU has given metres)");
  // A map's world is +Y up for whoever opens it, or says it is not.
  Require(world_settled_,
          "the session has no world map yet: world up is not settled (no "
          "accelerometer, and the planes in view have not shown which way "
          "is up)");
  WorldMapData map;
  map.camera = map_camera_;
  map.keyframes = keyframe_map_.keyframes();
  map.options_checksum = RelocalizationOptionsChecksum(relocalizer_options_);
  map.made_by = map_made_by_;
  map.metric = scale_known_;
  map.up_known = up_known_;
  if (reconstruction_) {
    const_cast<Session*>(this)->SettleMeshingJob();
    map.mesh = SceneMeshForWorldMap();
    map.has_mesh = !map.mesh.blocks.empty();
  } else if (carried_mesh_) {
    map.mesh = *carried_mesh_;
    map.has_mesh = true;
  }
  return map;
}

void Session::AdoptWorldMap(const WorldMapData& map) {
  Require(options_.relocalization.enabled,
          "a world map needs relocalization: it is off");
  Require(last_timestamp_ns_ == std::numeric_limits<int64_t>::min(),
          "a world map can only be set before the first frame");
  Require(!map.keyframes.empty(), "the world map has no keyframes");
  Require(map.options_checksum ==
              RelocalizationOptionsChecksum(relocalizer_options_),
          "the world map was made with other relocalization settings "
          "(options checksum differs)");
  const TrackingMode mode = options_.tracking.tracking_mode;
  Require(map.metric || mode == TrackingMode::kAutomatic ||
              mode == TrackingMode::kMonocular,
          "the world map is in a unit of its own (tracked from one camera, "
          "without depth or an IMU), and this session tracks in metres: "
          "track monocular to use the map");
  if (map.has_mesh) RequireSceneMeshFits(map.mesh);
  KeyframeDatabase adopted(relocalizer_options_);
  int64_t next_id = 0;
  std::unordered_map<int64_t, int64_t> plane_frames;
  for (const MapKeyframe& k : map.keyframes) {
    next_id = std::max(next_id, k.keyframe.id + 1);
    adopted.Add(k);
    // Before this session's first frame, as far as anchors can tell.
    plane_frames[k.keyframe.id] = 0;
  }
  adopted.BuildIndex();
  keyframe_map_ = std::move(adopted);
  plane_frame_of_keyframe_ = std::move(plane_frames);
  next_map_keyframe_id_ = next_id;
  map_camera_ = map.camera;
  map_camera_known_ = true;
  // The map's world is this session's, +Y up, and worth coming back to.
  world_settled_ = true;
  world_established_ = true;
  world_from_map_ = true;
  world_in_own_unit_ = !map.metric;
  map_made_by_ = map.made_by;
  scale_known_ = map.metric;
  up_known_ = map.up_known;
  tracker_->AdoptExistingWorld(map.metric, map.up_known);
  if (map.has_mesh) RestoreSceneMesh(map.mesh);
}

void Session::SetReferenceDatabase(
    std::shared_ptr<const ReferenceDatabase> database) {
  image_tracker_.SetDatabase(std::move(database));
  tracked_images_.clear();
}

vc_frame_result_t Session::ProcessFrame(const vc_frame_input_t& input) {
  pending_timings_.Clear();
  FrameInFlight frame;
  Ingest(input, &frame);
  MeasureImageStatistics(&frame);
  CheckFrameFitsMap(frame);
  JoinLastKeyframe();
  JoinMeshing();
  ApplyPendingCorrection();
  OptimizeMap();
  TrackCamera(&frame);
  JudgeUp(&frame);
  FollowFeaturePoints(&frame);
  DetectPlanes(frame);
  KeepDepthForRaycasts(&frame);
  TrackImages(frame);
  PrepareMapping(&frame);
  PrepareWorldChanges(&frame);
  Commit(&frame);
  return frame.result;
}

void Session::Ingest(const vc_frame_input_t& input, FrameInFlight* frame) {
  ScopedStageTimer timer(pending_timings_, kIngestStage);
  frame->input = ValidateFrameInput(input, last_timestamp_ns_,
                                    options_.max_imu_samples_per_frame);
  // A grey input aliases the caller's pixels, which are only borrowed: the
  // header must not outlive this call, so gray_ is reset at the commit.
  ToGray(frame->input.color, frame->input.color_format, &gray_);
  frame->camera = PinholeCamera::FromC(frame->input.intrinsics);
  frame->result.timestamp_ns = frame->input.timestamp_ns;
}

void Session::MeasureImageStatistics(FrameInFlight* frame) {
  ScopedStageTimer timer(pending_timings_, kImageStatisticsStage);
  const FrameInput& input = frame->input;
  vc_frame_result_t& result = frame->result;
  const ImageStatistics statistics = MeasureImage(
      gray_, input.color, input.color_format == VC_PIXEL_FORMAT_BGR8,
      options_.statistics_sample_step);
  result.statistics.mean_luminance = static_cast<float>(statistics.mean_luma);
  result.statistics.sharpness =
      static_cast<float>(statistics.laplacian_variance);
  result.statistics.valid_depth_fraction =
      input.depth.empty() ? 0.0f
                          : static_cast<float>(ValidDepthFraction(
                                input.depth, options_.statistics_sample_step));
  result.light_estimate = options_.light_estimation_enabled
                              ? EstimateLight(statistics.mean_linear_rgb)
                              : NeutralLightEstimate();
}

void Session::CheckFrameFitsMap(const FrameInFlight& frame) const {
  if (options_.relocalization.enabled && map_camera_known_) {
    RequireMapCamera(frame.camera, map_camera_);
  }
  if (!world_in_own_unit_) return;
  const TrackingMode tracked_with = TrackedWith(frame.input);
  Require(tracked_with == TrackingMode::kMonocular,
          std::string("the world map is in a unit of its own (tracked from "
                      "one camera, without depth or an IMU), and this frame "
                      "has ") +
              (tracked_with == TrackingMode::kRgbd ? "depth" : "IMU samples") +
              " (in metres): track it monocular to use the map");
}

bool Session::IgnoresDepth() const {
  const TrackingMode mode = options_.tracking.tracking_mode;
  return mode == TrackingMode::kVisualInertial ||
         mode == TrackingMode::kMonocular;
}

TrackingMode Session::TrackedWith(const FrameInput& input) const {
  if (!input.depth.empty() && !IgnoresDepth()) return TrackingMode::kRgbd;
  const TrackingMode mode = options_.tracking.tracking_mode;
  if (mode == TrackingMode::kVisualInertial) return mode;
  const bool imu_scales = mode == TrackingMode::kAutomatic &&
                          (!input.imu_samples.empty() || !imu_history_.empty());
  return imu_scales ? TrackingMode::kVisualInertial : TrackingMode::kMonocular;
}

void Session::JoinLastKeyframe() {
  if (!mapping_job_.HasJob()) return;
  ScopedStageTimer timer(pending_timings_, kMappingStage);
  double waited = 0;
  pending_timings_.Add(kMappingWorkerStage, FinishMapping(&waited));
  pending_timings_.Add(kWorkerWaitStage, waited);
}

void Session::ApplyPendingCorrection() {
  if (!correction_pending_) return;
  ScopedStageTimer timer(pending_timings_, kLoopClosureStage);
  ApplyMapCorrection();
}

void Session::OptimizeMap() {
  ScopedStageTimer timer(pending_timings_, kMapOptimizationStage);
  tracker_->OptimizeMap();
}

void Session::TrackCamera(FrameInFlight* frame) {
  ScopedStageTimer timer(pending_timings_, kTrackingStage);
  // After the correction's Absorb(); committed with the frame (a failed
  // frame leaves no trace).
  frame->easing = correction_easing_;
  frame->tracking = tracker_->Track(TrackerFrameOf(*frame));
  const TrackingResult& tracking = frame->tracking;
  vc_frame_result_t& result = frame->result;
  result.tracking_state = ToC(tracking.status.state);
  result.tracking_state_reason = ToC(tracking.status.reason);
  // A camera found again, or a new world, has no correction to ease
  // into: its pose is reported as tracked.
  if (tracking.relocalized_in_map || tracking.started_over) {
    frame->easing.Reset();
  }
  const Eigen::Matrix4f pose =
      frame->easing.Report(tracking.world_from_camera).matrix().cast<float>();
  std::copy(pose.data(), pose.data() + 16, result.world_from_camera);
  result.tracking_statistics = tracking.statistics;
  frame->gravity_known = KnowsUp(tracking.up_source);
}

TrackerFrame Session::TrackerFrameOf(const FrameInFlight& frame) {
  const FrameInput& input = frame.input;
  TrackerFrame tracker_frame;
  tracker_frame.timestamp_ns = input.timestamp_ns;
  tracker_frame.camera = frame.camera;
  tracker_frame.gray = &gray_;
  tracker_frame.depth = IgnoresDepth() ? &no_depth_ : &input.depth;
  tracker_frame.depth_units_per_metre = input.depth_units_per_metre;
  tracker_frame.imu = &input.imu_samples;
  tracker_frame.mean_luminance = frame.result.statistics.mean_luminance;
  tracker_frame.sharpness = frame.result.statistics.sharpness;
  if (scene_up_.decided) tracker_frame.scene_up = scene_up_.up;
  if (!options_.relocalization.enabled) return tracker_frame;
  const bool first = last_timestamp_ns_ == std::numeric_limits<int64_t>::min();
  tracker_frame.interrupted =
      !first && input.timestamp_ns - last_timestamp_ns_ >
                    options_.relocalization.interruption_seconds *
                        kNanosecondsPerSecondInSession;
  // A world never tracked normally holds nothing to come back to (no plane
  // is published before): a camera lost in it may start over at the held
  // pose, as one with no keyframes, rather than wait for a view of its first
  // few frames; their keyframes are then dropped.
  // Without depth, relocalization finds fewer views again (its points are
  // the few the tracker followed), so a lost camera starts over once the
  // tracker has waited for it.
  // A world from a world map is kept whatever the frames hold.
  tracker_frame.may_start_new_map = keyframe_map_.keyframes().empty() ||
                                    !world_established_ ||
                                    (input.depth.empty() && !world_from_map_);
  // A visual-inertial camera lost in its own world starts a new map, with
  // a scale of its own from the IMU: found again there, it drifted in scale
  // (fast seeds 1 and 2: 6 and 10 cm in 4 s, where a new map stays within
  // 0.3 cm). A world from a map is looked for whatever the frames hold.
  if (TrackedWith(input) == TrackingMode::kVisualInertial && !world_from_map_) {
    return tracker_frame;
  }
  tracker_frame.relocalize = [this, &frame](RelocalizedPose* pose) {
    return Relocalize(frame.input, frame.camera, pending_timings_, pose);
  };
  return tracker_frame;
}

void Session::JudgeUp(FrameInFlight* frame) {
  const TrackingResult& tracking = frame->tracking;
  // Up is judged from the planes of frames tracked while it is undecided;
  // on a copy, so that a failure before the commit leaves no trace.
  frame->judges_up =
      tracking.up_source == WorldUpSource::kUndecided && !scene_up_.decided &&
      tracking.statistics.pose_measured != 0 && !frame->input.depth.empty();
  if (!frame->judges_up) return;
  ScopedStageTimer timer(pending_timings_, kPlanesStage);
  frame->judged_up = scene_up_estimator_;
  frame->judged_up.Add(
      plane_segmenter_.Segment(frame->input.depth,
                               frame->input.depth_units_per_metre,
                               frame->camera, options_.planes),
      tracking.camera_from_world.inverse());
  frame->judged_decision = frame->judged_up.Decide();
}

void Session::FollowFeaturePoints(FrameInFlight* frame) {
  // The cloud rescales with the world before this frame, which is in the
  // new unit already, adds to it; a new map's world is another, where the
  // old points are not.
  const TrackingResult& tracking = frame->tracking;
  if (tracking.world_scaled) {
    recent_points_.Scale(tracking.world_scaling.scale,
                         tracking.world_scaling.offset);
  }
  if (tracking.map_started) recent_points_.Clear();
  // Without depth, planes and estimated planes come from the map points
  // tracking followed, once they are in metres and +Y is up: a floor is a
  // floor by its height, and its size is a size (a monocular map's own
  // unit says neither).
  frame->keeps_feature_points =
      frame->input.depth.empty() && tracking.statistics.pose_measured != 0 &&
      tracking.status.state == TrackingState::kNormal &&
      tracking.statistics.is_scale_known != 0 && frame->gravity_known;
  if (!frame->keeps_feature_points) return;
  ScopedStageTimer timer(pending_timings_, kPlanesStage);
  // This frame's points are rescaled at the tracker's commit; the pose
  // already is.
  sparse_sightings_.clear();
  tracker_->AppendPendingSightings(&sparse_sightings_);
  if (tracking.world_scaled) {
    for (PointSighting& sighting : sparse_sightings_) {
      sighting.world = tracking.world_scaling.Point(sighting.world);
    }
  }
  recent_points_.Update(sparse_sightings_, frame->input.timestamp_ns);
  pending_feature_points_.clear();
  recent_points_.AppendPositions(&pending_feature_points_);
}

void Session::DetectPlanes(const FrameInFlight& frame) {
  if (!options_.planes.detects_any()) return;
  ScopedStageTimer timer(pending_timings_, kPlanesStage);
  const TrackingResult& tracking = frame.tracking;
  // Only allocation can fail here, and only in the first frames while the
  // buffers grow.
  plane_map_.BeginFrame();
  // The anchors rescale with the world before this frame, which is in the
  // new unit already, adds to them.
  if (tracking.world_scaled) {
    plane_map_.ScaleWorld(tracking.world_scaling.scale,
                          tracking.world_scaling.offset);
  }
  const bool pose_trusted = tracking.statistics.pose_measured != 0 &&
                            tracking.status.state == TrackingState::kNormal;
  if (!pose_trusted) return;
  if (frame.input.depth.empty()) {
    if (frame.keeps_feature_points) DetectSparsePlanes(frame);
    return;
  }
  const std::vector<PlaneSegment>& segments = plane_segmenter_.Segment(
      frame.input.depth, frame.input.depth_units_per_metre, frame.camera,
      options_.planes);
  plane_map_.Integrate(segments, plane_segmenter_.planar_cell_centroids(),
                       frame.camera, tracking.world_from_camera,
                       frame.gravity_known);
}

void Session::DetectSparsePlanes(const FrameInFlight& frame) {
  const TrackingResult& tracking = frame.tracking;
  const Eigen::Isometry3d world_from_opencv =
      WorldFromOpenCvCamera(tracking.world_from_camera);
  const std::vector<PlaneSegment>& segments =
      sparse_plane_finder_.Find(pending_feature_points_, frame.camera,
                                world_from_opencv, options_.planes);
  plane_map_.Integrate(segments, sparse_plane_finder_.surface_points(),
                       frame.camera, tracking.world_from_camera,
                       frame.gravity_known);
}

void Session::KeepDepthForRaycasts(FrameInFlight* frame) {
  // Kept for raycasts until the next frame; copied because the caller's
  // pixels are only borrowed.
  const FrameInput& input = frame->input;
  frame->keeps_depth =
      frame->tracking.statistics.pose_measured != 0 && !input.depth.empty();
  if (!frame->keeps_depth) return;
  // About 0.05 ms at 640x480 (bench, measured with a stage timer here); not
  // a stage of its own so the stage list stays the documented one.
  input.depth.copyTo(pending_depth_.depth);
  pending_depth_.metres_per_unit =
      input.depth.type() == CV_16UC1 ? 1.0 / input.depth_units_per_metre : 1.0;
  pending_depth_.camera = frame->camera;
  pending_depth_.world_from_camera = frame->tracking.world_from_camera;
}

void Session::TrackImages(const FrameInFlight& frame) {
  if (!image_tracker_.database()) return;
  // Only allocation can fail here. The images' poses are relative to the
  // camera; the world pose follows from the camera's, held or measured.
  const DepthSampler depth(frame.input.depth, frame.input.depth_units_per_metre,
                           options_.tracking);
  image_tracker_.Process(gray_, frame.camera, &depth, &pending_timings_);
  tracked_images_.clear();
  const auto& references = image_tracker_.database()->references();
  for (const ImageObservation& observation : image_tracker_.observations()) {
    tracked_images_.push_back(ToC(observation,
                                  references[observation.reference_index],
                                  frame.tracking.world_from_camera));
  }
}

void Session::PrepareMapping(FrameInFlight* frame) {
  // A frame that joins the keyframe map is described, and checked for a
  // loop, by a deferred job handed over after the commit and collected at
  // the start of the next frame (or when the map is asked for): the work
  // runs beside the next frames' decoding and tracking, and joins at a
  // fixed point whatever the thread count. Its inputs are copied here, as
  // the caller's and the session's buffers change with the next frame.
  const FrameInput& input = frame->input;
  // A keyframe's points are in the tracker's unit: depth, which is in
  // metres, only serves where the tracker measured with it.
  frame->tracked_with = TrackedWith(input);
  const bool with_depth = frame->tracked_with == TrackingMode::kRgbd;
  frame->joins_map = options_.relocalization.enabled &&
                     (with_depth || KnowsItsUnit(frame->tracking)) &&
                     MapWantsKeyframe(frame->tracking);
  if (frame->joins_map) {
    ScopedStageTimer timer(pending_timings_, kMappingStage);
    double units_per_metre = 0;
    const cv::Mat& depth =
        with_depth ? DepthAsUnsigned16(input.depth, input.depth_units_per_metre,
                                       &depth_millimetres_, &units_per_metre)
                   : no_depth_;
    KeyframeView& view = frame->mapping.view;
    view.id = next_map_keyframe_id_;
    view.timestamp_ns = input.timestamp_ns;
    view.grey = gray_.clone();
    view.depth = depth.clone();
    view.units_per_metre = units_per_metre;
    view.camera = frame->camera;
    view.camera_from_world = frame->tracking.camera_from_world;
    // Without depth, the keyframe's map points are the ones tracking
    // followed into it.
    view.sightings.clear();
    if (!with_depth) tracker_->AppendPendingSightings(&view.sightings);
    // The tracker's points are rescaled at its commit; the pose already is.
    const TrackingResult& tracking = frame->tracking;
    if (tracking.world_scaled) {
      for (PointSighting& sighting : view.sightings) {
        sighting.world = tracking.world_scaling.Point(sighting.world);
      }
    }
    // Loops are closed in a world whose up is known: the pose graph keeps
    // roll and pitch. Not yet in one whose unit the IMU still refines: the
    // loops found keep the unit they were found in.
    frame->mapping.closes_loops =
        options_.relocalization.loop_closure && frame->gravity_known &&
        frame->tracked_with != TrackingMode::kVisualInertial;
  }
  frame->result.world_mapping_status = MappingStatus(frame->tracking);
}

void Session::PrepareWorldChanges(FrameInFlight* frame) {
  // The keyframes turn with the world, or are dropped with a world that
  // starts over (allocated before the commit).
  const TrackingResult& tracking = frame->tracking;
  if (tracking.world_turned) {
    frame->keyframe_turns.assign(keyframe_map_.keyframes().size(),
                                 tracking.world_turn);
  }
  if (tracking.started_over && !keyframe_map_.keyframes().empty()) {
    frame->no_keyframes.emplace(relocalizer_options_);
  }
}

void Session::Commit(FrameInFlight* frame) {
  // The tracker's commit can fail only before it changes anything; nothing
  // after it can fail, so a failed frame leaves no trace.
  tracker_->Commit();
  const TrackingResult& tracking = frame->tracking;
  if (tracking.world_turned) keyframe_map_.MoveKeyframes(frame->keyframe_turns);
  if (tracking.world_scaled) keyframe_map_.ScaleWorld(tracking.world_scaling);
  if (frame->no_keyframes) {
    keyframe_map_ = std::move(*frame->no_keyframes);
    plane_frame_of_keyframe_.clear();
  }
  last_pose_measured_ = tracking.statistics.pose_measured != 0;
  correction_easing_ = frame->easing;
  last_world_from_camera_ = tracking.world_from_camera;
  world_settled_ = tracking.world_settled;
  if (tracking.status.state == TrackingState::kNormal) {
    world_established_ = true;
  }
  scale_known_ = tracking.statistics.is_scale_known != 0;
  up_known_ = frame->gravity_known;
  if (frame->joins_map) {
    map_made_by_ = frame->tracked_with;
    HandOverKeyframe(frame);
  }
  if (frame->judges_up) {
    scene_up_estimator_ = std::move(frame->judged_up);
    scene_up_ = frame->judged_decision;
  }
  ReportCommitted(frame);
  if (gray_.data == frame->input.color.data) gray_.release();
  for (const vc_imu_sample_t& sample : frame->input.imu_samples) {
    imu_history_.push_back(sample);
    if (imu_history_.size() > kImuHistoryCapacity) imu_history_.pop_front();
  }
  last_timestamp_ns_ = frame->input.timestamp_ns;
  timings_.Swap(pending_timings_);
  if (frame->keeps_depth) {
    std::swap(last_depth_, pending_depth_);
  } else {
    last_depth_.depth.release();
  }
  if (frame->keeps_feature_points) {
    std::swap(last_feature_points_, pending_feature_points_);
  } else {
    last_feature_points_.clear();
  }
  StartMeshing(*frame);
}

void Session::HandOverKeyframe(FrameInFlight* frame) {
  frame->mapping.plane_frame = plane_map_.frame_index();
  ++next_map_keyframe_id_;
  if (!map_camera_known_) {
    map_camera_ = frame->camera;
    map_camera_known_ = true;
  }
  StartMapping(std::move(frame->mapping));
}

void Session::ReportCommitted(FrameInFlight* frame) {
  vc_frame_result_t& result = frame->result;
  result.map_corrected = correction_unreported_ ? 1 : 0;
  correction_unreported_ = false;
  result.loop_closures = loop_closer_.loops_closed();
  result.world_up_source = ToC(frame->tracking.up_source);
  result.world_up_confidence = UpConfidence(frame->tracking.up_source);
  result.imu_samples_ingested =
      static_cast<int32_t>(frame->input.imu_samples.size());
}

float Session::UpConfidence(WorldUpSource source) const {
  switch (source) {
    case WorldUpSource::kGiven:
    case WorldUpSource::kAccelerometer:
      return 1.0f;
    case WorldUpSource::kScene:
    case WorldUpSource::kUndecided:
      return static_cast<float>(scene_up_.confidence);
    case WorldUpSource::kNone:
      return 0.0f;
  }
  return 0.0f;
}

std::vector<vc_feature_point_t> Session::FeaturePoints() const {
  std::vector<vc_feature_point_t> points;
  if (last_pose_measured_) tracker_->AppendTrackedPoints(&points);
  return points;
}

std::vector<vc_trajectory_pose_t> Session::RefinedTrajectory() const {
  const std::vector<TrajectoryPose> poses = tracker_->RefinedTrajectory();
  std::vector<vc_trajectory_pose_t> out(poses.size());
  for (size_t i = 0; i < poses.size(); ++i) {
    out[i].timestamp_ns = poses[i].timestamp_ns;
    const Eigen::Matrix4f world_from_camera =
        WorldFromArkitCamera(poses[i].camera_from_world.inverse())
            .matrix()
            .cast<float>();
    std::copy(world_from_camera.data(), world_from_camera.data() + 16,
              out[i].world_from_camera);
  }
  return out;
}

}  // namespace vc
