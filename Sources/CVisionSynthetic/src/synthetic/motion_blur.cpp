#include "synthetic/motion_blur.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <optional>
#include <vector>

#include "synthetic/no_fused_multiply_add.h"

namespace vc {
namespace synthetic {
namespace {

// Paths shorter than this (in pixels) leave the pixel sharp.
constexpr float kMinBlurLength = 0.5f;

// Where a middle-camera ray ends up in another camera: for the pixel's ray
// r (camera z = 1) at depth z, the point is z * (R r) + t, and R r changes
// linearly along a row, so a row needs three additions per pixel instead of
// a matrix product. Single precision: flows are tens of pixels and the
// result is quantised to 8 bits.
struct RayMap {
  float rotation[3][3];
  float translation[3];

  explicit RayMap(const Eigen::Isometry3d& other_from_middle) {
    for (int i = 0; i < 3; ++i) {
      for (int j = 0; j < 3; ++j) {
        rotation[i][j] = static_cast<float>(other_from_middle.linear()(i, j));
      }
      translation[i] = static_cast<float>(other_from_middle.translation()[i]);
    }
  }

  // R applied to the camera vector (x, y, 1).
  void Rotate(float x, float y, float out[3]) const {
    for (int i = 0; i < 3; ++i) {
      out[i] = rotation[i][0] * x + rotation[i][1] * y + rotation[i][2];
    }
  }
};

// A colour padded to four floats, so that the compiler can blend a pixel
// with one vector operation.
struct alignas(16) Rgba {
  float c[4];
};

inline Rgba Blend(const Rgba& a, float wa, const Rgba& b, float wb,
                  const Rgba& c, float wc, const Rgba& d, float wd) {
  Rgba out;
  for (int k = 0; k < 4; ++k) {
    out.c[k] = wa * a.c[k] + wb * b.c[k] + wc * c.c[k] + wd * d.c[k];
  }
  return out;
}

// Box-filtered halvings of the sharp image along x, y or both (level k has
// pixels 2^k wide along each halved axis). Long paths are sampled sparsely
// from a coarser level, whose pixels span the gap between samples, so a
// smear never breaks into copies; halving only along the path's main axis
// keeps the smear from spreading across the motion.
class Pyramid {
 public:
  static constexpr int kLevels = 4;

  // sharp is level 0 and must outlive the pyramid.
  Pyramid(const std::vector<Rgba>& sharp, int width, int height, bool halve_x,
          bool halve_y) {
    levels_[0] = &sharp;
    widths_[0] = width;
    heights_[0] = height;
    const int step_x = halve_x ? 2 : 1;
    const int step_y = halve_y ? 2 : 1;
    for (int k = 1; k < kLevels; ++k) {
      const std::vector<Rgba>& fine = *levels_[k - 1];
      const int fine_width = widths_[k - 1];
      const int fine_height = heights_[k - 1];
      widths_[k] = (fine_width + step_x - 1) / step_x;
      heights_[k] = (fine_height + step_y - 1) / step_y;
      std::vector<Rgba>& coarse = storage_[k];
      coarse.resize(static_cast<size_t>(widths_[k]) * heights_[k]);
      for (int y = 0; y < heights_[k]; ++y) {
        const int y0 = std::min(step_y * y, fine_height - 1);
        const int y1 = std::min(step_y * y + step_y - 1, fine_height - 1);
        for (int x = 0; x < widths_[k]; ++x) {
          const int x0 = std::min(step_x * x, fine_width - 1);
          const int x1 = std::min(step_x * x + step_x - 1, fine_width - 1);
          coarse[static_cast<size_t>(y) * widths_[k] + x] =
              Blend(fine[static_cast<size_t>(y0) * fine_width + x0], 0.25f,
                    fine[static_cast<size_t>(y0) * fine_width + x1], 0.25f,
                    fine[static_cast<size_t>(y1) * fine_width + x0], 0.25f,
                    fine[static_cast<size_t>(y1) * fine_width + x1], 0.25f);
        }
      }
      levels_[k] = &coarse;
    }
    for (int k = 0; k < kLevels; ++k) {
      scales_x_[k] = halve_x ? 1.0f / static_cast<float>(1 << k) : 1.0f;
      scales_y_[k] = halve_y ? 1.0f / static_cast<float>(1 << k) : 1.0f;
      limits_x_[k] = static_cast<float>(widths_[k] - 1);
      limits_y_[k] = static_cast<float>(heights_[k] - 1);
    }
  }

