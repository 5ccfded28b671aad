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

// A block's coordinates packed into one sortable key: 21 bits each, offset
// so that the keys sort as GridIndex does (x, then y, then z). Blocks of
// 16 cm reach 167 km from the origin either way; points beyond are skipped.
constexpr int64_t kKeyOffset = int64_t{1} << 20;
constexpr uint64_t kKeyMask = (uint64_t{1} << 21) - 1;

bool BlockKey(const Eigen::Vector3f& in_blocks, uint64_t* key) {
  const Eigen::Vector3f floored = in_blocks.array().floor();
  if (!(floored.array().abs() < static_cast<float>(kKeyOffset)).all()) {
    return false;  // also NaN
  }
  const auto field = [](float coordinate) {
    return static_cast<uint64_t>(static_cast<int64_t>(coordinate) + kKeyOffset);
  };
  *key =
      field(floored.x()) << 42 | field(floored.y()) << 21 | field(floored.z());
  return true;
}

GridIndex BlockOfKey(uint64_t key) {
  const auto coordinate = [](uint64_t field) {
    return static_cast<int>(static_cast<int64_t>(field & kKeyMask) -
                            kKeyOffset);
  };
  return {coordinate(key >> 42), coordinate(key >> 21), coordinate(key)};
}

// A block's voxels in camera coordinates, at i + 8 * (j + 8 * k) as the
// block stores them.
struct VoxelsInCamera {
  alignas(32) float x[kVoxelsPerBlock];
  alignas(32) float y[kVoxelsPerBlock];
  alignas(32) float z[kVoxelsPerBlock];
};

// steps: the camera coordinates of one voxel's step along the world's x, y
// and z (columns); origin: those of the block's first voxel.
void PlaceVoxelsInCamera(const Eigen::Vector3f& origin,
                         const Eigen::Matrix3f& steps, VoxelsInCamera* voxels) {
  const Eigen::Vector3f step_x = steps.col(0);
  for (int k = 0; k < kVoxelBlockSide; ++k) {
    for (int j = 0; j < kVoxelBlockSide; ++j) {
      const Eigen::Vector3f start =
          origin + steps.col(1) * j + steps.col(2) * k;
      const int first = kVoxelBlockSide * (j + kVoxelBlockSide * k);
      for (int i = 0; i < kVoxelBlockSide; ++i) {
        voxels->x[first + i] = start.x() + step_x.x() * i;
        voxels->y[first + i] = start.y() + step_x.y() * i;
        voxels->z[first + i] = start.z() + step_x.z() * i;
      }
    }
  }
}

}  // namespace

FusionDepth DepthForFusion(const cv::Mat& depth, double metres_per_unit,
                           double max_depth, int* invalid_count) {
  FusionDepth fusion;
  int invalid = 0;
  fusion.units.create(depth.size(), CV_16UC1);
  if (depth.type() == CV_16UC1) {
    fusion.metres_per_unit = metres_per_unit;
    for (int v = 0; v < depth.rows; ++v) {
      const uint16_t* in = depth.ptr<uint16_t>(v);
      uint16_t* out = fusion.units.ptr<uint16_t>(v);
      // 65535 marks a missing Kinect v1 reading, as in vc_depth_register.
      for (int u = 0; u < depth.cols; ++u) out[u] = in[u] == 65535 ? 0 : in[u];
    }
  } else {
    fusion.metres_per_unit = max_depth / 65534;
    const double units_per_metre = 1 / fusion.metres_per_unit;
    for (int v = 0; v < depth.rows; ++v) {
      const float* in = depth.ptr<float>(v);
      uint16_t* out = fusion.units.ptr<uint16_t>(v);
      for (int u = 0; u < depth.cols; ++u) {
        const bool usable = std::isfinite(in[u]) && in[u] >= 0;
        invalid += usable ? 0 : 1;
        out[u] =
            usable && in[u] <= max_depth
                ? static_cast<uint16_t>(std::lround(in[u] * units_per_metre))
                : 0;
      }
    }
  }
  if (invalid_count != nullptr) *invalid_count = invalid;
  return fusion;
}

TsdfVolume::TsdfVolume(const TsdfOptions& options) : options_(options) {}

