// The core's objects the Python classes own: a world map and a reference
// image set, shared so that several Python objects may hold one.
#pragma once

#include <memory>

#include "vision_core/vision_core.h"

namespace arscene_python {

struct WorldMap {
  std::shared_ptr<const vc_world_map_t> map;
};

struct ReferenceImageSet {
  std::shared_ptr<vc_reference_image_set_t> set;
  bool built = false;
};

}  // namespace arscene_python
