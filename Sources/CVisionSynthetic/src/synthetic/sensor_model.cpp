#include "synthetic/sensor_model.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <string>

#include "common/angles.h"
#include "common/status_error.h"
#include "synthetic/no_fused_multiply_add.h"

namespace vc {
namespace synthetic {
namespace {

// The random bits of one pixel: three 64-bit hashes, each split into the
// values below. Hashing is a fair share of the frame's cost, so no bit is
// wasted. Part of the output's identity: change only with the data.
struct PixelRandom {
  // Red and green noise (32 bits each).
  uint64_t color;
  // Blue noise (low 32 bits) and depth noise (high 32 bits).
  uint64_t mixed;
  // Dropout (low 32 bits) and grazing-hole (high 32 bits) draws.
  uint64_t failure;

  PixelRandom(uint64_t seed_key, uint64_t pixel) {
    color = Mix64(seed_key + pixel * 0x9E3779B97F4A7C15ull);
    mixed = Mix64(color + 0xD1B54A32D192ED03ull);
    failure = Mix64(color + 0x8CB92BA72F3D8DD7ull);
  }
};

// An approximately standard normal value from 32 random bits: the sum of
// four byte-sized uniforms (Irwin-Hall), centred and scaled to unit
// variance. Integer arithmetic until the last step, so no libm call can make
// two machines disagree; the steps (0.007 sigma) and the cut-off tails (3.4
// sigma) are far below what sensor noise needs.
double Gaussian(uint32_t bits) {
  const uint32_t sum = (bits & 0xFFu) + ((bits >> 8) & 0xFFu) +
                       ((bits >> 16) & 0xFFu) + (bits >> 24);
  // Each byte is uniform on 0..255: mean 127.5, variance (256^2 - 1) / 12.
  constexpr double kInverseSigma = 1.0 / 147.800541;  // 1 / sqrt(4 var)
  return (static_cast<double>(sum) - 510.0) * kInverseSigma;
}

uint32_t Low(uint64_t bits) { return static_cast<uint32_t>(bits); }
uint32_t High(uint64_t bits) { return static_cast<uint32_t>(bits >> 32); }

// A uniform value in [0, 1) from 32 random bits.
double Unit(uint32_t bits) {
  return static_cast<double>(bits) * (1.0 / 4294967296.0);
}

// arccos on [0, 1] to within 7e-5 rad (Abramowitz and Stegun 4.4.45): only
// a square root, so it is exact IEEE arithmetic on every machine, and it is
// several times cheaper than std::acos in the per-pixel loop.
double Arccos(double x) {
  return std::sqrt(1.0 - x) *
         (1.5707288 + x * (-0.2121144 + x * (0.0742610 + x * -0.0187293)));
}

uint8_t ToByte(float value) {
  return static_cast<uint8_t>(std::clamp(value * 255.0f + 0.5f, 0.0f, 255.0f));
}

// Colour noise: the standard deviation at each whole level, so the loop
// looks it up instead of taking a square root per channel.
class ColorNoise {
 public:
  explicit ColorNoise(const ColorNoiseModel& model) {
    for (int level = 0; level < 256; ++level) {
      sigma_[level] = std::sqrt(model.read_sigma * model.read_sigma +
                                model.shot * static_cast<double>(level));
    }
  }

  uint8_t Byte(float value, uint32_t bits) const {
    const double level = static_cast<double>(value) * 255.0;
    const int index = static_cast<int>(std::clamp(level + 0.5, 0.0, 255.0));
    const double noisy = level + sigma_[index] * Gaussian(bits);
    return static_cast<uint8_t>(std::clamp(noisy + 0.5, 0.0, 255.0));
  }

