#include "relocalization/surface_choice.h"

#include <algorithm>
#include <cmath>
#include <utility>

namespace vc {

std::vector<int> ChooseSurfaces(
    const KeyframeDatabase& database,
    const std::vector<Eigen::Vector3f>& query_points,
    const Eigen::Isometry3d& camera_from_world, int count, float depth_gate) {
  const std::vector<MapKeyframe>& keyframes = database.keyframes();
  const Eigen::Isometry3f world_from_camera =
      camera_from_world.inverse().cast<float>();
  // Every 4th depth sample places the query's view well enough to rank.
  std::vector<Eigen::Vector3f> probes;
  for (size_t k = 0; k < query_points.size(); k += 4) {
    probes.push_back(world_from_camera * query_points[k]);
  }
  std::vector<std::pair<int, int>> seen;  // (count, keyframe)
  for (size_t k = 0; k < keyframes.size(); ++k) {
    const DepthSurface& s = keyframes[k].surface;
    if (s.empty()) continue;
    const Eigen::Isometry3f kf_from_world = s.camera_from_world.cast<float>();
    int hits = 0;
    for (const Eigen::Vector3f& p : probes) {
      const Eigen::Vector3f c = kf_from_world * p;
      if (c.z() <= 0.05f) continue;
      const float u = float(s.camera.fx) * c.x() / c.z() + float(s.camera.cx);
      const float v = float(s.camera.fy) * c.y() / c.z() + float(s.camera.cy);
      if (!s.CoversPixel(u, v)) continue;
      const int column = int(u) / s.step;
      const int row = int(v) / s.step;
      const size_t cell = size_t(row) * s.columns + column;
      // Seen from roughly the same side at roughly the same depth.
      if (s.valid[cell] &&
          std::abs((kf_from_world * s.points[cell]).z() - c.z()) < depth_gate) {
        ++hits;
      }
    }
    if (hits > 0) seen.emplace_back(hits, int(k));
  }
  std::sort(seen.begin(), seen.end(), [](const auto& a, const auto& b) {
    return a.first != b.first ? a.first > b.first : a.second < b.second;
  });
  std::vector<int> chosen;
  for (size_t k = 0; k < seen.size() && int(chosen.size()) < count; ++k) {
    chosen.push_back(seen[k].second);
  }
  return chosen;
}

}  // namespace vc
