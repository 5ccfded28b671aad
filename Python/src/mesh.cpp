// The scene mesh in Python: Session.mesh_anchors() as vertex, normal, face
// and face-class arrays, and Session.finish_scene_reconstruction().
#include "mesh.h"

#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include <string>

#include "count_protocol.h"
#include "errors.h"

namespace nb = nanobind;

namespace arscene_python {
namespace {

using Faces = nb::ndarray<nb::numpy, uint32_t, nb::shape<-1, 3>>;
using FaceClasses = nb::ndarray<nb::numpy, uint8_t, nb::shape<-1>>;
using Vertices = nb::ndarray<nb::numpy, float, nb::shape<-1, 3>>;

MeshAnchor MeshAnchorOf(const vc_session_t* session,
                        const vc_mesh_anchor_t& anchor) {
  MeshAnchor mesh;
  mesh.identifier = anchor.id;
  mesh.revision = anchor.revision;
  mesh.transform = MatrixOf(anchor.world_from_anchor);
  const size_t vertices = static_cast<size_t>(anchor.vertex_count);
  const size_t faces = static_cast<size_t>(anchor.face_count);
  float* xyz = nullptr;
  float* normals = nullptr;
  uint32_t* indices = nullptr;
  uint8_t* classes = nullptr;
  mesh.vertices = NewArray<Vertices>(vertices, 3, &xyz);
  mesh.normals = NewArray<Vertices>(vertices, 3, &normals);
  mesh.faces = NewArray<Faces>(faces, 3, &indices);
  mesh.face_classes = NewArray<FaceClasses>(faces, 0, &classes);
  Check(vc_session_get_mesh_geometry(session, anchor.id, xyz, normals,
                                     anchor.vertex_count, indices, classes,
                                     anchor.face_count),
        [&] { return std::string(vc_session_last_error_message(session)); });
  return mesh;
}

}  // namespace

std::vector<MeshAnchor> MeshAnchorsOf(const vc_session_t* session) {
  std::vector<MeshAnchor> meshes;
  for (const vc_mesh_anchor_t& anchor : ReadAll<vc_mesh_anchor_t>(
           [&](auto*out, int32_t capacity, int32_t*count) {
             return vc_session_get_mesh_anchors(session, out, capacity, count);
           },
           [&] {
             return std::string(vc_session_last_error_message(session));
           })) {
    meshes.push_back(MeshAnchorOf(session, anchor));
  }
  return meshes;
}

void BindMesh(nb::module_& m) {
  nb::class_<MeshAnchor>(m, "MeshAnchor",
                         "A chunk of the scene's mesh, like ARKit's "
                         "ARMeshAnchor: vertices in the anchor's frame.")
      .def_ro("identifier", &MeshAnchor::identifier, nb::rv_policy::copy,
              "Stable for the chunk's life; counts up from 1.")
      .def_ro("revision", &MeshAnchor::revision, nb::rv_policy::copy,
              "Grows by one with each new mesh of the chunk.")
      .def_ro("transform", &MeshAnchor::transform, nb::rv_policy::copy,
              "world_from_anchor, 4x4 float64 (ARKit axes, metres).")
      .def_ro("vertices", &MeshAnchor::vertices, nb::rv_policy::copy,
              "N x 3 float32, in the anchor's frame.")
      .def_ro("normals", &MeshAnchor::normals, nb::rv_policy::copy,
              "N x 3 float32 unit normals, towards the side depth saw.")
      .def_ro("faces", &MeshAnchor::faces, nb::rv_policy::copy,
              "M x 3 uint32 vertex indices, counter-clockwise seen from the "
              "normals' side.")
      .def_ro("face_classes", &MeshAnchor::face_classes, nb::rv_policy::copy,
              "M uint8 classes, as ARKit's ARMeshClassification: 0 none, 1 "
              "wall, 2 floor, 3 ceiling, 4 table, 5 seat, 6 window, 7 door.");
}

}  // namespace arscene_python