 private:
  std::array<double, 256> sigma_;
};

void StoreDepth(uint8_t* row, int u, uint16_t value) {
  // memcpy: the row is addressed in bytes and may not be 2-aligned.
  std::memcpy(row + 2 * static_cast<ptrdiff_t>(u), &value, sizeof(value));
}

uint16_t DepthUnits(double metres, double units_per_metre) {
  if (!(metres > 0.0)) return 0;
  // metres > 0, so adding 0.5 and truncating rounds half away from zero like
  // std::round, without the libm call.
  const double units = metres * units_per_metre + 0.5;
  return units < 65536.0 ? static_cast<uint16_t>(units) : 0;
}

// The sensor's reading of one pixel at depth z (> 0) seen at this
// incidence cosine, or 0 for no depth.
double NoisyDepth(double z, float incidence, const DepthNoiseModel& model,
                  const PixelRandom& random) {
  if (z < model.min_range || z > model.max_range) return 0.0;
  if (Unit(Low(random.failure)) < model.dropout) return 0.0;
  const double theta =
      Arccos(std::min(1.0, std::max(0.0, static_cast<double>(incidence))));
  const double start = Radians(model.grazing_start_degrees);
  const double full = Radians(model.grazing_full_degrees);
  if (theta >= start) {
    const double s = std::min(1.0, (theta - start) / (full - start));
    if (Unit(High(random.failure)) < s * s * (3.0 - 2.0 * s)) return 0.0;
  }
  const double away = z - model.offset;
  const double off_normal = std::max(kPi / 2.0 - theta, 1e-3);
  const double sigma =
      model.base + model.quadratic * away * away +
      model.angular / std::sqrt(z) * theta * theta / (off_normal * off_normal);
  return z + sigma * Gaussian(High(random.mixed));
}

}  // namespace

void DepthNoiseModel::Check() const {
  const auto finite_non_negative = [](double value, const char* name) {
    Require(
        std::isfinite(value) && value >= 0.0,
        std::string("DepthNoiseModel.") + name + " must be finite and >= 0");
  };
  finite_non_negative(base, "base");
  finite_non_negative(quadratic, "quadratic");
  finite_non_negative(offset, "offset");
  finite_non_negative(angular, "angular");
  finite_non_negative(min_range, "min_range");
  Require(std::isfinite(max_range) && max_range > min_range,
          "DepthNoiseModel.max_range must be finite and above min_range");
  Require(grazing_start_degrees >= 0.0 &&
              grazing_start_degrees < grazing_full_degrees &&
              grazing_full_degrees < 90.0,
          "DepthNoiseModel: grazing angles must satisfy 0 <= start < full < "
          "90 degrees");
  Require(std::isfinite(dropout) && dropout >= 0.0 && dropout <= 1.0,
          "DepthNoiseModel.dropout must be in [0, 1]");
}

void ColorNoiseModel::Check() const {
  Require(std::isfinite(read_sigma) && read_sigma >= 0.0 && read_sigma <= 64.0,
          "ColorNoiseModel.read_sigma must be in [0, 64] levels");
  Require(std::isfinite(shot) && shot >= 0.0 && shot <= 4.0,
          "ColorNoiseModel.shot must be in [0, 4] levels per level");
}

void SensorOptions::Check() const {
  Require(std::isfinite(exposure_gain) && exposure_gain >= 0.0 &&
              exposure_gain <= 1000.0,
          "exposure_gain must be finite and in [0, 1000]");
  depth.Check();
  color.Check();
}

ExposureStatistics Expose(const SurfaceImage& surfaces,
                          const SensorOptions& options,
                          const RenderTarget& target) {
  const float gain = static_cast<float>(options.exposure_gain);
  // The seed, mixed once, so that nearby seeds give unrelated noise.
  const uint64_t seed_key = Mix64(options.noise_seed);
  const ColorNoise color_noise(options.color);
  size_t detailed = 0;
  size_t with_depth = 0;
  for (int v = 0; v < surfaces.height; ++v) {
    const size_t row_offset = static_cast<size_t>(v) * surfaces.width;
    uint8_t* rgb_row = target.rgb + v * target.rgb_stride_bytes;
    uint8_t* depth_row = target.depth + v * target.depth_stride_bytes;
    for (int u = 0; u < surfaces.width; ++u) {
      const size_t i = row_offset + u;
      const Rgb& radiance = surfaces.radiance[i];
      uint8_t* pixel = rgb_row + 3 * static_cast<ptrdiff_t>(u);
      const double z = surfaces.depth[i];
      double reading = z;
      if (options.noise) {
        const PixelRandom random(seed_key, i);
        pixel[0] = color_noise.Byte(radiance.r * gain, Low(random.color));
        pixel[1] = color_noise.Byte(radiance.g * gain, High(random.color));
        pixel[2] = color_noise.Byte(radiance.b * gain, Low(random.mixed));
        if (z > 0.0) {
          reading = NoisyDepth(z, surfaces.incidence[i], options.depth, random);
        }
      } else {
        pixel[0] = ToByte(radiance.r * gain);
        pixel[1] = ToByte(radiance.g * gain);
        pixel[2] = ToByte(radiance.b * gain);
      }
      const uint16_t units = DepthUnits(reading, target.depth_units_per_metre);
      StoreDepth(depth_row, u, units);
      detailed += surfaces.detailed[i];
      with_depth += units != 0 ? 1 : 0;
    }
  }
  ExposureStatistics statistics;
  const double count = static_cast<double>(surfaces.width) *
                       static_cast<double>(surfaces.height);
  if (count > 0.0) {
    statistics.detailed_fraction = static_cast<double>(detailed) / count;
    statistics.valid_depth_fraction = static_cast<double>(with_depth) / count;
  }
  return statistics;
}

}  // namespace synthetic
}  // namespace vc
