// A truncated signed distance volume in hashed voxel blocks: the surface
// memory scene reconstruction fuses registered depth into. Only blocks near
// a surface some depth map saw exist, so a room at 2 cm costs megabytes,
// not the gigabyte a dense grid of its bounding box would.
//
// Distances are projective (along the optical axis, as KinectFusion and
// Open3D's ScalableTSDFVolume measure them), stored in units of the
// truncation distance (-1..1), positive in front of the surface.
#pragma once

#include <Eigen/Geometry>
#include <array>
#include <cstddef>
#include <cstdint>
#include <opencv2/core.hpp>
#include <unordered_map>
#include <vector>

#include "common/pinhole_camera.h"

namespace vc {

// Voxels per block side: a block is 8^3 voxels, allocated together.
constexpr int kVoxelBlockSide = 8;
constexpr int kVoxelsPerBlock =
    kVoxelBlockSide * kVoxelBlockSide * kVoxelBlockSide;

// Integer coordinates of a block (or of a voxel, or of a chunk of blocks).
struct GridIndex {
  int x = 0;
  int y = 0;
  int z = 0;
  bool operator==(const GridIndex& other) const {
    return x == other.x && y == other.y && z == other.z;
  }
  bool operator<(const GridIndex& other) const {
    if (x != other.x) return x < other.x;
    if (y != other.y) return y < other.y;
    return z < other.z;
  }
};

struct GridIndexHash {
  size_t operator()(const GridIndex& index) const {
    // The usual spatial-hash primes (Teschner et al. 2003).
    return static_cast<size_t>(static_cast<uint32_t>(index.x) * 73856093u ^
                               static_cast<uint32_t>(index.y) * 19349663u ^
                               static_cast<uint32_t>(index.z) * 83492791u);
  }
};

// The block holding integer voxel coordinate v (floor division).
inline int BlockOfVoxel(int v) {
  return v >= 0 ? v / kVoxelBlockSide
                : -((-v + kVoxelBlockSide - 1) / kVoxelBlockSide);
}

struct VoxelBlock {
  // Voxel (i, j, k) of the block at i + 8 * (j + 8 * k).
  std::array<float, kVoxelsPerBlock> distance;  // truncation units, -1..1
  std::array<float, kVoxelsPerBlock> weight;    // 0: never observed
  // The volume's count of integrations when a depth map last reached it.
  int64_t last_fused = 0;
};

struct TsdfOptions {
  double voxel_size = 0.02;  // metres
  // Distances beyond this many voxels are clamped; 4 keeps the band half a
  // block wide, which the allocation along each ray relies on.
  double truncation_voxels = 4;
  double min_depth = 0.1;
  double max_depth = 5.0;
  // A running average over at most this many observations, so that a
  // surface that moved is forgotten within a couple of seconds. Whole.
  float max_weight = 64;
};

// A depth map as fusion reads it: whole units of metres_per_unit, 0 where
// there is no usable reading. Sixteen bits a pixel, half of a float's: the
// voxel loop reads it at scattered pixels, and a map of floats did not fit
// a core's cache (fusion spent a third of its time waiting on it).
struct FusionDepth {
  cv::Mat units;  // CV_16UC1
  double metres_per_unit = 0;
};

// Converts a registered depth map for fusion: CV_16UC1 keeps its unit
// (65535, a missing Kinect v1 reading, becomes 0); CV_32FC1 metres are
// rounded to max_depth / 65534 (0.08 mm at 5 m), readings beyond max_depth
// dropped as fusion drops them. Counts the NaN, infinite and negative
// readings it dropped.
FusionDepth DepthForFusion(const cv::Mat& depth, double metres_per_unit,
                           double max_depth, int* invalid_count);

class TsdfVolume {
 public:
  explicit TsdfVolume(const TsdfOptions& options);

  // Fuses one depth map seen by camera from world_from_camera (OpenCV
  // camera axes). Returns the blocks it changed, sorted.
  std::vector<GridIndex> Integrate(const FusionDepth& depth,
                                   const PinholeCamera& camera,
                                   const Eigen::Isometry3d& world_from_camera);

  // Drops the blocks fused longest ago (ties by index) until at most keep
  // remain; returns the dropped ones.
  std::vector<GridIndex> DropOldestBlocks(size_t keep);

  const VoxelBlock* Find(const GridIndex& block) const;
  // Every block's index, sorted.
  std::vector<GridIndex> BlockIndices() const;
  // Puts in a block fused elsewhere (a volume read back from a world map),
  // replacing any there; it counts as fused before everything fused here.
  void RestoreBlock(const GridIndex& index, const VoxelBlock& block);
  size_t block_count() const { return blocks_.size(); }
  size_t memory_bytes() const;
  // What one block costs in memory_bytes, the hash table's share aside.
  static constexpr size_t kBytesPerBlock =
      sizeof(VoxelBlock) + sizeof(GridIndex) + 32;
  const TsdfOptions& options() const { return options_; }
  double truncation() const {
    return options_.truncation_voxels * options_.voxel_size;
  }

 private:
  std::vector<GridIndex> BlocksNearSurface(
      const FusionDepth& depth, const PinholeCamera& camera,
      const Eigen::Isometry3d& world_from_camera) const;
  void IntegrateBlock(const GridIndex& index, const FusionDepth& depth,
                      const PinholeCamera& camera,
                      const Eigen::Isometry3d& camera_from_world,
                      VoxelBlock* block) const;

  TsdfOptions options_;
  int64_t integrations_ = 0;
  std::unordered_map<GridIndex, VoxelBlock, GridIndexHash> blocks_;
};

}  // namespace vc
