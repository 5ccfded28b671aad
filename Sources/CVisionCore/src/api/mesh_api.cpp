// Entry points for scene reconstruction: the session's mesh anchors and
// their geometry.
#include <string>
#include <vector>

#include "api/count_protocol.h"
#include "api/guard.h"
#include "api/session_handle.h"
#include "common/camera_intrinsics_check.h"
#include "common/pinhole_camera.h"
#include "common/status_error.h"
#include "common/transform_checks.h"
#include "vision_core/vision_core.h"

namespace {

vc_mesh_anchor_t ToC(const vc::MeshAnchorData& anchor) {
  vc_mesh_anchor_t out{};
  out.id = anchor.id;
  out.revision = anchor.revision;
  for (int k = 0; k < 16; ++k) out.world_from_anchor[k] = k % 5 == 0 ? 1 : 0;
  for (int k = 0; k < 3; ++k) {
    out.world_from_anchor[12 + k] = static_cast<float>(anchor.origin[k]);
  }
  out.vertex_count = static_cast<int32_t>(anchor.mesh.vertices.size());
  out.face_count = static_cast<int32_t>(anchor.mesh.faces.size());
  return out;
}

void CopyGeometry(const vc::MeshAnchorData& anchor, float* vertices,
                  float* normals, int32_t vertex_capacity, uint32_t* faces,
                  uint8_t* classes, int32_t face_capacity) {
  const auto vertex_count = static_cast<int32_t>(anchor.mesh.vertices.size());
  const auto face_count = static_cast<int32_t>(anchor.mesh.faces.size());
  vc::Require(vertices != nullptr && faces != nullptr,
              "out_vertices and out_faces must not be NULL");
  vc::Require(vertex_capacity >= vertex_count && face_capacity >= face_count,
              "capacity " + std::to_string(vertex_capacity) + " vertices, " +
                  std::to_string(face_capacity) + " faces < " +
                  std::to_string(vertex_count) + " vertices, " +
                  std::to_string(face_count) + " faces of mesh anchor " +
                  std::to_string(anchor.id),
              VC_STATUS_BUFFER_TOO_SMALL);
  const Eigen::Vector3f origin = anchor.origin.cast<float>();
  for (int32_t v = 0; v < vertex_count; ++v) {
    const Eigen::Vector3f local = anchor.mesh.vertices[v] - origin;
    for (int k = 0; k < 3; ++k) {
      vertices[3 * v + k] = local[k];
      if (normals != nullptr) normals[3 * v + k] = anchor.mesh.normals[v][k];
    }
  }
  for (int32_t f = 0; f < face_count; ++f) {
    for (int k = 0; k < 3; ++k) faces[3 * f + k] = anchor.mesh.faces[f][k];
    if (classes != nullptr) classes[f] = anchor.face_classes[f];
  }
}

}  // namespace

extern "C" {

vc_status_t vc_session_get_mesh_anchors(const vc_session_t* session,
                                        vc_mesh_anchor_t* out_anchors,
                                        int32_t capacity, int32_t* out_count) {
  if (session == nullptr) return VC_STATUS_INVALID_ARGUMENT;
  return vc::GuardedRead(session, [&] {
    std::vector<vc_mesh_anchor_t> anchors;
    anchors.reserve(session->core.mesh_anchors().size());
    for (const auto& [id, anchor] : session->core.mesh_anchors()) {
      anchors.push_back(ToC(*anchor));
    }
    vc::CopyOut(anchors, out_anchors, capacity, out_count, "mesh anchors");
  });
}

vc_status_t vc_session_get_mesh_anchor_removals(const vc_session_t* session,
                                                uint64_t* out_ids,
                                                int32_t capacity,
                                                int32_t* out_count) {
  if (session == nullptr) return VC_STATUS_INVALID_ARGUMENT;
  return vc::GuardedRead(session, [&] {
    vc::CopyOut(session->core.mesh_anchor_removals(), out_ids, capacity,
                out_count, "mesh anchor removals");
  });
}

vc_status_t vc_session_get_mesh_geometry(
    const vc_session_t* session, uint64_t id, float* out_vertices,
    float* out_normals, int32_t vertex_capacity, uint32_t* out_faces,
    uint8_t* out_face_classes, int32_t face_capacity) {
  if (session == nullptr) return VC_STATUS_INVALID_ARGUMENT;
  return vc::GuardedRead(session, [&] {
    const auto& anchors = session->core.mesh_anchors();
    const auto found = anchors.find(id);
    vc::Require(found != anchors.end(),
                "no mesh anchor " + std::to_string(id) + " in the session");
    CopyGeometry(*found->second, out_vertices, out_normals, vertex_capacity,
                 out_faces, out_face_classes, face_capacity);
  });
}

vc_status_t vc_session_render_scene_depth(
    const vc_session_t* session, const vc_camera_intrinsics_t* intrinsics,
    const float world_from_camera[16], float* out_depth, int32_t row_stride) {
  if (session == nullptr) return VC_STATUS_INVALID_ARGUMENT;
  return vc::GuardedRead(session, [&] {
    vc::Require(intrinsics != nullptr, "intrinsics is NULL");
    vc::CheckCameraIntrinsics(*intrinsics);
    const Eigen::Isometry3d pose = vc::RequireRigidTransform(
        world_from_camera, "vc_session_render_scene_depth: world_from_camera");
    vc::Require(out_depth != nullptr, "out_depth is NULL");
    vc::Require(row_stride >= intrinsics->width,
                "row_stride " + std::to_string(row_stride) +
                    " is smaller than the width " +
                    std::to_string(intrinsics->width));
    const cv::Mat depth = session->core.RenderSceneDepth(
        vc::PinholeCamera::FromC(*intrinsics), pose);
    for (int v = 0; v < depth.rows; ++v) {
      const float* row = depth.ptr<float>(v);
      std::copy(row, row + depth.cols,
                out_depth + static_cast<size_t>(v) * row_stride);
    }
  });
}

vc_status_t vc_session_finish_scene_reconstruction(vc_session_t* session) {
  if (session == nullptr) return VC_STATUS_INVALID_ARGUMENT;
  return vc::Guarded(session->error,
                     [&] { session->core.FinishSceneReconstruction(); });
}

}  // extern "C"
