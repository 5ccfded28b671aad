// Entry points for world maps and single-frame relocalization.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <memory>
#include <opencv2/imgproc.hpp>
#include <string>
#include <vector>

#include "api/guard.h"
#include "api/session_handle.h"
#include "common/conventions.h"
#include "common/status_error.h"
#include "common/transform_checks.h"
#include "frame/depth_millimetres.h"
#include "frame/frame_input.h"
#include "relocalization/keyframe_database.h"
#include "relocalization/relocalizer.h"
#include "relocalization/world_map_file.h"
#include "vision_core/vision_core.h"

struct vc_world_map {
  vc::WorldMapData data;
};

struct vc_relocalizer {
  explicit vc_relocalizer(const vc::RelocalizationOptions& options)
      : database(options), relocalizer(options) {}
  vc::PinholeCamera camera;
  vc::KeyframeDatabase database;
  vc::Relocalizer relocalizer;
  cv::Mat grey;
  cv::Mat depth;
  vc::ErrorSlot error;
};

namespace {

// Runs body in the session's guard, with the message kept in the session.
template <typename Body>
vc_status_t GuardedSession(const vc_session_t* session, Body&& body) {
  if (session == nullptr) return VC_STATUS_INVALID_ARGUMENT;
  vc::ErrorSlot local;
  const vc_status_t status = vc::Guarded(local, body);
  if (status != VC_STATUS_OK) {
    const_cast<vc_session_t*>(session)->error.Set(local.c_str());
  }
  return status;
}

void RequireMap(const vc_world_map_t* map) {
  vc::Require(map != nullptr, "map is NULL");
}

// The count protocol over bytes.
void CopyBytes(const std::vector<uint8_t>& bytes, uint8_t* out, size_t capacity,
               size_t* out_length, const char* what) {
  vc::Require(out_length != nullptr, "out_length is NULL");
  *out_length = bytes.size();
  if (out == nullptr) return;
  vc::Require(capacity >= bytes.size(),
              "capacity " + std::to_string(capacity) + " < " +
                  std::to_string(bytes.size()) + " bytes of " + what,
              VC_STATUS_BUFFER_TOO_SMALL);
  std::copy(bytes.begin(), bytes.end(), out);
}

void ToGrey(const vc::FrameInput& frame, cv::Mat* grey) {
  switch (frame.color_format) {
    case VC_PIXEL_FORMAT_RGB8:
      cv::cvtColor(frame.color, *grey, cv::COLOR_RGB2GRAY);
      return;
    case VC_PIXEL_FORMAT_BGR8:
      cv::cvtColor(frame.color, *grey, cv::COLOR_BGR2GRAY);
      return;
    default:
      frame.color.copyTo(*grey);
      return;
  }
}

}  // namespace

