// A surface of one flat colour: painted walls and floors for the textureless
// scenario, where a tracker must find nothing to follow on them.
#pragma once

#include "synthetic/procedural_texture.h"

namespace vc {
namespace synthetic {

class PlainTexture final : public SurfaceTexture {
 public:
  explicit PlainTexture(const Rgb& colour) : colour_(colour) {}

  void Albedo(const SurfaceSample* /*samples*/, int count,
              Rgb* albedo) const override {
    for (int i = 0; i < count; ++i) albedo[i] = colour_;
  }

  bool HasDetail() const override { return false; }

 private:
  Rgb colour_;
};

}  // namespace synthetic
}  // namespace vc
