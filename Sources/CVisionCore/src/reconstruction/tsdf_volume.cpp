#include "reconstruction/tsdf_volume.h"

#include <algorithm>
#include <cmath>

namespace vc {
namespace {

// The pixel step in x and y that finds the blocks near the surface: pixels
// that far apart at the farthest fused depth are at most half a block apart
// (8 pixels for 16 cm blocks at 4 m and 525 px focal length).
int AllocationPixelStep(double block_size, double max_depth,
                        const PinholeCamera& camera) {
  const double step = 0.5 * block_size * camera.MeanFocal() / max_depth;
  return std::clamp(static_cast<int>(step), 1, 8);
}

GridIndex BlockContaining(const Eigen::Vector3d& world, double block_size) {
  return {static_cast<int>(std::floor(world.x() / block_size)),
          static_cast<int>(std::floor(world.y() / block_size)),
          static_cast<int>(std::floor(world.z() / block_size))};
}

}  // namespace

cv::Mat DepthInMetres(const cv::Mat& depth, double metres_per_unit,
                      int* invalid_count) {
  cv::Mat metres(depth.size(), CV_32FC1);
  int invalid = 0;
  for (int v = 0; v < depth.rows; ++v) {
    float* out = metres.ptr<float>(v);
    if (depth.type() == CV_16UC1) {
      const uint16_t* in = depth.ptr<uint16_t>(v);
      for (int u = 0; u < depth.cols; ++u) {
        // 65535 marks a missing Kinect v1 reading, as in vc_depth_register.
        out[u] =
            in[u] == 65535 ? 0.0f : static_cast<float>(in[u] * metres_per_unit);
      }
    } else {
      const float* in = depth.ptr<float>(v);
      for (int u = 0; u < depth.cols; ++u) {
        const bool usable = std::isfinite(in[u]) && in[u] >= 0;
        invalid += usable ? 0 : 1;
        out[u] = usable ? in[u] : 0.0f;
      }
    }
  }
  if (invalid_count != nullptr) *invalid_count = invalid;
  return metres;
}

TsdfVolume::TsdfVolume(const TsdfOptions& options) : options_(options) {
  const int counts = static_cast<int>(options_.max_weight) + 1;
  inverse_count_.resize(counts);
  for (int weight = 0; weight < counts; ++weight) {
    inverse_count_[weight] = 1.0f / static_cast<float>(weight + 1);
  }
}

const VoxelBlock* TsdfVolume::Find(const GridIndex& block) const {
  const auto found = blocks_.find(block);
  return found == blocks_.end() ? nullptr : &found->second;
}

size_t TsdfVolume::memory_bytes() const {
  // The blocks plus the hash table's nodes and buckets, roughly.
  return blocks_.size() * (sizeof(VoxelBlock) + sizeof(GridIndex) + 32) +
         blocks_.bucket_count() * sizeof(void*);
}

std::vector<GridIndex> TsdfVolume::BlocksNearSurface(
    const cv::Mat& metres, const PinholeCamera& camera,
    const Eigen::Isometry3d& world_from_camera) const {
  const double block_size = options_.voxel_size * kVoxelBlockSide;
  const double band = truncation();
  std::vector<GridIndex> near;
  GridIndex last{INT32_MIN, INT32_MIN, INT32_MIN};
  const int step = AllocationPixelStep(block_size, options_.max_depth, camera);
  for (int v = 0; v < metres.rows; v += step) {
    const float* row = metres.ptr<float>(v);
    for (int u = 0; u < metres.cols; u += step) {
      const double d = row[u];
      if (d < options_.min_depth || d > options_.max_depth) continue;
      // The band [d - band, d + band] along the ray: with the band at most
      // half a block, its ends and middle touch every block it crosses but
      // for corners clipped by less than the band.
      for (const double z : {d - band, d, d + band}) {
        const GridIndex block = BlockContaining(
            world_from_camera * camera.Unproject(u, v, z), block_size);
        // Neighbouring pixels mostly fall in the block just seen.
        if (block == last) continue;
        last = block;
        near.push_back(block);
      }
    }
  }
  std::sort(near.begin(), near.end());
  near.erase(std::unique(near.begin(), near.end()), near.end());
  return near;
}

void TsdfVolume::IntegrateBlock(const GridIndex& index, const cv::Mat& metres,
                                const PinholeCamera& camera,
                                const Eigen::Isometry3d& camera_from_world,
                                VoxelBlock* block) const {
  // Single precision: a voxel's camera coordinates need millimetres over a
  // few metres, and the loop runs half a million times a frame.
  const float size = static_cast<float>(options_.voxel_size);
  const float band = static_cast<float>(truncation());
  const float inverse_band = 1.0f / band;
  const float min_depth = static_cast<float>(options_.min_depth);
  const float max_depth = static_cast<float>(options_.max_depth);
  const float fx = static_cast<float>(camera.fx);
  const float fy = static_cast<float>(camera.fy);
  // Pixel centres are at integer coordinates: +0.5 then truncation rounds.
  const float cx = static_cast<float>(camera.cx) + 0.5f;
  const float cy = static_cast<float>(camera.cy) + 0.5f;
  const float columns = static_cast<float>(metres.cols);
  const float rows = static_cast<float>(metres.rows);
  const Eigen::Matrix3f rotation = camera_from_world.linear().cast<float>();
  const Eigen::Vector3f origin =
      (camera_from_world * (Eigen::Vector3d(index.x, index.y, index.z) *
                            (options_.voxel_size * kVoxelBlockSide)))
          .cast<float>();
  const Eigen::Vector3f step_x = rotation.col(0) * size;
  const Eigen::Vector3f step_y = rotation.col(1) * size;
  const Eigen::Vector3f step_z = rotation.col(2) * size;
  const float max_weight = options_.max_weight;
  for (int k = 0; k < kVoxelBlockSide; ++k) {
    for (int j = 0; j < kVoxelBlockSide; ++j) {
      // A row of voxels along x: the projections first, in a loop the
      // compiler vectorises, then the depth lookups and updates.
      const Eigen::Vector3f start = origin + step_y * j + step_z * k;
      float z[kVoxelBlockSide];
      float u[kVoxelBlockSide];
      float v[kVoxelBlockSide];
      for (int i = 0; i < kVoxelBlockSide; ++i) {
        const float x = start.x() + step_x.x() * i;
        const float y = start.y() + step_x.y() * i;
        z[i] = start.z() + step_x.z() * i;
        const float inverse_z = 1.0f / z[i];
        u[i] = fx * x * inverse_z + cx;
        v[i] = fy * y * inverse_z + cy;
      }
      const int row = kVoxelBlockSide * (j + kVoxelBlockSide * k);
      for (int i = 0; i < kVoxelBlockSide; ++i) {
        if (!(z[i] >= min_depth && u[i] >= 0 && v[i] >= 0 && u[i] < columns &&
              v[i] < rows)) {
          continue;
        }
        const float d =
            metres.at<float>(static_cast<int>(v[i]), static_cast<int>(u[i]));
        if (d < min_depth || d > max_depth) continue;
        const float signed_distance = d - z[i];
        if (signed_distance < -band) continue;  // hidden behind the surface
        const float observed = std::min(1.0f, signed_distance * inverse_band);
        float& weight = block->weight[row + i];
        float& distance = block->distance[row + i];
        // Weights are whole numbers up to max_weight: a table replaces the
        // division of the running average.
        const int whole = static_cast<int>(weight);
        distance = (distance * weight + observed) * inverse_count_[whole];
        weight = std::min(weight + 1.0f, max_weight);
      }
    }
  }
}

std::vector<GridIndex> TsdfVolume::Integrate(
    const cv::Mat& metres, const PinholeCamera& camera,
    const Eigen::Isometry3d& world_from_camera) {
  std::vector<GridIndex> touched =
      BlocksNearSurface(metres, camera, world_from_camera);
  const Eigen::Isometry3d camera_from_world = world_from_camera.inverse();
  for (const GridIndex& index : touched) {
    auto [found, inserted] = blocks_.try_emplace(index);
    if (inserted) {
      found->second.distance.fill(1.0f);
      found->second.weight.fill(0.0f);
    }
    IntegrateBlock(index, metres, camera, camera_from_world, &found->second);
  }
  return touched;
}

}  // namespace vc
