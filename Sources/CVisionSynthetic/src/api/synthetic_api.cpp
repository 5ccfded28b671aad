// extern "C" entry points of the synthetic scenes (vc_synthetic_*).
// Calls have no session, so failures go to the thread's error slot.
#include <algorithm>
#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include "api/guard.h"
#include "api/synthetic_error_slot.h"
#include "common/camera_intrinsics_check.h"
#include "common/conventions.h"
#include "common/number_text.h"
#include "common/status_error.h"
#include "common/transform_checks.h"
#include "synthetic/clutter_scene.h"
#include "synthetic/frame_renderer.h"
#include "synthetic/reference_images.h"
#include "synthetic/room_scene.h"
#include "synthetic/scene_planes.h"
#include "synthetic/scene_raycaster.h"
#include "vision_synthetic/vision_synthetic.h"

struct vc_synthetic_scene {
  vc::synthetic::SyntheticScene scene;
  // Ground truth, derived once; the names the C structs point to live here.
  std::vector<vc::synthetic::AnnotatedPlane> planes;
  std::vector<vc::synthetic::AnnotatedPlane> surfaces;
  std::vector<vc::synthetic::ReferencePlacement> references;
  std::unique_ptr<const vc::synthetic::SceneRaycaster> caster;
};

namespace {

// The core's plane classes are handed out by value.
using PlaneClass = vc::synthetic::PlaneClass;
static_assert(
    static_cast<int>(PlaneClass::kNone) == VC_PLANE_CLASSIFICATION_NONE &&
        static_cast<int>(PlaneClass::kWall) == VC_PLANE_CLASSIFICATION_WALL &&
        static_cast<int>(PlaneClass::kFloor) == VC_PLANE_CLASSIFICATION_FLOOR &&
        static_cast<int>(PlaneClass::kCeiling) ==
            VC_PLANE_CLASSIFICATION_CEILING &&
        static_cast<int>(PlaneClass::kTable) == VC_PLANE_CLASSIFICATION_TABLE &&
        static_cast<int>(PlaneClass::kSeat) == VC_PLANE_CLASSIFICATION_SEAT,
    "PlaneClass must match vc_plane_classification_t");

// The renderer's own limit, below the core's VC_MAX_IMAGE_SIDE: it keeps
// per-pixel surface records, so a 16384-pixel side would ask for gigabytes;
// 8192 is large enough for any camera we synthesise.
constexpr int32_t kMaxRenderSide = 8192;

bool IsFinitePositive(double value) {
  return std::isfinite(value) && value > 0.0;
}

void RequireIntrinsics(const vc_camera_intrinsics_t& intrinsics,
                       const std::string& function) {
  vc::CheckCameraIntrinsics(intrinsics, function + ": camera");
  vc::Require(
      intrinsics.width <= kMaxRenderSide && intrinsics.height <= kMaxRenderSide,
      function + ": a rendered image must be 1.." +
          std::to_string(kMaxRenderSide) + " on a side, got " +
          std::to_string(intrinsics.width) + "x" +
          std::to_string(intrinsics.height));
}

// The core's render pose (OpenCV camera axes) from the API's.
Eigen::Isometry3d RenderPose(const float world_from_camera[16]) {
  return vc::WorldFromOpenCvCamera(
      vc::IsometryFromColumnMajor(world_from_camera));
}

void StoreColumnMajor(const Eigen::Isometry3d& transform, float out[16]) {
  const Eigen::Matrix4d m = transform.matrix();
  for (int column = 0; column < 4; ++column) {
    for (int row = 0; row < 4; ++row) {
      out[4 * column + row] = static_cast<float>(m(row, column));
    }
  }
}

void StoreVector(const Eigen::Vector3d& v, float* out) {
  for (int i = 0; i < 3; ++i) out[i] = static_cast<float>(v[i]);
}

// The count protocol of the header: out_count always gets the count; a
// NULL output (or capacity 0) only asks for it.
template <typename Output, typename Fill>
void ReturnList(const char* function, int32_t count, Output* out,
                int32_t capacity, int32_t* out_count, Fill fill) {
  const std::string where = std::string(function) + ": ";
  vc::Require(out_count != nullptr, where + "out_count is NULL");
  vc::Require(capacity >= 0,
              where + "capacity must be >= 0, got " + std::to_string(capacity));
  *out_count = count;
  if (out == nullptr || capacity == 0) return;
  vc::Require(capacity >= count,
              where + "capacity " + std::to_string(capacity) + " < " +
                  std::to_string(count),
              VC_STATUS_BUFFER_TOO_SMALL);
  for (int32_t i = 0; i < count; ++i) fill(i, &out[i]);
}

// What every call that looks at the scene from a camera checks first.
void RequireView(const std::string& function, const vc_synthetic_scene_t* scene,
                 const float* world_from_camera,
                 const vc_camera_intrinsics_t* intrinsics) {
  const std::string where = function + ": ";
  vc::Require(scene != nullptr, where + "scene is NULL");
  vc::Require(world_from_camera != nullptr,
              where + "world_from_camera is NULL");
  vc::Require(intrinsics != nullptr, where + "intrinsics is NULL");
  RequireIntrinsics(*intrinsics, function);
}

void RequireOutputs(const std::string& where, const vc_camera_intrinsics_t& k,
                    const uint8_t* out_rgb, int32_t rgb_stride_bytes,
                    const uint16_t* out_depth, int32_t depth_stride_bytes,
                    float depth_units_per_metre) {
  vc::Require(out_rgb != nullptr, where + "out_rgb is NULL");
  vc::Require(out_depth != nullptr, where + "out_depth is NULL");
  // Row sizes in int64, so no stride or width can overflow the products.
  const int64_t width = k.width;
  vc::Require(rgb_stride_bytes >= 3 * width,
              where + "rgb_stride_bytes " + std::to_string(rgb_stride_bytes) +
                  " is smaller than a row of " + std::to_string(3 * width) +
                  " bytes");
  vc::Require(
      depth_stride_bytes >= 2 * width,
      where + "depth_stride_bytes " + std::to_string(depth_stride_bytes) +
          " is smaller than a row of " + std::to_string(2 * width) + " bytes");
  vc::Require(IsFinitePositive(depth_units_per_metre),
              where + "depth_units_per_metre must be finite and > 0, got " +
                  vc::NumberText(depth_units_per_metre));
}

vc::synthetic::FrameOptions FrameOptionsFrom(
    const vc_synthetic_render_options_t& options, const std::string& where) {
  vc::Require(std::isfinite(options.exposure_gain) &&
                  options.exposure_gain >= 0.0f &&
                  options.exposure_gain <= 1000.0f,
              where + "options->exposure_gain must be in [0, 1000], got " +
                  vc::NumberText(options.exposure_gain));
  vc::synthetic::FrameOptions frame;
  frame.sensor.exposure_gain = options.exposure_gain;
  frame.sensor.noise = options.sensor_noise_enabled != 0;
  frame.sensor.noise_seed = options.noise_seed;
  frame.lens_covered = options.lens_covered != 0;
  if (options.motion_blur_enabled != 0) {
    vc::RequireRigidTransform(
        options.world_from_camera_shutter_open,
        where + "options->world_from_camera_shutter_open");
    vc::RequireRigidTransform(
        options.world_from_camera_shutter_close,
        where + "options->world_from_camera_shutter_close");
    vc::synthetic::ShutterMotion shutter;
    shutter.world_from_opencv_camera_open =
        RenderPose(options.world_from_camera_shutter_open);
    shutter.world_from_opencv_camera_close =
        RenderPose(options.world_from_camera_shutter_close);
    frame.motion_blur = shutter;
  }
  frame.Check();
  return frame;
}

std::unique_ptr<vc_synthetic_scene> MakeScene(
    const vc_synthetic_scene_options_t& options) {
  const std::string where = "vc_synthetic_scene_create: ";
  vc::Require(
      options.kind == VC_SYNTHETIC_SCENE_ROOM ||
          options.kind == VC_SYNTHETIC_SCENE_CLUTTER,
      where + "unknown kind " + std::to_string(static_cast<int>(options.kind)));
  vc::Require(options.texture_mode == VC_SYNTHETIC_TEXTURE_FULL ||
                  options.texture_mode == VC_SYNTHETIC_TEXTURE_PLAIN_SURFACES,
              where + "unknown texture_mode " +
                  std::to_string(static_cast<int>(options.texture_mode)));
  vc::Require(options.texture_mode == VC_SYNTHETIC_TEXTURE_FULL ||
                  options.kind == VC_SYNTHETIC_SCENE_ROOM,
              where + "plain surfaces exist only in the room scene");
  auto scene = std::make_unique<vc_synthetic_scene>();
  if (options.kind == VC_SYNTHETIC_SCENE_ROOM) {
    vc::synthetic::RoomOptions room;
    room.plain_surfaces =
        options.texture_mode == VC_SYNTHETIC_TEXTURE_PLAIN_SURFACES;
    scene->scene = vc::synthetic::MakeRoomScene(
        options.seed, vc::synthetic::RoomLayout(), room);
  } else {
    scene->scene = vc::synthetic::MakeClutterScene(options.seed);
  }
  scene->planes = vc::synthetic::AnnotatedPlanes(scene->scene);
  scene->surfaces = vc::synthetic::SceneSurfaces(scene->scene);
  scene->references = vc::synthetic::ReferencePlacements(scene->scene);
  scene->caster =
      std::make_unique<const vc::synthetic::SceneRaycaster>(scene->scene);
  return scene;
}

// Planes or surfaces out under the count protocol.
void ReturnPlanes(const char* function,
                  const std::vector<vc::synthetic::AnnotatedPlane>& planes,
                  vc_synthetic_plane_t* out_planes, int32_t capacity,
                  int32_t* out_count) {
  ReturnList(function, static_cast<int32_t>(planes.size()), out_planes,
             capacity, out_count, [&](int32_t i, vc_synthetic_plane_t* out) {
               const vc::synthetic::AnnotatedPlane& plane = planes[i];
               *out = vc_synthetic_plane_t();
               out->name = plane.name.c_str();
               out->classification =
                   static_cast<vc_plane_classification_t>(plane.classification);
               out->alignment = plane.horizontal ? VC_PLANE_ALIGNMENT_HORIZONTAL
                                                 : VC_PLANE_ALIGNMENT_VERTICAL;
               StoreVector(plane.centre, out->center);
               StoreVector(plane.normal, out->normal);
               for (int k = 0; k < 4; ++k) {
                 StoreVector(plane.polygon[k], out->polygon + 3 * k);
               }
               out->area = static_cast<float>(plane.area);
             });
}

}  // namespace