  // Bilinear lookup at (x, y) in full-resolution pixel coordinates, from
  // the given level, clamped to the image. Single precision: positions are
  // within a few thousand pixels and the result is quantised to 8 bits.
  Rgba Sample(int level, float x, float y) const {
    const int width = widths_[level];
    x = std::min(std::max((x + 0.5f) * scales_x_[level] - 0.5f, 0.0f),
                 limits_x_[level]);
    y = std::min(std::max((y + 0.5f) * scales_y_[level] - 0.5f, 0.0f),
                 limits_y_[level]);
    const int x0 = static_cast<int>(x);
    const int y0 = static_cast<int>(y);
    const int dx = x0 + 1 < width ? 1 : 0;
    const int dy = y0 + 1 < heights_[level] ? width : 0;
    const float fx = x - static_cast<float>(x0);
    const float fy = y - static_cast<float>(y0);
    const Rgba* row = levels_[level]->data() + static_cast<size_t>(y0) * width;
    return Blend(row[x0], (1.0f - fx) * (1.0f - fy), row[x0 + dx],
                 fx * (1.0f - fy), row[x0 + dy], (1.0f - fx) * fy,
                 row[x0 + dy + dx], fx * fy);
  }

  // The level whose pixels are about as wide as the gap between samples.
  static int LevelFor(float spacing) {
    int level = 0;
    while (level + 1 < kLevels && spacing >= static_cast<float>(2 << level)) {
      ++level;
    }
    return level;
  }

