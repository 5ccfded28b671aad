// A few of the views fused so far, so that the volume can be fused anew
// when the world under it moves: a loop closure corrects the map, or world
// up is decided and the world turns. Each kept view is fused again at its
// pose in the moved world (the refined trajectory), as BundleFusion
// re-integrates frames at their optimized poses; moving the voxels instead
// would bend them wherever the correction differs along the path.
//
// A view is kept when the camera moved or turned enough since the last one
// kept, at half resolution (a 2 cm voxel seen from 4 m still spans two of
// its pixels): 150 kB for a 640x480 map. Past max_bytes, every other view
// goes, so the views thin out evenly over the whole recording instead of
// forgetting its start.
#pragma once

#include <Eigen/Geometry>
#include <cstdint>
#include <deque>
#include <vector>

#include "common/pinhole_camera.h"
#include "reconstruction/tsdf_volume.h"

namespace vc {

// A frame's pose in the world as it is now (OpenCV camera axes).
struct TimedWorldPose {
  int64_t timestamp_ns = 0;
  Eigen::Isometry3d world_from_camera = Eigen::Isometry3d::Identity();
};

class FusedViewHistory {
 public:
  struct View {
    int64_t timestamp_ns = 0;
    FusionDepth depth;
    PinholeCamera camera;
  };

  explicit FusedViewHistory(size_t max_bytes) : max_bytes_(max_bytes) {}

  // A view fused at world_from_camera: kept when it lies far enough from
  // the view kept last.
  void Offer(int64_t timestamp_ns, const FusionDepth& depth,
             const PinholeCamera& camera,
             const Eigen::Isometry3d& world_from_camera);

  // A kept view (its depth shared, not copied) at its pose now.
  struct PlacedView {
    View view;
    Eigen::Isometry3d world_from_camera;
  };
  // The kept views with their poses in `poses` (sorted by time), oldest
  // first; views whose frame `poses` lacks are left out.
  std::vector<PlacedView> Placed(
      const std::vector<TimedWorldPose>& poses) const;

  void Clear();
  size_t size() const { return views_.size(); }
  size_t bytes() const { return bytes_; }

 private:
  bool FarFromLastKept(const Eigen::Isometry3d& world_from_camera) const;
  void DropEveryOtherView();

  const size_t max_bytes_;
  std::deque<View> views_;
  size_t bytes_ = 0;
  bool has_last_kept_ = false;
  Eigen::Isometry3d last_kept_pose_ = Eigen::Isometry3d::Identity();
};

}  // namespace vc