const VoxelBlock* TsdfVolume::Find(const GridIndex& block) const {
  const auto found = blocks_.find(block);
  return found == blocks_.end() ? nullptr : &found->second;
}

size_t TsdfVolume::memory_bytes() const {
  // The blocks plus the hash table's nodes and buckets, roughly.
  return blocks_.size() * kBytesPerBlock +
         blocks_.bucket_count() * sizeof(void*);
}

std::vector<GridIndex> TsdfVolume::BlockIndices() const {
  std::vector<GridIndex> indices;
  indices.reserve(blocks_.size());
  for (const auto& [index, block] : blocks_) indices.push_back(index);
  std::sort(indices.begin(), indices.end());
  return indices;
}

void TsdfVolume::RestoreBlock(const GridIndex& index, const VoxelBlock& block) {
  VoxelBlock& restored = blocks_[index];
  restored = block;
  restored.last_fused = 0;
}

std::vector<GridIndex> TsdfVolume::DropOldestBlocks(size_t keep) {
  if (blocks_.size() <= keep) return {};
  std::vector<std::pair<int64_t, GridIndex>> by_age;
  by_age.reserve(blocks_.size());
  for (const auto& [index, block] : blocks_) {
    by_age.emplace_back(block.last_fused, index);
  }
  const size_t dropping = blocks_.size() - keep;
  std::nth_element(by_age.begin(), by_age.begin() + (dropping - 1),
                   by_age.end());
  std::vector<GridIndex> dropped;
  dropped.reserve(dropping);
  for (size_t i = 0; i < dropping; ++i) {
    blocks_.erase(by_age[i].second);
    dropped.push_back(by_age[i].second);
  }
  std::sort(dropped.begin(), dropped.end());
  return dropped;
}

std::vector<GridIndex> TsdfVolume::BlocksNearSurface(
    const FusionDepth& depth, const PinholeCamera& camera,
    const Eigen::Isometry3d& world_from_camera) const {
  // In single precision and in units of blocks: a ray's points need
  // millimetres over a few metres, and this loop sorted and converted
  // doubles for a quarter of fusion's time.
  const double block_size = options_.voxel_size * kVoxelBlockSide;
  const Eigen::Matrix3f rotation =
      (world_from_camera.linear() / block_size).cast<float>();
  const Eigen::Vector3f origin =
      (world_from_camera.translation() / block_size).cast<float>();
  const float band = static_cast<float>(truncation());
  const float min_depth = static_cast<float>(options_.min_depth);
  const float max_depth = static_cast<float>(options_.max_depth);
  // Most points fall in a block one of the last few rays fell in: a small
  // table of recent keys drops them before the sort.
  constexpr int kRecentBits = 8;
  std::array<uint64_t, 1 << kRecentBits> recent;
  recent.fill(~uint64_t{0});
  std::vector<uint64_t> near;
  const int step = AllocationPixelStep(block_size, options_.max_depth, camera);
  for (int v = 0; v < depth.units.rows; v += step) {
    const uint16_t* row = depth.units.ptr<uint16_t>(v);
    const float ray_y = static_cast<float>((v - camera.cy) / camera.fy);
    for (int u = 0; u < depth.units.cols; u += step) {
      const float d = static_cast<float>(row[u] * depth.metres_per_unit);
      if (d < min_depth || d > max_depth) continue;
      const Eigen::Vector3f direction =
          rotation *
          Eigen::Vector3f(static_cast<float>((u - camera.cx) / camera.fx),
                          ray_y, 1.0f);
      // The band [d - band, d + band] along the ray: with the band at most
      // half a block, its ends and middle touch every block it crosses but
      // for corners clipped by less than the band.
      for (const float z : {d - band, d, d + band}) {
        uint64_t key = 0;
        if (!BlockKey(origin + direction * z, &key)) continue;
        uint64_t& slot =
            recent[(key * 0x9E3779B97F4A7C15ull) >> (64 - kRecentBits)];
        if (slot == key) continue;
        slot = key;
        near.push_back(key);
      }
    }
  }
  std::sort(near.begin(), near.end());
  near.erase(std::unique(near.begin(), near.end()), near.end());
  std::vector<GridIndex> blocks(near.size());
  std::transform(near.begin(), near.end(), blocks.begin(), BlockOfKey);
  return blocks;
}

