// Deterministic procedural textures for the synthetic scenes.
//
// Trackers need corners at every scale the camera can see a surface at, so a
// texture layers random rectangles at three scales (each rectangle gives four
// corners, overlaps give T-junctions), optional planks and checkers, smooth
// value noise and a fine speckle over a per-surface palette. Everything is a
// pure function of the seed and of the surface coordinates in metres: the
// same point looks the same from every pose, and there is no global state.
#pragma once

#include <array>
#include <cstdint>

namespace vc {
namespace synthetic {

// A colour with channels in [0, 1], in display (sRGB-encoded) values: the
// renderer multiplies by light intensity without gamma handling, which is
// enough for test imagery.
struct Rgb {
  float r = 0.0f;
  float g = 0.0f;
  float b = 0.0f;
};

// Parses "#rrggbb"-style 0xRRGGBB into an Rgb.
constexpr Rgb RgbFromHex(uint32_t hex) {
  return Rgb{static_cast<float>((hex >> 16) & 0xFF) / 255.0f,
             static_cast<float>((hex >> 8) & 0xFF) / 255.0f,
             static_cast<float>(hex & 0xFF) / 255.0f};
}

// A point on a surface to be textured.
struct SurfaceSample {
  // Surface coordinates in metres (see SurfaceAxes in room_scene.h).
  double u = 0.0;
  double v = 0.0;
  // How many pixels one metre of surface spans here (1 / the side of a pixel
  // on the surface): detail smaller than a few pixels is faded towards its
  // mean, a cheap stand-in for mip-mapping that keeps the image from
  // shimmering under motion. Infinity keeps all detail.
  double pixels_per_metre = 0.0;
};

// What a surface looks like: procedural textures, plain paint
// (plain_texture.h); image textures can implement it later without the ray
// caster changing.
//
// Textures are evaluated a run of samples at a time (the renderer passes the
// consecutive pixels of a row that hit the same surface): neighbouring
// samples mostly fall in the same texture cells, so an implementation can
// decode each cell once per run instead of once per pixel.
class SurfaceTexture {
 public:
  virtual ~SurfaceTexture() = default;

  // Writes the albedo of samples[0..count) into albedo[0..count).
  virtual void Albedo(const SurfaceSample* samples, int count,
                      Rgb* albedo) const = 0;

  // Whether the surface carries detail a tracker can follow. A plain
  // surface (a painted wall) does not: renders report the fraction of
  // pixels on detailed surfaces, which is how the textureless scenario's
  // "insufficient features" stretches are found.
  virtual bool HasDetail() const { return true; }

  // One sample; for tests and tools, not for per-pixel loops.
  Rgb AlbedoAt(double u, double v, double pixels_per_metre) const {
    const SurfaceSample sample{u, v, pixels_per_metre};
    Rgb albedo;
    Albedo(&sample, 1, &albedo);
    return albedo;
  }
};

// 64-bit mixing (the SplitMix64 finaliser): the only source of randomness in
// the synthetic scenes.
constexpr uint64_t Mix64(uint64_t x) {
  x ^= x >> 30;
  x *= 0xBF58476D1CE4E5B9ull;
  x ^= x >> 27;
  x *= 0x94D049BB133111EBull;
  x ^= x >> 31;
  return x;
}

// Derives an independent seed, e.g. one per surface from the scene seed.
constexpr uint64_t HashCombine(uint64_t seed, uint64_t value) {
  return Mix64(seed ^ Mix64(value + 0x9E3779B97F4A7C15ull));
}

struct ProceduralTextureOptions {
  // palette[0] is the ground colour; rectangles take palette[1..3].
  std::array<Rgb, 4> palette = {RgbFromHex(0xB0A890), RgbFromHex(0x605848),
                                RgbFromHex(0xE0D8C8), RgbFromHex(0x8898A8)};
  // Multiplies every feature size below, so one option makes a surface
  // coarser or finer.
  double scale = 1.0;
  // Cell sides of the three rectangle layers, in metres (before scale). Each
  // cell holds at most one rectangle of 25-95% of the cell per side.
  double large_cell = 0.45;
  double medium_cell = 0.15;
  double small_cell = 0.05;
  // Probability that a cell holds a rectangle, per layer.
  double large_density = 0.55;
  double medium_density = 0.5;
  double small_density = 0.45;
  // How strongly a rectangle replaces the ground, 0..1.
  double rectangle_opacity = 0.8;
  // Side of the speckle cells in metres and their relative brightness swing.
  double speckle_cell = 0.012;
  double speckle_contrast = 0.12;
  // Period of the smooth brightness variation in metres and its swing.
  double noise_period = 0.4;
  double noise_contrast = 0.25;
  // Planks running along u, this wide (in metres, across v; 0 = none), each
  // a slightly different shade, with seams at random places along u.
  double plank_width = 0.0;
  // Checker squares of this side in metres (0 = none) and their swing.
  double checker_cell = 0.0;
  double checker_contrast = 0.25;

  // Throws StatusError(VC_STATUS_INVALID_ARGUMENT) naming the bad field.
  void Check() const;
};

class ProceduralTexture final : public SurfaceTexture {
 public:
  // Checks options (see ProceduralTextureOptions::Check).
  ProceduralTexture(uint64_t seed, const ProceduralTextureOptions& options);

  void Albedo(const SurfaceSample* samples, int count,
              Rgb* albedo) const override;

 private:
  // One grid of random rectangles, with everything Albedo needs precomputed
  // so that the per-sample path has no divisions.
  struct RectangleLayer {
    uint64_t seed = 0;
    double inverse_cell = 0.0;  // 1 / cell side, per metre.
    double density = 0.0;
    double shift = 0.0;    // Grid offset in cells.
    double feature = 0.0;  // Typical rectangle side, metres.
  };

  ProceduralTextureOptions options_;
  std::array<RectangleLayer, 5> rectangle_layers_;
  uint64_t noise_seed_ = 0;
  uint64_t plank_row_seed_ = 0;
  uint64_t plank_seed_ = 0;
  uint64_t speckle_seed_ = 0;
  // Sizes in metres after scaling, and their inverses; 0 turns a layer off.
  double inverse_noise_period_ = 0.0;
  double plank_width_ = 0.0;
  double inverse_plank_width_ = 0.0;
  double checker_cell_ = 0.0;
  double inverse_checker_cell_ = 0.0;
  double speckle_cell_ = 0.0;
  double inverse_speckle_cell_ = 0.0;
};

}  // namespace synthetic
}  // namespace vc
