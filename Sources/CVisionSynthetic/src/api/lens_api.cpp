// extern "C" entry points of the synthetic lens (vc_synthetic_lens_*).
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "api/guard.h"
#include "api/synthetic_error_slot.h"
#include "common/camera_intrinsics_check.h"
#include "common/status_error.h"
#include "synthetic/lens_imaging.h"
#include "vision_synthetic/vision_synthetic.h"

struct vc_synthetic_lens {
  vc::PixelRemap remap;
};

namespace {

// What a render comes in: RGB8 colour and 16-bit depth; -1 for the rest.
int MatType(vc_pixel_format_t format) {
  if (format == VC_PIXEL_FORMAT_RGB8) return CV_8UC3;
  if (format == VC_PIXEL_FORMAT_DEPTH_U16) return CV_16UC1;
  return -1;
}

}  // namespace

extern "C" {

vc_status_t vc_synthetic_lens_create(const vc_camera_intrinsics_t* camera,
                                     const double* coefficients, int32_t count,
                                     vc_synthetic_lens_t** out) {
  return vc::Guarded(vc::synthetic::ThreadErrorSlot(), [&] {
    vc::Require(out != nullptr, "vc_synthetic_lens_create: out is NULL");
    *out = nullptr;
    vc::Require(camera != nullptr, "vc_synthetic_lens_create: camera is NULL");
    vc::CheckCameraIntrinsics(*camera, "vc_synthetic_lens_create: camera");
    vc::Require(coefficients != nullptr && count >= 4 && count <= 14,
                "vc_synthetic_lens_create: 4 to 14 coefficients needed, got " +
                    std::to_string(count));
    for (int32_t i = 0; i < count; ++i) {
      vc::Require(std::isfinite(coefficients[i]),
                  "vc_synthetic_lens_create: coefficient " + std::to_string(i) +
                      " is not finite");
    }
    *out = new vc_synthetic_lens{vc::synthetic::LensImaging(
        *camera, std::vector<double>(coefficients, coefficients + count))};
  });
}

void vc_synthetic_lens_destroy(vc_synthetic_lens_t* lens) { delete lens; }

vc_status_t vc_synthetic_lens_apply(const vc_synthetic_lens_t* lens,
                                    const vc_image_view_t* image,
                                    void* out_pixels,
                                    int32_t out_stride_bytes) {
  return vc::Guarded(vc::synthetic::ThreadErrorSlot(), [&] {
    vc::Require(lens != nullptr && image != nullptr && out_pixels != nullptr,
                "vc_synthetic_lens_apply: lens, image and out_pixels must not "
                "be NULL");
    const int type = MatType(image->format);
    vc::Require(type >= 0 && image->data != nullptr,
                "vc_synthetic_lens_apply: image must be RGB8 or DEPTH_U16",
                VC_STATUS_INVALID_IMAGE);
    const vc::PixelRemap& remap = lens->remap;
    vc::Require(
        image->width == remap.width() && image->height == remap.height(),
        "vc_synthetic_lens_apply: image is " + std::to_string(image->width) +
            "x" + std::to_string(image->height) + " but the camera is " +
            std::to_string(remap.width()) + "x" +
            std::to_string(remap.height()),
        VC_STATUS_INVALID_IMAGE);
    const cv::Mat probe(1, 1, type);
    const int64_t row_bytes = int64_t{image->width} * probe.elemSize();
    vc::Require(
        image->stride_bytes >= row_bytes && out_stride_bytes >= row_bytes,
        "vc_synthetic_lens_apply: strides must be >= " +
            std::to_string(row_bytes) + " bytes");
    const cv::Mat in(image->height, image->width, type,
                     const_cast<void*>(image->data),
                     static_cast<size_t>(image->stride_bytes));
    cv::Mat out(image->height, image->width, type, out_pixels,
                static_cast<size_t>(out_stride_bytes));
    vc::Require(out.dataend <= in.datastart || in.dataend <= out.datastart,
                "vc_synthetic_lens_apply: out_pixels overlap the image");
    remap.Apply(in, image->format == VC_PIXEL_FORMAT_DEPTH_U16, out);
  });
}

}  // extern "C"