 private:
  std::array<const std::vector<Rgba>*, kLevels> levels_{};
  std::array<std::vector<Rgba>, kLevels> storage_;
  std::array<int, kLevels> widths_{};
  std::array<int, kLevels> heights_{};
  std::array<float, kLevels> scales_x_{};
  std::array<float, kLevels> scales_y_{};
  std::array<float, kLevels> limits_x_{};
  std::array<float, kLevels> limits_y_{};
};

}  // namespace

void BlurAlongMotion(const Eigen::Isometry3d& world_from_opencv_camera,
                     const ShutterMotion& shutter, const PinholeCamera& camera,
                     SurfaceImage* surfaces) {
  const int width = surfaces->width;
  const int height = surfaces->height;
  const RayMap to_open(
      shutter.world_from_opencv_camera_open.inverse(Eigen::Isometry) *
      world_from_opencv_camera);
  const RayMap to_close(
      shutter.world_from_opencv_camera_close.inverse(Eigen::Isometry) *
      world_from_opencv_camera);
  const float fx = static_cast<float>(camera.fx);
  const float fy = static_cast<float>(camera.fy);
  const float cx = static_cast<float>(camera.cx);
  const float cy = static_cast<float>(camera.cy);
  // R applied to one pixel's step along a row.
  float open_step[3];
  float close_step[3];
  for (int i = 0; i < 3; ++i) {
    open_step[i] = to_open.rotation[i][0] / fx;
    close_step[i] = to_close.rotation[i][0] / fx;
  }
  std::vector<Rgba> sharp(surfaces->radiance.size());
  for (size_t i = 0; i < sharp.size(); ++i) {
    const Rgb& c = surfaces->radiance[i];
    sharp[i] = Rgba{{c.r, c.g, c.b, 0.0f}};
  }
  // Pyramids for paths mostly along x, mostly along y, and the rest, each
  // built when a pixel first needs it: a turn about the vertical needs only
  // the first.
  std::optional<Pyramid> along_x;
  std::optional<Pyramid> along_y;
  std::optional<Pyramid> along_both;
  const auto pyramid_for = [&](float path_u, float path_v) -> const Pyramid& {
    const float abs_u = std::abs(path_u);
    const float abs_v = std::abs(path_v);
    std::optional<Pyramid>& pyramid = abs_u >= 2.0f * abs_v   ? along_x
                                      : abs_v >= 2.0f * abs_u ? along_y
                                                              : along_both;
    if (!pyramid) {
      pyramid.emplace(sharp, width, height, &pyramid != &along_y,
                      &pyramid != &along_x);
    }
    return *pyramid;
  };
  for (int v = 0; v < height; ++v) {
    // R r at u = 0, then one step per pixel.
    float open_ray[3];
    float close_ray[3];
    to_open.Rotate(-cx / fx, (static_cast<float>(v) - cy) / fy, open_ray);
    to_close.Rotate(-cx / fx, (static_cast<float>(v) - cy) / fy, close_ray);
    for (int u = 0; u < width; ++u) {
      const size_t i = static_cast<size_t>(v) * width + u;
      const float uf = static_cast<float>(u);
      // The pixel's scene point, seen from each end of the exposure: at its
      // depth, or, where nothing is hit, infinitely far along its ray.
      const float z = static_cast<float>(surfaces->depth[i]);
      const bool finite = z > 0.0f;
      float at_open[3];
      float at_close[3];
      for (int k = 0; k < 3; ++k) {
        const float open_direction = open_ray[k] + uf * open_step[k];
        const float close_direction = close_ray[k] + uf * close_step[k];
        at_open[k] = finite ? z * open_direction + to_open.translation[k]
                            : open_direction;
        at_close[k] = finite ? z * close_direction + to_close.translation[k]
                             : close_direction;
      }
      // A point that passes behind the camera during the exposure has no
      // image path; such pixels stay sharp.
      if (at_open[2] <= 1e-6f || at_close[2] <= 1e-6f) continue;
      // Where the point appears at each end of the exposure. At time s the
      // pixel sees (to first order) the point that sat at pixel - flow(s)
      // in the middle image, so the samples run from pixel - flow(open) to
      // pixel - flow(close).
      const float open_inverse = 1.0f / at_open[2];
      const float close_inverse = 1.0f / at_close[2];
      const float open_u = fx * at_open[0] * open_inverse + cx;
      const float open_v = fy * at_open[1] * open_inverse + cy;
      const float path_u = fx * at_close[0] * close_inverse + cx - open_u;
      const float path_v = fy * at_close[1] * close_inverse + cy - open_v;
      const float length = std::sqrt(path_u * path_u + path_v * path_v);
      if (!(length >= kMinBlurLength)) continue;
      // About a sample per pixel of path, up to the cap.
      const int samples =
          std::min(kMaxBlurSamples, 2 + static_cast<int>(length));
      const int level = Pyramid::LevelFor(length / samples);
      const Pyramid& pyramid = pyramid_for(path_u, path_v);
      const float step_u = -path_u / samples;
      const float step_v = -path_v / samples;
      const float start_u = 2.0f * uf - open_u + 0.5f * step_u;
      const float start_v =
          2.0f * static_cast<float>(v) - open_v + 0.5f * step_v;
      Rgba sum{{0.0f, 0.0f, 0.0f, 0.0f}};
      for (int k = 0; k < samples; ++k) {
        const Rgba value =
            pyramid.Sample(level, start_u + k * step_u, start_v + k * step_v);
        for (int c = 0; c < 4; ++c) sum.c[c] += value.c[c];
      }
      const float inverse = 1.0f / static_cast<float>(samples);
      surfaces->radiance[i] =
          Rgb{sum.c[0] * inverse, sum.c[1] * inverse, sum.c[2] * inverse};
    }
  }
}

}  // namespace synthetic
}  // namespace vc