extern "C" {

vc_status_t vc_session_get_world_map(const vc_session_t* session,
                                     vc_world_map_t** out_map) {
  return GuardedSession(session, [&] {
    vc::Require(out_map != nullptr, "out_map is NULL");
    *out_map = nullptr;
    auto map = std::make_unique<vc_world_map>();
    map->data = session->core.CurrentWorldMap();
    *out_map = map.release();
  });
}

vc_status_t vc_session_set_world_map(vc_session_t* session,
                                     const vc_world_map_t* map) {
  return GuardedSession(session, [&] {
    RequireMap(map);
    session->core.AdoptWorldMap(map->data);
  });
}

void vc_world_map_destroy(vc_world_map_t* map) { delete map; }

vc_status_t vc_world_map_with_anchors(const vc_world_map_t* map,
                                      const uint8_t* bytes, size_t length,
                                      vc_world_map_t** out_map) {
  return vc::Guarded(vc::ThreadErrorSlot(), [&] {
    RequireMap(map);
    vc::Require(out_map != nullptr, "out_map is NULL");
    vc::Require(bytes != nullptr || length == 0, "bytes is NULL");
    vc::Require(static_cast<int64_t>(length) <= vc::kMaxAnchorBytes,
                "anchors of " + std::to_string(length) + " bytes are too many");
    *out_map = nullptr;
    auto copy = std::make_unique<vc_world_map>(*map);
    copy->data.anchors.assign(bytes, bytes + length);
    *out_map = copy.release();
  });
}

vc_status_t vc_world_map_get_anchors(const vc_world_map_t* map,
                                     uint8_t* out_bytes, size_t capacity,
                                     size_t* out_length) {
  return vc::Guarded(vc::ThreadErrorSlot(), [&] {
    RequireMap(map);
    CopyBytes(map->data.anchors, out_bytes, capacity, out_length, "anchors");
  });
}

vc_status_t vc_world_map_encode(const vc_world_map_t* map, uint8_t* out_bytes,
                                size_t capacity, size_t* out_length) {
  return vc::Guarded(vc::ThreadErrorSlot(), [&] {
    RequireMap(map);
    CopyBytes(vc::EncodeWorldMap(map->data, vc_version()), out_bytes, capacity,
              out_length, "the encoded map");
  });
}

vc_status_t vc_world_map_decode(const uint8_t* bytes, size_t length,
                                const char* what, vc_world_map_t** out_map) {
  return vc::Guarded(vc::ThreadErrorSlot(), [&] {
    vc::Require(out_map != nullptr, "out_map is NULL");
    *out_map = nullptr;
    vc::Require(bytes != nullptr || length == 0, "bytes is NULL");
    const std::string name = what != nullptr ? what : "world map";
    vc::Require(length > 0, name + ": the file is empty");
    const std::vector<uint8_t> copy(bytes, bytes + length);
    auto map = std::make_unique<vc_world_map>();
    map->data = vc::DecodeWorldMap(copy, name, nullptr);
    *out_map = map.release();
  });
}

vc_status_t vc_world_map_get_info(const vc_world_map_t* map,
                                  vc_world_map_info_t* out_info) {
  return vc::Guarded(vc::ThreadErrorSlot(), [&] {
    RequireMap(map);
    vc::Require(out_info != nullptr, "out_info is NULL");
    const vc::WorldMapData& data = map->data;
    vc_world_map_info_t info{};
    info.format_version = vc::WorldMapFormatVersionOf(data);
    std::strncpy(info.engine_version, vc_version(),
                 sizeof info.engine_version - 1);
    info.camera = {data.camera.fx, data.camera.fy,    data.camera.cx,
                   data.camera.cy, data.camera.width, data.camera.height};
    info.keyframe_count = static_cast<int64_t>(data.keyframes.size());
    for (const vc::MapKeyframe& k : data.keyframes) {
      info.point_count += static_cast<int64_t>(k.keyframe.points.size());
      info.surface_point_count +=
          k.surface.empty() ? 0 : k.surface.valid_count();
    }
    info.anchor_bytes = static_cast<int64_t>(data.anchors.size());
    vc::MeasureWorldMap(data, info.center, info.extent);
    info.tracking_mode = static_cast<vc_tracking_mode_t>(data.made_by);
    info.is_scale_known = data.metric ? 1 : 0;
    info.is_up_known = data.up_known ? 1 : 0;
    if (data.has_mesh) {
      info.mesh_block_count = static_cast<int64_t>(data.mesh.blocks.size());
      info.mesh_chunk_count = static_cast<int64_t>(data.mesh.chunks.size());
      info.mesh_face_count = data.mesh.face_count();
      info.mesh_voxel_size = data.mesh.voxel_size;
    }
    *out_info = info;
  });
}

vc_status_t vc_world_map_get_points(const vc_world_map_t* map, float* out_xyz,
                                    int64_t capacity, int64_t* out_count) {
  return vc::Guarded(vc::ThreadErrorSlot(), [&] {
    RequireMap(map);
    vc::Require(out_count != nullptr, "out_count is NULL");
    vc::Require(capacity >= 0, "capacity must be >= 0");
    int64_t count = 0;
    for (const vc::MapKeyframe& k : map->data.keyframes) {
      count += static_cast<int64_t>(k.keyframe.points.size());
    }
    *out_count = count;
    if (out_xyz == nullptr) return;
    vc::Require(capacity >= count,
                "capacity " + std::to_string(capacity) + " < " +
                    std::to_string(count) + " points",
                VC_STATUS_BUFFER_TOO_SMALL);
    float* out = out_xyz;
    for (const vc::MapKeyframe& k : map->data.keyframes) {
      for (const Eigen::Vector3f& p : k.keyframe.points) {
        *out++ = p.x();
        *out++ = p.y();
        *out++ = p.z();
      }
    }
  });
}

vc_status_t vc_world_map_get_keyframes(const vc_world_map_t* map,
                                       vc_world_map_keyframe_t* out,
                                       int64_t capacity, int64_t* out_count) {
  return vc::Guarded(vc::ThreadErrorSlot(), [&] {
    RequireMap(map);
    vc::Require(out_count != nullptr, "out_count is NULL");
    vc::Require(capacity >= 0, "capacity must be >= 0");
    const int64_t count = static_cast<int64_t>(map->data.keyframes.size());
    *out_count = count;
    if (out == nullptr) return;
    vc::Require(capacity >= count,
                "capacity " + std::to_string(capacity) + " < " +
                    std::to_string(count) + " keyframes",
                VC_STATUS_BUFFER_TOO_SMALL);
    for (int64_t k = 0; k < count; ++k) {
      const vc::Keyframe& keyframe = map->data.keyframes[k].keyframe;
      out[k].timestamp_ns = keyframe.timestamp_ns;
      const Eigen::Matrix4d pose =
          keyframe.camera_from_world.inverse().matrix();
      std::copy(pose.data(), pose.data() + 16, out[k].world_from_camera);
    }
  });
}

vc_status_t vc_world_map_with_keyframe_poses(const vc_world_map_t* map,
                                             const double* world_from_camera,
                                             int64_t count,
                                             vc_world_map_t** out_map) {
  return vc::Guarded(vc::ThreadErrorSlot(), [&] {
    RequireMap(map);
    vc::Require(out_map != nullptr, "out_map is NULL");
    *out_map = nullptr;
    const int64_t keyframes = static_cast<int64_t>(map->data.keyframes.size());
    vc::Require(count == keyframes,
                std::to_string(count) + " poses for a map of " +
                    std::to_string(keyframes) + " keyframes: one per keyframe");
    vc::Require(world_from_camera != nullptr || count == 0,
                "world_from_camera is NULL");
    // Each keyframe's points move rigidly with it: known poses in metres
    // would leave a map of another unit with points at the wrong depths.
    vc::Require(map->data.metric,
                "the map is in a unit of its own (tracked from one camera "
                "without an IMU): its keyframes cannot be placed at poses in "
                "metres");
    std::vector<Eigen::Isometry3d> corrections;
    corrections.reserve(static_cast<size_t>(count));
    for (int64_t k = 0; k < count; ++k) {
      const double* given = world_from_camera + 16 * k;
      float checked[16];
      for (int i = 0; i < 16; ++i) {
        vc::Require(std::isfinite(given[i]) && std::abs(given[i]) < 1e9,
                    "world_from_camera of keyframe " + std::to_string(k) +
                        " has an element that is not a finite position");
        checked[i] = static_cast<float>(given[i]);
      }
      vc::RequireRigidTransform(
          checked, "world_from_camera of keyframe " + std::to_string(k));
      Eigen::Isometry3d pose;
      pose.matrix() = Eigen::Map<const Eigen::Matrix4d>(given);
      corrections.push_back(pose *
                            map->data.keyframes[k].keyframe.camera_from_world);
    }
    auto copy = std::make_unique<vc_world_map>(*map);
    vc::MoveMapKeyframes(corrections, &copy->data.keyframes);
    *out_map = copy.release();
  });
}

vc_status_t vc_relocalizer_create(const vc_world_map_t* map,
                                  vc_relocalizer_t** out_relocalizer) {
  return vc::Guarded(vc::ThreadErrorSlot(), [&] {
    RequireMap(map);
    vc::Require(out_relocalizer != nullptr, "out_relocalizer is NULL");
    *out_relocalizer = nullptr;
    const vc::RelocalizationOptions options;
    vc::Require(map->data.options_checksum ==
                    vc::RelocalizationOptionsChecksum(options),
                "the world map was made with other relocalization settings "
                "(options checksum differs)");
    vc::Require(!map->data.keyframes.empty(), "the world map has no keyframes");
    auto relocalizer = std::make_unique<vc_relocalizer>(options);
    relocalizer->camera = map->data.camera;
    for (const vc::MapKeyframe& k : map->data.keyframes) {
      relocalizer->database.Add(k);
    }
    relocalizer->database.BuildIndex();
    *out_relocalizer = relocalizer.release();
  });
}

void vc_relocalizer_destroy(vc_relocalizer_t* relocalizer) {
  delete relocalizer;
}

const char* vc_relocalizer_last_error_message(
    const vc_relocalizer_t* relocalizer) {
  return relocalizer != nullptr ? relocalizer->error.c_str()
                                : "relocalizer is NULL";
}

vc_status_t vc_relocalizer_query(vc_relocalizer_t* relocalizer,
                                 const vc_frame_input_t* frame,
                                 vc_relocalization_result_t* out_result) {
  if (relocalizer == nullptr) return VC_STATUS_INVALID_ARGUMENT;
  return vc::Guarded(relocalizer->error, [&] {
    vc::Require(frame != nullptr, "frame is NULL");
    vc::Require(out_result != nullptr, "out_result is NULL");
    // Frames are independent here: no timestamp order, no IMU limit.
    const vc::FrameInput input = vc::ValidateFrameInput(
        *frame, std::numeric_limits<int64_t>::min(), 1 << 20);
    const vc::PinholeCamera camera = vc::PinholeCamera::FromC(input.intrinsics);
    vc::Require(camera.width == relocalizer->camera.width &&
                    camera.height == relocalizer->camera.height,
                "the frame is " + std::to_string(camera.width) + "x" +
                    std::to_string(camera.height) +
                    " but the world map was made with a " +
                    std::to_string(relocalizer->camera.width) + "x" +
                    std::to_string(relocalizer->camera.height) + " camera");
    ToGrey(input, &relocalizer->grey);
    double units_per_metre = 0;
    const cv::Mat& depth =
        vc::DepthAsUnsigned16(input.depth, input.depth_units_per_metre,
                              &relocalizer->depth, &units_per_metre);
    const vc::RelocalizationResult found =
        relocalizer->relocalizer.Query(relocalizer->database, relocalizer->grey,
                                       depth, units_per_metre, camera);
    vc_relocalization_result_t result{};
    result.found = found.found ? 1 : 0;
    const Eigen::Isometry3d world_from_camera =
        found.found
            ? vc::WorldFromArkitCamera(found.camera_from_world.inverse())
            : Eigen::Isometry3d::Identity();
    const Eigen::Matrix4f m = world_from_camera.matrix().cast<float>();
    std::copy(m.data(), m.data() + 16, result.world_from_camera);
    result.inliers = found.inliers;
    result.keyframe_id = found.keyframe_id;
    result.outcome = vc::OutcomeName(found.diagnostics.outcome);
    *out_result = result;
  });
}

}  // extern "C"
