#include "reconstruction/depth_rendering.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <vector>

namespace vc {
namespace {

struct Projected {
  float u = 0;
  float v = 0;
  float inverse_z = 0;  // interpolated linearly in the image
};

// Fills the z-buffer (largest 1/z wins) over the pixels whose centres the
// triangle covers.
void RasterizeTriangle(const std::array<Projected, 3>& p,
                       cv::Mat* inverse_depth) {
  const float area = (p[1].u - p[0].u) * (p[2].v - p[0].v) -
                     (p[2].u - p[0].u) * (p[1].v - p[0].v);
  if (std::abs(area) < 1e-9f) return;
  const int left = std::max(
      0, static_cast<int>(std::ceil(std::min({p[0].u, p[1].u, p[2].u}))));
  const int right = std::min(
      inverse_depth->cols - 1,
      static_cast<int>(std::floor(std::max({p[0].u, p[1].u, p[2].u}))));
  const int top = std::max(
      0, static_cast<int>(std::ceil(std::min({p[0].v, p[1].v, p[2].v}))));
  const int bottom = std::min(
      inverse_depth->rows - 1,
      static_cast<int>(std::floor(std::max({p[0].v, p[1].v, p[2].v}))));
  const float inverse_area = 1.0f / area;
  for (int v = top; v <= bottom; ++v) {
    float* row = inverse_depth->ptr<float>(v);
    for (int u = left; u <= right; ++u) {
      // Barycentric weights of the pixel centre (u, v).
      const float w0 =
          ((p[1].u - u) * (p[2].v - v) - (p[2].u - u) * (p[1].v - v)) *
          inverse_area;
      const float w1 =
          ((p[2].u - u) * (p[0].v - v) - (p[0].u - u) * (p[2].v - v)) *
          inverse_area;
      const float w2 = 1.0f - w0 - w1;
      if (w0 < 0 || w1 < 0 || w2 < 0) continue;
      const float inverse_z =
          w0 * p[0].inverse_z + w1 * p[1].inverse_z + w2 * p[2].inverse_z;
      row[u] = std::max(row[u], inverse_z);
    }
  }
}

}  // namespace

cv::Mat RenderMeshDepth(const std::map<uint64_t, MeshAnchorPointer>& anchors,
                        const PinholeCamera& camera,
                        const Eigen::Isometry3d& world_from_camera,
                        double min_depth) {
  cv::Mat inverse_depth(camera.height, camera.width, CV_32FC1, cv::Scalar(0));
  const Eigen::Isometry3f camera_from_world =
      world_from_camera.inverse().cast<float>();
  const float near = static_cast<float>(min_depth);
  std::vector<Projected> projected;
  std::vector<bool> in_front;
  for (const auto& [id, anchor] : anchors) {
    const ChunkMesh& mesh = anchor->mesh;
    projected.resize(mesh.vertices.size());
    in_front.assign(mesh.vertices.size(), false);
    for (size_t i = 0; i < mesh.vertices.size(); ++i) {
      const Eigen::Vector3f c = camera_from_world * mesh.vertices[i];
      if (c.z() <= near) continue;
      in_front[i] = true;
      const float inverse_z = 1.0f / c.z();
      projected[i] = {static_cast<float>(camera.fx) * c.x() * inverse_z +
                          static_cast<float>(camera.cx),
                      static_cast<float>(camera.fy) * c.y() * inverse_z +
                          static_cast<float>(camera.cy),
                      inverse_z};
    }
    for (const auto& face : mesh.faces) {
      if (!in_front[face[0]] || !in_front[face[1]] || !in_front[face[2]]) {
        continue;
      }
      RasterizeTriangle(
          {projected[face[0]], projected[face[1]], projected[face[2]]},
          &inverse_depth);
    }
  }
  cv::Mat depth(camera.height, camera.width, CV_32FC1, cv::Scalar(0));
  for (int v = 0; v < depth.rows; ++v) {
    const float* in = inverse_depth.ptr<float>(v);
    float* out = depth.ptr<float>(v);
    for (int u = 0; u < depth.cols; ++u) {
      out[u] = in[u] > 0 ? 1.0f / in[u] : 0.0f;
    }
  }
  return depth;
}

}  // namespace vc
