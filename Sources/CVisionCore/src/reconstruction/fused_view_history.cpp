#include "reconstruction/fused_view_history.h"

#include <algorithm>
#include <cmath>

namespace vc {
namespace {

// Views this far apart (or turned this much) see enough that the previous
// one did not: on the 7-Scenes kitchen about one fused frame in four.
constexpr double kViewSpacingMetres = 0.05;
constexpr double kViewSpacingRadians = 5.0 * M_PI / 180.0;
// Maps at least this wide are kept at half resolution.
constexpr int kHalvedFromWidth = 480;

// Every other pixel of every other row: a reading stays a reading (no
// mixing across depth edges), and the camera keeps its geometry with half
// the focal length and principal point.
FusionDepth HalfResolution(const FusionDepth& depth, PinholeCamera* camera) {
  FusionDepth half;
  half.metres_per_unit = depth.metres_per_unit;
  half.units.create((depth.units.rows + 1) / 2, (depth.units.cols + 1) / 2,
                    CV_16UC1);
  for (int v = 0; v < half.units.rows; ++v) {
    const uint16_t* in = depth.units.ptr<uint16_t>(2 * v);
    uint16_t* out = half.units.ptr<uint16_t>(v);
    for (int u = 0; u < half.units.cols; ++u) out[u] = in[2 * u];
  }
  camera->fx /= 2;
  camera->fy /= 2;
  camera->cx /= 2;
  camera->cy /= 2;
  camera->width = half.units.cols;
  camera->height = half.units.rows;
  return half;
}

size_t BytesOf(const FusedViewHistory::View& view) {
  return view.depth.units.total() * view.depth.units.elemSize() +
         sizeof(FusedViewHistory::View);
}

}  // namespace

void FusedViewHistory::Offer(int64_t timestamp_ns, const FusionDepth& depth,
                             const PinholeCamera& camera,
                             const Eigen::Isometry3d& world_from_camera) {
  if (max_bytes_ == 0 || !FarFromLastKept(world_from_camera)) return;
  View view;
  view.timestamp_ns = timestamp_ns;
  view.camera = camera;
  view.depth = depth.units.cols >= kHalvedFromWidth
                   ? HalfResolution(depth, &view.camera)
                   : FusionDepth{depth.units.clone(), depth.metres_per_unit};
  bytes_ += BytesOf(view);
  views_.push_back(std::move(view));
  has_last_kept_ = true;
  last_kept_pose_ = world_from_camera;
  while (bytes_ > max_bytes_ && views_.size() > 1) DropEveryOtherView();
}

bool FusedViewHistory::FarFromLastKept(
    const Eigen::Isometry3d& world_from_camera) const {
  if (!has_last_kept_) return true;
  const Eigen::Isometry3d moved = last_kept_pose_.inverse() * world_from_camera;
  return moved.translation().norm() >= kViewSpacingMetres ||
         Eigen::AngleAxisd(moved.linear()).angle() >= kViewSpacingRadians;
}

void FusedViewHistory::DropEveryOtherView() {
  // Keeps the newest, and every second one before it.
  std::deque<View> kept;
  bytes_ = 0;
  const size_t count = views_.size();
  for (size_t i = 0; i < count; ++i) {
    if ((count - 1 - i) % 2 != 0) continue;
    bytes_ += BytesOf(views_[i]);
    kept.push_back(std::move(views_[i]));
  }
  views_ = std::move(kept);
}

std::vector<FusedViewHistory::PlacedView> FusedViewHistory::Placed(
    const std::vector<TimedWorldPose>& poses) const {
  std::vector<PlacedView> placed;
  for (const View& view : views_) {
    const auto found =
        std::lower_bound(poses.begin(), poses.end(), view.timestamp_ns,
                         [](const TimedWorldPose& pose, int64_t t) {
                           return pose.timestamp_ns < t;
                         });
    if (found == poses.end() || found->timestamp_ns != view.timestamp_ns) {
      continue;
    }
    placed.push_back({view, found->world_from_camera});
  }
  return placed;
}

void FusedViewHistory::Clear() {
  views_.clear();
  bytes_ = 0;
  has_last_kept_ = false;
}

}  // namespace vc
