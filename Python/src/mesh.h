// The scene mesh's chunks as Python reads them.
#pragma once

#include <nanobind/nanobind.h>

#include <vector>

#include "arrays.h"
#include "vision_core/vision_core.h"

namespace arscene_python {

struct MeshAnchor {
  uint64_t identifier = 0;
  uint32_t revision = 0;
  Matrix4 transform;
  nanobind::ndarray<nanobind::numpy, float, nanobind::shape<-1, 3>> vertices;
  nanobind::ndarray<nanobind::numpy, float, nanobind::shape<-1, 3>> normals;
  nanobind::ndarray<nanobind::numpy, uint32_t, nanobind::shape<-1, 3>> faces;
  nanobind::ndarray<nanobind::numpy, uint8_t, nanobind::shape<-1>> face_classes;
};

// Every mesh anchor of the session with its geometry.
std::vector<MeshAnchor> MeshAnchorsOf(const vc_session_t* session);

// arscene.MeshAnchor.
void BindMesh(nanobind::module_& m);

}  // namespace arscene_python
