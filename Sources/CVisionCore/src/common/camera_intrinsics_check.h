// The one check of pinhole intrinsics, for frames, depth registration, plane
// segmentation, reference-image detection and the synthetic renderer alike.
// Header-only so that the synthetic scenes beside the core can use it.
#pragma once

#include <algorithm>
#include <cmath>
#include <string>

#include "common/image_limits.h"
#include "common/number_text.h"
#include "common/status_error.h"
#include "vision_core/vision_core.h"

namespace vc {

// Finite values, 1..kMaxImageSide pixels on a side, focal lengths 0.01..100
// times the longer side, the principal point inside the image. Throws
// StatusError naming the problem, its messages starting with `what`
// ("camera focal lengths must be > 0, ...").
inline void CheckCameraIntrinsics(const vc_camera_intrinsics_t& k,
                                  const std::string& what = "camera") {
  constexpr double kMinFocalPerSide = 0.01;
  constexpr double kMaxFocalPerSide = 100.0;
  const bool finite = std::isfinite(k.fx) && std::isfinite(k.fy) &&
                      std::isfinite(k.cx) && std::isfinite(k.cy);
  Require(finite, what + " intrinsics contain NaN or infinity");
  Require(k.fx > 0 && k.fy > 0,
          what + " focal lengths must be > 0, got fx=" + NumberText(k.fx) +
              " fy=" + NumberText(k.fy));
  Require(k.width > 0 && k.height > 0 && k.width <= kMaxImageSide &&
              k.height <= kMaxImageSide,
          what + " image size must be 1.." + std::to_string(kMaxImageSide) +
              " on a side, got " + std::to_string(k.width) + "x" +
              std::to_string(k.height),
          VC_STATUS_INVALID_IMAGE);
  // A pinhole camera sees between about 0.6 and 179 degrees across: focal
  // lengths outside 0.01..100 times the image's longer side are a unit
  // mistake (millimetres, metres) or a corrupt field, not a lens.
  const double side = std::max(k.width, k.height);
  Require(
      k.fx >= kMinFocalPerSide * side && k.fx <= kMaxFocalPerSide * side &&
          k.fy >= kMinFocalPerSide * side && k.fy <= kMaxFocalPerSide * side,
      what + " focal lengths must be " + NumberText(kMinFocalPerSide * side) +
          ".." + NumberText(kMaxFocalPerSide * side) + " pixels for a " +
          std::to_string(k.width) + "x" + std::to_string(k.height) +
          " image (0.01..100 times its longer side), got fx=" +
          NumberText(k.fx) + " fy=" + NumberText(k.fy));
  // Pixel centres are at integer coordinates, so the image spans -0.5 to
  // width - 0.5; a principal point outside it is a corrupt or swapped field.
  Require(k.cx >= -0.5 && k.cx <= k.width - 0.5 && k.cy >= -0.5 &&
              k.cy <= k.height - 0.5,
          what + " principal point must lie inside the " +
              std::to_string(k.width) + "x" + std::to_string(k.height) +
              " image, got cx=" + NumberText(k.cx) + " cy=" + NumberText(k.cy));
}

}  // namespace vc