void TsdfVolume::IntegrateBlock(const GridIndex& index,
                                const FusionDepth& depth,
                                const PinholeCamera& camera,
                                const Eigen::Isometry3d& camera_from_world,
                                VoxelBlock* block) const {
  // Single precision: a voxel's camera coordinates need millimetres over a
  // few metres, and the loop runs a quarter of a million times a frame.
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
  const float columns = static_cast<float>(depth.units.cols);
  const float rows = static_cast<float>(depth.units.rows);
  const uint16_t* units = depth.units.ptr<uint16_t>(0);
  const int stride = static_cast<int>(depth.units.step1());
  const Eigen::Matrix3f rotation = camera_from_world.linear().cast<float>();
  const Eigen::Vector3f origin =
      (camera_from_world * (Eigen::Vector3d(index.x, index.y, index.z) *
                            (options_.voxel_size * kVoxelBlockSide)))
          .cast<float>();
  const float max_weight = options_.max_weight;
  // The whole block in four flat loops: camera coordinates, pixels, depth
  // readings, updates. All but the readings vectorise over 512 voxels, which
  // needs loops without branches; rows of 8 voxels at a time were 1.7 times
  // slower (fully unrolled, with branches and no vectors).
  VoxelsInCamera voxels;
  PlaceVoxelsInCamera(origin, rotation * size, &voxels);
  const float* x = voxels.x;
  const float* y = voxels.y;
  const float* z = voxels.z;
  alignas(32) int in_image[kVoxelsPerBlock];
  alignas(32) int pixel[kVoxelsPerBlock];
  for (int i = 0; i < kVoxelsPerBlock; ++i) {
    const float inverse_z = 1.0f / z[i];
    const float u = fx * x[i] * inverse_z + cx;
    const float v = fy * y[i] * inverse_z + cy;
    const bool inside =
        z[i] >= min_depth && u >= 0 && v >= 0 && u < columns && v < rows;
    in_image[i] = inside;
    // A voxel outside the image reads the first pixel and is not seen.
    pixel[i] = static_cast<int>(inside ? v : 0.0f) * stride +
               static_cast<int>(inside ? u : 0.0f);
  }
  alignas(32) float d[kVoxelsPerBlock];
  for (int i = 0; i < kVoxelsPerBlock; ++i) {
    d[i] = static_cast<float>(units[pixel[i]] * depth.metres_per_unit);
  }
  // Restricted: the compiler cannot otherwise tell the two arrays apart,
  // and would not vectorise.
  float* __restrict distance = block->distance.data();
  float* __restrict weight = block->weight.data();
  for (int i = 0; i < kVoxelsPerBlock; ++i) {
    const float signed_distance = d[i] - z[i];
    // Seen: in the image, a usable reading, and not hidden behind it.
    const bool seen = in_image[i] & (d[i] >= min_depth) & (d[i] <= max_depth) &
                      (signed_distance >= -band);
    const float scaled = signed_distance * inverse_band;
    const float observed = scaled < 1.0f ? scaled : 1.0f;
    const float old_distance = distance[i];
    const float old_weight = weight[i];
    const float fused =
        (old_distance * old_weight + observed) / (old_weight + 1.0f);
    const float raised = old_weight + 1.0f;
    distance[i] = seen ? fused : old_distance;
    weight[i] = seen ? (raised < max_weight ? raised : max_weight) : old_weight;
  }
}

std::vector<GridIndex> TsdfVolume::Integrate(
    const FusionDepth& depth, const PinholeCamera& camera,
    const Eigen::Isometry3d& world_from_camera) {
  std::vector<GridIndex> touched =
      BlocksNearSurface(depth, camera, world_from_camera);
  const Eigen::Isometry3d camera_from_world = world_from_camera.inverse();
  ++integrations_;
  for (const GridIndex& index : touched) {
    auto [found, inserted] = blocks_.try_emplace(index);
    if (inserted) {
      found->second.distance.fill(1.0f);
      found->second.weight.fill(0.0f);
    }
    IntegrateBlock(index, depth, camera, camera_from_world, &found->second);
    found->second.last_fused = integrations_;
  }
  return touched;
}

}  // namespace vc
