#include "synthetic/texture_maker.h"

#include <memory>

#include "synthetic/plain_texture.h"

namespace vc {
namespace synthetic {

ProceduralTextureOptions Palette(uint32_t ground, uint32_t ink1, uint32_t ink2,
                                 uint32_t ink3, double scale) {
  ProceduralTextureOptions options;
  options.palette = {RgbFromHex(ground), RgbFromHex(ink1), RgbFromHex(ink2),
                     RgbFromHex(ink3)};
  options.scale = scale;
  return options;
}

int TextureMaker::Add(const ProceduralTextureOptions& options) {
  return Add(options, false);
}

int TextureMaker::Add(const ProceduralTextureOptions& options, bool plain) {
  const uint64_t surface_seed = HashCombine(seed_, next_surface_++);
  if (plain) {
    options.Check();
    return scene_->AddTexture(
        std::make_unique<PlainTexture>(options.palette[0]));
  }
  return scene_->AddTexture(
      std::make_unique<ProceduralTexture>(surface_seed, options));
}

}  // namespace synthetic
}  // namespace vc
