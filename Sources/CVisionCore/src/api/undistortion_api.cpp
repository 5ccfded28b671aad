// extern "C" entry points for lens undistortion (vc_lens_distortion_check,
// vc_undistortion_*). An undistortion is immutable once made, so its calls
// leave failures in the calling thread's slot rather than in the handle.
#include <cstdint>
#include <string>
#include <vector>

#include "api/guard.h"
#include "common/camera_intrinsics_check.h"
#include "common/status_error.h"
#include "frame/image_view.h"
#include "frame/lens_undistortion.h"
#include "vision_core/vision_core.h"

struct vc_undistortion {
  vc::PixelRemap remap;
};

namespace {

void RequireCoefficients(const double* coefficients, int32_t count,
                         const std::string& call) {
  const std::string problem = vc::LensDistortionProblem(coefficients, count);
  vc::Require(problem.empty(), call + ": distortion " + problem);
}

}  // namespace

extern "C" {

vc_status_t vc_lens_distortion_check(const double* coefficients,
                                     int32_t count) {
  return vc::Guarded(vc::ThreadErrorSlot(), [&] {
    RequireCoefficients(coefficients, count, "vc_lens_distortion_check");
  });
}

vc_status_t vc_undistortion_create(const vc_camera_intrinsics_t* camera,
                                   const double* coefficients, int32_t count,
                                   vc_undistortion_t** out) {
  return vc::Guarded(vc::ThreadErrorSlot(), [&] {
    vc::Require(out != nullptr, "vc_undistortion_create: out is NULL");
    *out = nullptr;
    vc::Require(camera != nullptr, "vc_undistortion_create: camera is NULL");
    vc::CheckCameraIntrinsics(*camera, "vc_undistortion_create: camera");
    RequireCoefficients(coefficients, count, "vc_undistortion_create");
    *out = new vc_undistortion{vc::LensUndistortion(
        *camera, std::vector<double>(coefficients, coefficients + count))};
  });
}

void vc_undistortion_destroy(vc_undistortion_t* undistortion) {
  delete undistortion;
}

vc_status_t vc_undistortion_apply(const vc_undistortion_t* undistortion,
                                  const vc_image_view_t* image,
                                  void* out_pixels, int32_t out_stride_bytes) {
  return vc::Guarded(vc::ThreadErrorSlot(), [&] {
    vc::Require(undistortion != nullptr,
                "vc_undistortion_apply: undistortion is NULL");
    vc::Require(image != nullptr, "vc_undistortion_apply: image is NULL");
    vc::Require(out_pixels != nullptr,
                "vc_undistortion_apply: out_pixels is NULL");
    const cv::Mat in = vc::WrapImageView(*image, "image");
    const vc::PixelRemap& remap = undistortion->remap;
    vc::Require(in.cols == remap.width() && in.rows == remap.height(),
                "vc_undistortion_apply: image is " + std::to_string(in.cols) +
                    "x" + std::to_string(in.rows) + " but the camera is " +
                    std::to_string(remap.width()) + "x" +
                    std::to_string(remap.height()),
                VC_STATUS_INVALID_IMAGE);
    const int64_t row_bytes = int64_t{in.cols} * in.elemSize();
    vc::Require(out_stride_bytes >= row_bytes,
                "vc_undistortion_apply: out_stride_bytes must be >= " +
                    std::to_string(row_bytes) + ", got " +
                    std::to_string(out_stride_bytes));
    // Overlap would let remap read pixels it has already written.
    const auto* out_begin = static_cast<const uint8_t*>(out_pixels);
    const auto* out_end =
        out_begin + int64_t{out_stride_bytes} * (in.rows - 1) + row_bytes;
    const uint8_t* in_begin = in.datastart;
    const uint8_t* in_end = in.dataend;
    vc::Require(out_end <= in_begin || in_end <= out_begin,
                "vc_undistortion_apply: out_pixels overlap the image");
    cv::Mat out(in.rows, in.cols, in.type(), out_pixels,
                static_cast<size_t>(out_stride_bytes));
    const bool depth = image->format == VC_PIXEL_FORMAT_DEPTH_U16 ||
                       image->format == VC_PIXEL_FORMAT_DEPTH_F32;
    remap.Apply(in, depth, out);
  });
}

}  // extern "C"
