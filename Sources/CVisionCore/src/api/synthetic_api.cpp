// extern "C" entry points of the synthetic scenes (vc_synthetic_scene_*).
// Calls have no session, so failures go to the thread's error slot.
#include <cmath>
#include <memory>
#include <sstream>
#include <string>

#include "api/guard.h"
#include "common/conventions.h"
#include "common/status_error.h"
#include "synthetic/ray_caster.h"
#include "synthetic/room_scene.h"
#include "vision_core/vision_core.h"

struct vc_synthetic_scene {
  vc::synthetic::SyntheticScene scene;
};

namespace {

// Large enough for any camera we replay, small enough that a corrupt size
// cannot ask for gigabytes.
constexpr int32_t kMaxImageSide = 8192;

// A world_from_camera whose rotation is off by more than this (per matrix
// entry of R^T R - I) is rejected rather than silently skewing the render;
// float round trips through simd stay far below it.
constexpr double kRotationTolerance = 1e-3;

bool IsFinitePositive(double value) {
  return std::isfinite(value) && value > 0.0;
}

std::string Describe(double value) {
  std::ostringstream stream;
  stream << value;
  return stream.str();
}

void RequireIntrinsics(const vc_camera_intrinsics_t& intrinsics) {
  const std::string where = "vc_synthetic_scene_render: intrinsics.";
  vc::Require(
      IsFinitePositive(intrinsics.fx),
      where + "fx must be finite and > 0, got " + Describe(intrinsics.fx));
  vc::Require(
      IsFinitePositive(intrinsics.fy),
      where + "fy must be finite and > 0, got " + Describe(intrinsics.fy));
  vc::Require(std::isfinite(intrinsics.cx),
              where + "cx must be finite, got " + Describe(intrinsics.cx));
  vc::Require(std::isfinite(intrinsics.cy),
              where + "cy must be finite, got " + Describe(intrinsics.cy));
  vc::Require(intrinsics.width > 0 && intrinsics.width <= kMaxImageSide,
              where + "width must be in 1..8192, got " +
                  std::to_string(intrinsics.width));
  vc::Require(intrinsics.height > 0 && intrinsics.height <= kMaxImageSide,
              where + "height must be in 1..8192, got " +
                  std::to_string(intrinsics.height));
}

void RequireRigid(const float world_from_camera[16]) {
  const std::string where = "vc_synthetic_scene_render: world_from_camera ";
  for (int i = 0; i < 16; ++i) {
    vc::Require(
        std::isfinite(world_from_camera[i]),
        where + "has a non-finite element at index " + std::to_string(i));
  }
  const Eigen::Matrix4d m = vc::Matrix4dFromColumnMajor(world_from_camera);
  vc::Require(
      (m.row(3) - Eigen::RowVector4d(0, 0, 0, 1)).cwiseAbs().maxCoeff() <
          kRotationTolerance,
      where + "must have (0, 0, 0, 1) as its bottom row");
  const Eigen::Matrix3d rotation = m.topLeftCorner<3, 3>();
  const double orthogonality_error =
      (rotation.transpose() * rotation - Eigen::Matrix3d::Identity())
          .cwiseAbs()
          .maxCoeff();
  vc::Require(
      orthogonality_error < kRotationTolerance && rotation.determinant() > 0.0,
      where +
          "must have a rotation (orthonormal, determinant +1) "
          "in its upper-left 3x3");
}

}  // namespace

extern "C" {

vc_status_t vc_synthetic_scene_create(vc_synthetic_scene_kind_t kind,
                                      uint64_t seed,
                                      vc_synthetic_scene_t** out_scene) {
  return vc::Guarded(vc::ThreadErrorSlot(), [&] {
    vc::Require(out_scene != nullptr,
                "vc_synthetic_scene_create: out_scene is NULL");
    *out_scene = nullptr;
    vc::Require(kind == VC_SYNTHETIC_SCENE_ROOM,
                "vc_synthetic_scene_create: unknown kind " +
                    std::to_string(static_cast<int>(kind)));
    auto scene = std::make_unique<vc_synthetic_scene>();
    scene->scene = vc::synthetic::MakeRoomScene(seed);
    *out_scene = scene.release();
  });
}

void vc_synthetic_scene_destroy(vc_synthetic_scene_t* scene) { delete scene; }

vc_status_t vc_synthetic_scene_render(
    const vc_synthetic_scene_t* scene, const float world_from_camera[16],
    const vc_camera_intrinsics_t* intrinsics, uint8_t* out_rgb,
    int32_t rgb_stride_bytes, uint16_t* out_depth, int32_t depth_stride_bytes,
    float depth_units_per_metre) {
  return vc::Guarded(vc::ThreadErrorSlot(), [&] {
    const std::string where = "vc_synthetic_scene_render: ";
    vc::Require(scene != nullptr, where + "scene is NULL");
    vc::Require(world_from_camera != nullptr,
                where + "world_from_camera is NULL");
    vc::Require(intrinsics != nullptr, where + "intrinsics is NULL");
    vc::Require(out_rgb != nullptr, where + "out_rgb is NULL");
    vc::Require(out_depth != nullptr, where + "out_depth is NULL");
    RequireIntrinsics(*intrinsics);
    // Row sizes in int64, so no stride or width can overflow the products.
    const int64_t width = intrinsics->width;
    vc::Require(rgb_stride_bytes >= 3 * width,
                where + "rgb_stride_bytes " + std::to_string(rgb_stride_bytes) +
                    " is smaller than a row of " + std::to_string(3 * width) +
                    " bytes");
    vc::Require(depth_stride_bytes >= 2 * width,
                where + "depth_stride_bytes " +
                    std::to_string(depth_stride_bytes) +
                    " is smaller than a row of " + std::to_string(2 * width) +
                    " bytes");
    vc::Require(IsFinitePositive(depth_units_per_metre),
                where + "depth_units_per_metre must be finite and > 0, got " +
                    Describe(depth_units_per_metre));
    RequireRigid(world_from_camera);

    vc::synthetic::PinholeCamera camera;
    camera.fx = intrinsics->fx;
    camera.fy = intrinsics->fy;
    camera.cx = intrinsics->cx;
    camera.cy = intrinsics->cy;
    camera.width = intrinsics->width;
    camera.height = intrinsics->height;
    vc::synthetic::RenderTarget target;
    target.rgb = out_rgb;
    target.rgb_stride_bytes = rgb_stride_bytes;
    target.depth = reinterpret_cast<uint8_t*>(out_depth);
    target.depth_stride_bytes = depth_stride_bytes;
    target.depth_units_per_metre = depth_units_per_metre;
    vc::synthetic::RenderView(
        scene->scene,
        vc::WorldFromOpenCvCamera(
            vc::IsometryFromColumnMajor(world_from_camera)),
        camera, target);
  });
}

}  // extern "C"
