#include "synthetic/procedural_texture.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include "common/status_error.h"
#include "synthetic/no_fused_multiply_add.h"

namespace vc {
namespace synthetic {
namespace {

// Salts that give each layer of a texture its own hash stream. Values are
// part of the textures' identity: append, never renumber.
enum LayerSalt : uint64_t {
  kNoiseSalt = 1,
  kPlankRowSalt = 2,
  kPlankSalt = 3,
  kLargeSalt = 4,
  kLargeShiftedSalt = 5,
  kMediumSalt = 6,
  kMediumShiftedSalt = 7,
  kSmallSalt = 8,
  kSpeckleSalt = 9,
};

uint64_t HashCell(uint64_t layer_seed, int64_t i, int64_t j) {
  return Mix64(layer_seed ^ (static_cast<uint64_t>(i) * 0x9E3779B97F4A7C15ull) ^
               (static_cast<uint64_t>(j) * 0xC2B2AE3D27D4EB4Full));
}

// A uniform value in [0, 1) from the top 53 bits. Converting through int64
// keeps it a single instruction on baseline x86-64.
double Unit(uint64_t hash) {
  return static_cast<double>(static_cast<int64_t>(hash >> 11)) *
         (1.0 / 9007199254740992.0);
}

// The k-th 10-bit field of a hash as a value in (0, 1), so that one hash
// describes a whole rectangle.
double Field(uint64_t hash, int k) {
  return (static_cast<double>(static_cast<int>((hash >> (10 * k)) & 1023u)) +
          0.5) *
         (1.0 / 1024.0);
}

// floor() without a libm call; surface coordinates are far inside int64.
int64_t FloorToInt(double x) {
  const int64_t i = static_cast<int64_t>(x);
  return i - (static_cast<double>(i) > x ? 1 : 0);
}

// How much of a feature of this size survives at this sampling density: all
// of it from 4 pixels per feature up, none below 2, so nothing sub-pixel
// flickers.
double Fade(double feature_metres, double pixels_per_metre) {
  // min/max rather than std::clamp: they compile to branch-free minsd/maxsd.
  return std::min(
      std::max((feature_metres * pixels_per_metre - 2.0) * 0.5, 0.0), 1.0);
}

Rgb Scaled(const Rgb& c, double k) {
  const float f = static_cast<float>(k);
  return Rgb{c.r * f, c.g * f, c.b * f};
}

Rgb Lerp(const Rgb& a, const Rgb& b, double t) {
  const float f = static_cast<float>(t);
  return Rgb{a.r + (b.r - a.r) * f, a.g + (b.g - a.g) * f,
             a.b + (b.b - a.b) * f};
}

// Neighbouring samples mostly fall in the same cell of a layer, so each layer
// keeps the last cell it decoded. Cells are tested by their bounds rather
// than by flooring the coordinates, which is the cheaper check on a hit; the
// bounds start as NaN so that the first lookup always misses.
struct CellBounds {
  double u0 = std::numeric_limits<double>::quiet_NaN();
  double u1 = std::numeric_limits<double>::quiet_NaN();
  double v0 = std::numeric_limits<double>::quiet_NaN();
  double v1 = std::numeric_limits<double>::quiet_NaN();

