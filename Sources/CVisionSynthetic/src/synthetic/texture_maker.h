// Gives each surface of a scene its own seeded texture, so that surfaces
// never share a pattern while one scene seed still determines them all.
#pragma once

#include <cstdint>

#include "synthetic/procedural_texture.h"
#include "synthetic/synthetic_scene.h"

namespace vc {
namespace synthetic {

// Texture options from a ground colour and three inks (0xRRGGBB), at a
// feature scale relative to the defaults.
ProceduralTextureOptions Palette(uint32_t ground, uint32_t ink1, uint32_t ink2,
                                 uint32_t ink3, double scale = 1.0);

class TextureMaker {
 public:
  TextureMaker(SyntheticScene* scene, uint64_t seed)
      : scene_(scene), seed_(seed) {}

  // Adds a procedural texture with the next surface seed; returns its index.
  int Add(const ProceduralTextureOptions& options);

  // Adds either the procedural texture or, when plain, the options' ground
  // colour alone. Both use up a surface seed, so switching some surfaces
  // to plain leaves every other surface looking the same.
  int Add(const ProceduralTextureOptions& options, bool plain);

 private:
  SyntheticScene* scene_;
  uint64_t seed_;
  uint64_t next_surface_ = 0;
};

}  // namespace synthetic
}  // namespace vc