extern "C" {

void vc_synthetic_scene_options_init(vc_synthetic_scene_options_t* options) {
  if (options == nullptr) return;
  options->kind = VC_SYNTHETIC_SCENE_ROOM;
  options->seed = 1;
  options->texture_mode = VC_SYNTHETIC_TEXTURE_FULL;
}

vc_status_t vc_synthetic_scene_create_with_options(
    const vc_synthetic_scene_options_t* options,
    vc_synthetic_scene_t** out_scene) {
  return vc::Guarded(vc::synthetic::ThreadErrorSlot(), [&] {
    vc::Require(out_scene != nullptr,
                "vc_synthetic_scene_create: out_scene is NULL");
    *out_scene = nullptr;
    vc::Require(options != nullptr,
                "vc_synthetic_scene_create: options is NULL");
    *out_scene = MakeScene(*options).release();
  });
}

vc_status_t vc_synthetic_scene_create(vc_synthetic_scene_kind_t kind,
                                      uint64_t seed,
                                      vc_synthetic_scene_t** out_scene) {
  vc_synthetic_scene_options_t options;
  vc_synthetic_scene_options_init(&options);
  options.kind = kind;
  options.seed = seed;
  return vc_synthetic_scene_create_with_options(&options, out_scene);
}

void vc_synthetic_scene_destroy(vc_synthetic_scene_t* scene) { delete scene; }

void vc_synthetic_render_options_init(vc_synthetic_render_options_t* options) {
  if (options == nullptr) return;
  *options = vc_synthetic_render_options_t();
  options->exposure_gain = 1.0f;
  options->sensor_noise_enabled = 0;
  options->noise_seed = 0;
  options->lens_covered = 0;
  options->motion_blur_enabled = 0;
  for (int i = 0; i < 16; ++i) {
    const float identity = i % 5 == 0 ? 1.0f : 0.0f;
    options->world_from_camera_shutter_open[i] = identity;
    options->world_from_camera_shutter_close[i] = identity;
  }
}

vc_status_t vc_synthetic_scene_render_with_options(
    const vc_synthetic_scene_t* scene, const float world_from_camera[16],
    const vc_camera_intrinsics_t* intrinsics,
    const vc_synthetic_render_options_t* options, uint8_t* out_rgb,
    int32_t rgb_stride_bytes, uint16_t* out_depth, int32_t depth_stride_bytes,
    float depth_units_per_metre, vc_synthetic_render_info_t* out_info) {
  return vc::Guarded(vc::synthetic::ThreadErrorSlot(), [&] {
    const std::string function = "vc_synthetic_scene_render";
    const std::string where = function + ": ";
    RequireView(function, scene, world_from_camera, intrinsics);
    RequireOutputs(where, *intrinsics, out_rgb, rgb_stride_bytes, out_depth,
                   depth_stride_bytes, depth_units_per_metre);
    vc::RequireRigidTransform(world_from_camera, where + "world_from_camera");
    vc_synthetic_render_options_t defaults;
    vc_synthetic_render_options_init(&defaults);
    const vc::synthetic::FrameOptions frame =
        FrameOptionsFrom(options != nullptr ? *options : defaults, where);

    vc::synthetic::RenderTarget target;
    target.rgb = out_rgb;
    target.rgb_stride_bytes = rgb_stride_bytes;
    target.depth = reinterpret_cast<uint8_t*>(out_depth);
    target.depth_stride_bytes = depth_stride_bytes;
    target.depth_units_per_metre = depth_units_per_metre;
    const vc::synthetic::ExposureStatistics statistics =
        vc::synthetic::RenderFrame(scene->scene, RenderPose(world_from_camera),
                                   vc::PinholeCamera::FromC(*intrinsics), frame,
                                   target);
    if (out_info != nullptr) {
      out_info->detailed_fraction =
          static_cast<float>(statistics.detailed_fraction);
      out_info->valid_depth_fraction =
          static_cast<float>(statistics.valid_depth_fraction);
    }
  });
}

vc_status_t vc_synthetic_scene_render(
    const vc_synthetic_scene_t* scene, const float world_from_camera[16],
    const vc_camera_intrinsics_t* intrinsics, uint8_t* out_rgb,
    int32_t rgb_stride_bytes, uint16_t* out_depth, int32_t depth_stride_bytes,
    float depth_units_per_metre) {
  return vc_synthetic_scene_render_with_options(
      scene, world_from_camera, intrinsics, nullptr, out_rgb, rgb_stride_bytes,
      out_depth, depth_stride_bytes, depth_units_per_metre, nullptr);
}

vc_status_t vc_synthetic_scene_get_planes(const vc_synthetic_scene_t* scene,
                                          vc_synthetic_plane_t* out_planes,
                                          int32_t capacity,
                                          int32_t* out_count) {
  return vc::Guarded(vc::synthetic::ThreadErrorSlot(), [&] {
    vc::Require(scene != nullptr,
                "vc_synthetic_scene_get_planes: scene is NULL");
    ReturnPlanes("vc_synthetic_scene_get_planes", scene->planes, out_planes,
                 capacity, out_count);
  });
}

vc_status_t vc_synthetic_scene_get_surfaces(const vc_synthetic_scene_t* scene,
                                            vc_synthetic_plane_t* out_surfaces,
                                            int32_t capacity,
                                            int32_t* out_count) {
  return vc::Guarded(vc::synthetic::ThreadErrorSlot(), [&] {
    vc::Require(scene != nullptr,
                "vc_synthetic_scene_get_surfaces: scene is NULL");
    ReturnPlanes("vc_synthetic_scene_get_surfaces", scene->surfaces,
                 out_surfaces, capacity, out_count);
  });
}

vc_status_t vc_synthetic_scene_get_reference_images(
    const vc_synthetic_scene_t* scene,
    vc_synthetic_reference_image_t* out_images, int32_t capacity,
    int32_t* out_count) {
  return vc::Guarded(vc::synthetic::ThreadErrorSlot(), [&] {
    vc::Require(scene != nullptr,
                "vc_synthetic_scene_get_reference_images: scene is NULL");
    const auto& references = scene->references;
    ReturnList(
        "vc_synthetic_scene_get_reference_images",
        static_cast<int32_t>(references.size()), out_images, capacity,
        out_count, [&](int32_t i, vc_synthetic_reference_image_t* out) {
          const vc::synthetic::ReferencePlacement& reference = references[i];
          *out = vc_synthetic_reference_image_t();
          out->name = reference.name.c_str();
          StoreColumnMajor(reference.world_from_image, out->world_from_image);
          out->physical_width = static_cast<float>(reference.physical_width);
          out->physical_height = static_cast<float>(reference.physical_height);
        });
  });
}

vc_status_t vc_synthetic_scene_render_reference_image(
    const vc_synthetic_scene_t* scene, int32_t index, int32_t width,
    int32_t height, uint8_t* out_rgb, int32_t rgb_stride_bytes) {
  return vc::Guarded(vc::synthetic::ThreadErrorSlot(), [&] {
    const std::string where = "vc_synthetic_scene_render_reference_image: ";
    vc::Require(scene != nullptr, where + "scene is NULL");
    const auto count = static_cast<int32_t>(scene->references.size());
    vc::Require(index >= 0 && index < count,
                where + "index " + std::to_string(index) +
                    " is not in 0..count-1, count " + std::to_string(count));
    vc::Require(width > 0 && width <= kMaxRenderSide && height > 0 &&
                    height <= kMaxRenderSide,
                where + "width and height must be in 1.." +
                    std::to_string(kMaxRenderSide) + ", got " +
                    std::to_string(width) + "x" + std::to_string(height));
    vc::Require(out_rgb != nullptr, where + "out_rgb is NULL");
    vc::Require(rgb_stride_bytes >= 3 * static_cast<int64_t>(width),
                where + "rgb_stride_bytes " + std::to_string(rgb_stride_bytes) +
                    " is smaller than a row of " +
                    std::to_string(3 * static_cast<int64_t>(width)) + " bytes");
    vc::synthetic::RenderReferenceImage(scene->scene, scene->references[index],
                                        width, height, out_rgb,
                                        rgb_stride_bytes);
  });
}

vc_status_t vc_synthetic_scene_get_reference_visibility(
    const vc_synthetic_scene_t* scene, const float world_from_camera[16],
    const vc_camera_intrinsics_t* intrinsics, float* out_fractions,
    int32_t capacity, int32_t* out_count) {
  return vc::Guarded(vc::synthetic::ThreadErrorSlot(), [&] {
    const std::string function = "vc_synthetic_scene_get_reference_visibility";
    const std::string where = function + ": ";
    RequireView(function, scene, world_from_camera, intrinsics);
    vc::RequireRigidTransform(world_from_camera, where + "world_from_camera");
    const Eigen::Isometry3d pose = RenderPose(world_from_camera);
    const vc::PinholeCamera camera = vc::PinholeCamera::FromC(*intrinsics);
    ReturnList(function.c_str(), static_cast<int32_t>(scene->references.size()),
               out_fractions, capacity, out_count, [&](int32_t i, float* out) {
                 *out = static_cast<float>(vc::synthetic::VisibleFraction(
                     *scene->caster, scene->references[i], pose, camera));
               });
  });
}

}  // extern "C"