  bool Contains(double u, double v) const {
    return (u >= u0) & (u < u1) & (v >= v0) & (v < v1);
  }
  void MoveTo(int64_t iu, int64_t iv) {
    u0 = static_cast<double>(iu);
    u1 = u0 + 1.0;
    v0 = static_cast<double>(iv);
    v1 = v0 + 1.0;
  }
};

// The lattice values at the corners of the last noise cell looked up.
struct NoiseCell {
  CellBounds bounds;
  double n00 = 0.0;
  double n10 = 0.0;
  double n01 = 0.0;
  double n11 = 0.0;
};

void DecodeNoiseCell(uint64_t layer_seed, int64_t ix, int64_t iy,
                     NoiseCell* cell) {
  cell->bounds.MoveTo(ix, iy);
  cell->n00 = Unit(HashCell(layer_seed, ix, iy));
  cell->n10 = Unit(HashCell(layer_seed, ix + 1, iy));
  cell->n01 = Unit(HashCell(layer_seed, ix, iy + 1));
  cell->n11 = Unit(HashCell(layer_seed, ix + 1, iy + 1));
}

// Smoothly interpolated lattice noise in [0, 1] with unit period.
double ValueNoise(uint64_t layer_seed, double x, double y, NoiseCell* cell) {
  if (!cell->bounds.Contains(x, y)) {
    DecodeNoiseCell(layer_seed, FloorToInt(x), FloorToInt(y), cell);
  }
  double tx = x - cell->bounds.u0;
  double ty = y - cell->bounds.v0;
  tx = tx * tx * (3.0 - 2.0 * tx);
  ty = ty * ty * (3.0 - 2.0 * ty);
  const double bottom = cell->n00 + (cell->n10 - cell->n00) * tx;
  const double top = cell->n01 + (cell->n11 - cell->n01) * tx;
  return bottom + (top - bottom) * ty;
}

// The rectangle of the last cell of a rectangle layer looked up, in cell
// units. An absent rectangle is empty, so the coverage test needs no branch:
// inside/outside is random from pixel to pixel and mispredicted branches would
// dominate the cost.
struct RectangleCell {
  CellBounds bounds;
  CellBounds rectangle;
  Rgb ink;
};

void DecodeRectangleCell(uint64_t layer_seed, double density,
                         const std::array<Rgb, 4>& palette, int64_t iu,
                         int64_t iv, RectangleCell* cell) {
  const uint64_t h = HashCell(layer_seed, iu, iv);
  cell->bounds.MoveTo(iu, iv);
  if (Field(h, 0) >= density) {
    cell->rectangle.u0 = cell->rectangle.v0 = 1.0;
    cell->rectangle.u1 = cell->rectangle.v1 = 0.0;
    return;
  }
  const double width = 0.25 + 0.7 * Field(h, 1);
  const double height = 0.25 + 0.7 * Field(h, 2);
  cell->rectangle.u0 = cell->bounds.u0 + Field(h, 3) * (1.0 - width);
  cell->rectangle.u1 = cell->rectangle.u0 + width;
  cell->rectangle.v0 = cell->bounds.v0 + Field(h, 4) * (1.0 - height);
  cell->rectangle.v1 = cell->rectangle.v0 + height;
  cell->ink = Scaled(palette[1 + (h >> 50) % 3], 0.8 + 0.4 * Field(h, 6));
}

// Plank geometry of the last row and plank looked up.
struct PlankCell {
  bool row_valid = false;
  int64_t row = 0;
  double inverse_length = 1.0;
  double phase = 0.0;
  bool plank_valid = false;
  int64_t plank = 0;
  double shade = 0.0;  // In [-0.5, 0.5).
};

}  // namespace

void ProceduralTextureOptions::Check() const {
  const auto require_in = [](double value, double lo, double hi,
                             const char* name) {
    Require(std::isfinite(value) && value >= lo && value <= hi,
            std::string("ProceduralTextureOptions.") + name + " must be in [" +
                std::to_string(lo) + ", " + std::to_string(hi) + "]");
  };
  for (const Rgb& colour : palette) {
    require_in(colour.r, 0.0, 1.0, "palette");
    require_in(colour.g, 0.0, 1.0, "palette");
    require_in(colour.b, 0.0, 1.0, "palette");
  }
  Require(std::isfinite(scale) && scale > 0.0,
          "ProceduralTextureOptions.scale must be finite and > 0");
  // Sizes of 0 switch a layer off; a kilometre is plenty for a room.
  require_in(large_cell, 0.0, 1000.0, "large_cell");
  require_in(medium_cell, 0.0, 1000.0, "medium_cell");
  require_in(small_cell, 0.0, 1000.0, "small_cell");
  require_in(speckle_cell, 0.0, 1000.0, "speckle_cell");
  require_in(noise_period, 0.0, 1000.0, "noise_period");
  require_in(plank_width, 0.0, 1000.0, "plank_width");
  require_in(checker_cell, 0.0, 1000.0, "checker_cell");
  require_in(large_density, 0.0, 1.0, "large_density");
  require_in(medium_density, 0.0, 1.0, "medium_density");
  require_in(small_density, 0.0, 1.0, "small_density");
  require_in(rectangle_opacity, 0.0, 1.0, "rectangle_opacity");
  require_in(speckle_contrast, 0.0, 1.0, "speckle_contrast");
  require_in(noise_contrast, 0.0, 1.0, "noise_contrast");
  require_in(checker_contrast, 0.0, 1.0, "checker_contrast");
}

ProceduralTexture::ProceduralTexture(uint64_t seed,
                                     const ProceduralTextureOptions& options)
    : options_(options) {
  options.Check();
  const double s = options.scale;
  struct LayerSpec {
    LayerSalt salt;
    double cell;
    double density;
    double shift;
  };
  // Each size has a second, sparser grid offset against the first, so
  // rectangles overlap across cell borders instead of sitting in a lattice.
  const LayerSpec specs[] = {
      {kLargeSalt, options.large_cell, options.large_density, 0.0},
      {kLargeShiftedSalt, options.large_cell, 0.6 * options.large_density, 0.5},
      {kMediumSalt, options.medium_cell, options.medium_density, 0.0},
      {kMediumShiftedSalt, options.medium_cell, 0.6 * options.medium_density,
       0.37},
      {kSmallSalt, options.small_cell, options.small_density, 0.0},
  };
  static_assert(sizeof(specs) / sizeof(specs[0]) ==
                    std::tuple_size<decltype(rectangle_layers_)>::value,
                "one spec per rectangle layer");
  for (size_t i = 0; i < rectangle_layers_.size(); ++i) {
    const double cell = specs[i].cell * s;
    RectangleLayer& layer = rectangle_layers_[i];
    layer.seed = HashCombine(seed, specs[i].salt);
    layer.inverse_cell = cell > 0.0 ? 1.0 / cell : 0.0;
    layer.density = cell > 0.0 ? specs[i].density : 0.0;
    layer.shift = specs[i].shift;
    // A rectangle's typical side is about half its cell.
    layer.feature = 0.5 * cell;
  }
  noise_seed_ = HashCombine(seed, kNoiseSalt);
  plank_row_seed_ = HashCombine(seed, kPlankRowSalt);
  plank_seed_ = HashCombine(seed, kPlankSalt);
  speckle_seed_ = HashCombine(seed, kSpeckleSalt);
  const auto inverse = [](double x) { return x > 0.0 ? 1.0 / x : 0.0; };
  inverse_noise_period_ = inverse(options.noise_period * s);
  plank_width_ = options.plank_width * s;
  inverse_plank_width_ = inverse(plank_width_);
  checker_cell_ = options.checker_cell * s;
  inverse_checker_cell_ = inverse(checker_cell_);
  speckle_cell_ = options.speckle_cell * s;
  inverse_speckle_cell_ = inverse(speckle_cell_);
}

void ProceduralTexture::Albedo(const SurfaceSample* samples, int count,
                               Rgb* albedo) const {
  const ProceduralTextureOptions& o = options_;

  // The ground: palette[0] shaded by planks, smooth noise and checkers.
  PlankCell plank_cell;
  NoiseCell noise_cell;
  for (int i = 0; i < count; ++i) {
    const SurfaceSample& sample = samples[i];
    double brightness = 1.0;
    if (plank_width_ > 0.0) {
      // Rows of planks along u; each row has its own plank length and seam
      // phase so seams do not line up, giving T-junctions.
      const double fade = Fade(plank_width_, sample.pixels_per_metre);
      if (fade > 0.0) {
        const int64_t row = FloorToInt(sample.v * inverse_plank_width_);
        if (!plank_cell.row_valid || row != plank_cell.row) {
          const uint64_t h = HashCell(plank_row_seed_, row, 0);
          plank_cell.row_valid = true;
          plank_cell.row = row;
          const double length = plank_width_ * (4.0 + 6.0 * Field(h, 0));
          plank_cell.inverse_length = 1.0 / length;
          plank_cell.phase = Field(h, 1) * length;
          plank_cell.plank_valid = false;
        }
        const int64_t plank = FloorToInt((sample.u + plank_cell.phase) *
                                         plank_cell.inverse_length);
        if (!plank_cell.plank_valid || plank != plank_cell.plank) {
          plank_cell.plank_valid = true;
          plank_cell.plank = plank;
          plank_cell.shade = Unit(HashCell(plank_seed_, row, plank)) - 0.5;
        }
        brightness *= 1.0 + 0.35 * plank_cell.shade * fade;
      }
    }
    if (o.noise_contrast > 0.0) {
      const double x = sample.u * inverse_noise_period_;
      const double y = sample.v * inverse_noise_period_;
      const double noise = ValueNoise(noise_seed_, x, y, &noise_cell);
      brightness *= 1.0 + o.noise_contrast * (2.0 * noise - 1.0);
    }
    if (checker_cell_ > 0.0) {
      const double fade = Fade(checker_cell_, sample.pixels_per_metre);
      const int64_t parity = (FloorToInt(sample.u * inverse_checker_cell_) +
                              FloorToInt(sample.v * inverse_checker_cell_)) &
                             1;
      brightness *=
          1.0 + (parity ? o.checker_contrast : -o.checker_contrast) * fade;
    }
    albedo[i] = Scaled(o.palette[0], brightness);
  }

  // Rectangles, one layer at a time so each keeps its last cell decoded.
  for (const RectangleLayer& layer : rectangle_layers_) {
    if (layer.density <= 0.0) continue;
    RectangleCell cell;
    for (int i = 0; i < count; ++i) {
      const SurfaceSample& sample = samples[i];
      const double weight =
          o.rectangle_opacity * Fade(layer.feature, sample.pixels_per_metre);
      if (weight <= 0.0) continue;
      const double cu = sample.u * layer.inverse_cell + layer.shift;
      const double cv = sample.v * layer.inverse_cell + layer.shift;
      if (!cell.bounds.Contains(cu, cv)) {
        DecodeRectangleCell(layer.seed, layer.density, o.palette,
                            FloorToInt(cu), FloorToInt(cv), &cell);
      }
      const bool inside = cell.rectangle.Contains(cu, cv);
      albedo[i] = Lerp(albedo[i], cell.ink, inside ? weight : 0.0);
    }
  }

  if (speckle_cell_ > 0.0 && o.speckle_contrast > 0.0) {
    for (int i = 0; i < count; ++i) {
      const SurfaceSample& sample = samples[i];
      const double fade = Fade(speckle_cell_, sample.pixels_per_metre);
      if (fade <= 0.0) continue;
      const uint64_t h =
          HashCell(speckle_seed_, FloorToInt(sample.u * inverse_speckle_cell_),
                   FloorToInt(sample.v * inverse_speckle_cell_));
      albedo[i] = Scaled(
          albedo[i], 1.0 + o.speckle_contrast * fade * (2.0 * Unit(h) - 1.0));
    }
  }
}

}  // namespace synthetic
}  // namespace vc
