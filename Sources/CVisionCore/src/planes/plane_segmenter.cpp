#include "planes/plane_segmenter.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <numeric>

#include "common/angles.h"

namespace vc {
namespace {

// How far a depth may stray from a plane before it is not on it: a number of
// the sensor's noise sigmas at its depth, plus a floor in metres that the
// noise model leaves out (quantisation, rendering).
struct NoiseBound {
  double sigmas;
  double floor_metres;

  double At(const PlaneOptions& options, double z) const;
};

// A cell needs half of its pixels for a fit that its noise bound can judge.
constexpr double kMinValidFraction = 0.5;
// A cell is planar when its fit's RMS residual is within 2 sigma of the
// sensor noise at its depth, plus 2 mm for quantisation and rendering.
constexpr NoiseBound kResidual{2.0, 0.002};
// Neighbouring pixels' departures from the cell's plane differ by noise
// alone (sqrt 2 sigma); beyond 5 sigma + 5 mm it is a depth edge.
constexpr NoiseBound kJump{5.0, 0.005};
// Growing: a cell joins a region when its normal is within 15 degrees of the
// region's and its centroid within 1.5 sigma + 5 mm of the region's plane (a
// centroid averages hundreds of pixels, so one surface's cells lie far closer
// than that; blocks a few centimetres proud of it do not).
// Merging adjacent regions asks for 10 degrees. Border pixels join within
// 2 sigma + 5 mm.
constexpr double kGrowAngleDegrees = 15.0;
constexpr double kMergeAngleDegrees = 10.0;
constexpr NoiseBound kPlaneDistance{1.5, 0.005};
constexpr NoiseBound kBorder{2.0, 0.005};
// A region's RMS residual may be at most twice its cells' (see
// ConsistentRegion).
constexpr double kRegionRoughness = 2.0;
// Regions of fewer cells are noise or clutter, not surfaces.
constexpr int kMinRegionCells = 4;
// A border cell adds its part to a segment's footprint when at least this
// fraction of its pixels lie on the plane.
constexpr double kMinBorderFraction = 0.1;
// The part is kept as strips of a quarter of the cell's rows, each the
// bounding rectangle of its pixels on the plane: a surface's edge crosses
// a border cell at any angle, and one rectangle around all of them would
// take in up to half of the cell beyond the edge (a small surface, a chair
// seat seen from 1.4 m, grew by a fifth that way).
constexpr int kBorderStrips = 4;
// Grazing views make the footprint of a pixel explode; beyond 80 degrees
// the estimate is not worth more.
constexpr double kMinCosIncidence = 0.17;
constexpr float kMinCosSquared =
    static_cast<float>(kMinCosIncidence * kMinCosIncidence);
// Footprints join at most this many cells of a row into one rectangle, so
// that far ones stay within what the map accepts as one part.
constexpr int kMaxRunCells = 4;

double Sigma(const PlaneOptions& options, double z) {
  return options.depth_noise * z * z;
}

double NoiseBound::At(const PlaneOptions& options, double z) const {
  return sigmas * Sigma(options, z) + floor_metres;
}

double PlaneDistanceLimit(const PlaneOptions& options, double z) {
  return kPlaneDistance.At(options, z);
}

// The fit with its normal towards the camera at the origin: normal . mean < 0.
PlaneFit FacingCamera(PlaneFit fit, const Eigen::Vector3d& mean) {
  if (fit.normal.dot(mean) > 0) fit.normal = -fit.normal;
  fit.offset = -fit.normal.dot(mean);
  return fit;
}

int Find(std::vector<int>& parent, int i) {
  while (parent[i] != i) {
    parent[i] = parent[parent[i]];
    i = parent[i];
  }
  return i;
}

int Find(const std::vector<int>& parent, int i) {
  while (parent[i] != i) i = parent[i];
  return i;
}

}  // namespace

const std::vector<PlaneSegment>& PlaneSegmenter::Segment(
    const cv::Mat& depth, float units_per_metre, const PinholeCamera& camera,
    const PlaneOptions& options) {
  segments_.clear();
  cell_size_ = options.cell_size;
  grid_columns_ = depth.cols / cell_size_;
  grid_rows_ = depth.rows / cell_size_;
  if (grid_columns_ == 0 || grid_rows_ == 0) return segments_;
  BuildRays(camera);
  AccumulateCells(depth, units_per_metre, options);
  FitCells(options);
  GrowRegions(options);
  MergeRegions(options);
  BuildSegments(camera, options);
  RefineBorders(camera, options);
  // Largest first; equal sizes keep grid order (std::sort is not stable, and
  // std::stable_sort allocates).
  order_.resize(segments_.size());
  std::iota(order_.begin(), order_.end(), 0);
  std::sort(order_.begin(), order_.end(), [this](int a, int b) {
    return segments_[a].pixel_count != segments_[b].pixel_count
               ? segments_[a].pixel_count > segments_[b].pixel_count
               : a < b;
  });
  sorted_.clear();
  for (const int index : order_) sorted_.push_back(std::move(segments_[index]));
  segments_.swap(sorted_);
  return segments_;
}

void PlaneSegmenter::BuildRays(const PinholeCamera& camera) {
  const int width = grid_columns_ * cell_size_;
  const int height = grid_rows_ * cell_size_;
  ray_x_.resize(width);
  ray_y_.resize(height);
  for (int u = 0; u < width; ++u) ray_x_[u] = (u - camera.cx) / camera.fx;
  for (int v = 0; v < height; ++v) ray_y_[v] = (v - camera.cy) / camera.fy;
  ray_x_float_.assign(ray_x_.begin(), ray_x_.end());
}

void PlaneSegmenter::ConvertDepth(const cv::Mat& depth, float units_per_metre,
                                  const PlaneOptions& options, int v) {
  const int width = grid_columns_ * cell_size_;
  float* out = depth_[v];
  if (depth.type() == CV_16UC1) {
    const float metres_per_unit = 1.0f / units_per_metre;
    // Raw values within the depth range; 0 and 65535 always fall outside.
    const int low = static_cast<int>(std::max(
        1.0,
        std::ceil(static_cast<double>(options.min_depth) * units_per_metre)));
    const int high = static_cast<int>(std::min(
        65534.0,
        std::floor(static_cast<double>(options.max_depth) * units_per_metre)));
    const uint16_t* raw = depth.ptr<uint16_t>(v);
    for (int u = 0; u < width; ++u) {
      const int r = raw[u];
      out[u] = (r >= low && r <= high) ? r * metres_per_unit : 0.0f;
    }
  } else {
    const float* metres = depth.ptr<float>(v);
    const float min_depth = options.min_depth;
    const float max_depth = options.max_depth;
    for (int u = 0; u < width; ++u) {
      const float z = metres[u];
      // NaN fails both comparisons.
      out[u] = (z >= min_depth && z <= max_depth) ? z : 0.0f;
    }
  }
}

float PlaneSegmenter::ReferenceDepth(int row, int column) const {
  const int cs = cell_size_;
  const float* middle_row = depth_[row * cs + cs / 2] + column * cs;
  for (int k = 0; k < cs; ++k) {
    if (middle_row[cs / 2 + (k % 2 == 0 ? k / 2 : -(k + 1) / 2)] > 0) {
      return middle_row[cs / 2 + (k % 2 == 0 ? k / 2 : -(k + 1) / 2)];
    }
  }
  for (int k = 0; k < cs; ++k) {
    const float z = depth_(row * cs + k, column * cs + cs / 2);
    if (z > 0) return z;
  }
  return 0.0f;
}

void PlaneSegmenter::AccumulateCells(const cv::Mat& depth,
                                     float units_per_metre,
                                     const PlaneOptions& options) {
  const int cs = cell_size_;
  const int width = grid_columns_ * cs;
  depth_.create(grid_rows_ * cs, width);
  cells_.resize(static_cast<size_t>(grid_columns_) * grid_rows_);
  reference_.resize(grid_columns_);

  for (int row = 0; row < grid_rows_; ++row) {
    for (int v = row * cs; v < (row + 1) * cs; ++v) {
      ConvertDepth(depth, units_per_metre, options, v);
    }
    // Each cell's points are summed relative to a point of the cell (see
    // CellMoments).
    const double ry_centre = ray_y_[row * cs + cs / 2];
    for (int column = 0; column < grid_columns_; ++column) {
      const double z = ReferenceDepth(row, column);
      const double rx_centre = ray_x_[column * cs + cs / 2];
      reference_[column] = Eigen::Vector3d(rx_centre * z, ry_centre * z, z);
    }
    for (int column = 0; column < grid_columns_; ++column) {
      cells_[row * grid_columns_ + column].moments =
          CellMoments(row, column, reference_[column]);
    }
  }
}

PlaneMoments PlaneSegmenter::CellMoments(
    int row, int column, const Eigen::Vector3d& reference) const {
  // Points relative to the reference, in float: the sums stay small, so
  // their squares keep the precision the fit needs. Four lanes of columns
  // at a time in registers (GCC/Clang vector extensions, plain SSE2/NEON
  // code), the lanes added once per cell: no per-pixel stores.
  typedef float Lanes __attribute__((vector_size(16)));
  const int cs = cell_size_;
  const float ref_x = static_cast<float>(reference.x());
  const float ref_y = static_cast<float>(reference.y());
  const float ref_z = static_cast<float>(reference.z());
  const int u0 = column * cs;
  const int vector_end = u0 + (cs / 4) * 4;
  Lanes n = {0, 0, 0, 0}, sx = n, sy = n, sz = n, sxx = n, sxy = n, sxz = n,
        syy = n, syz = n, szz = n;
  std::array<double, 10> s{};
  for (int v = row * cs; v < (row + 1) * cs; ++v) {
    const float* z_row = depth_[v];
    const float ry = static_cast<float>(ray_y_[v]);
    for (int u = u0; u < vector_end; u += 4) {
      Lanes z, rx;
      std::memcpy(&z, z_row + u, sizeof(Lanes));
      std::memcpy(&rx, ray_x_float_.data() + u, sizeof(Lanes));
      const Lanes zero = {0, 0, 0, 0};
      const Lanes one = {1, 1, 1, 1};
      // All bits set in the lanes of valid pixels.
      using Mask = decltype(z > zero);
      const Mask valid_mask = z > zero;
      const Lanes valid = (Lanes)((Mask)one & valid_mask);
      const Lanes x = (rx * z - ref_x) * valid;
      const Lanes y = (ry * z - ref_y) * valid;
      const Lanes dz = (z - ref_z) * valid;
      n += valid;
      sx += x;
      sy += y;
      sz += dz;
      sxx += x * x;
      sxy += x * y;
      sxz += x * dz;
      syy += y * y;
      syz += y * dz;
      szz += dz * dz;
    }
    for (int u = vector_end; u < u0 + cs; ++u) {
      const float z = z_row[u];
      if (!(z > 0)) continue;
      const float x = ray_x_float_[u] * z - ref_x;
      const float y = ry * z - ref_y;
      const float dz = z - ref_z;
      s[0] += 1;
      s[1] += x;
      s[2] += y;
      s[3] += dz;
      s[4] += x * x;
      s[5] += x * y;
      s[6] += x * dz;
      s[7] += y * y;
      s[8] += y * dz;
      s[9] += dz * dz;
    }
  }
  const Lanes* sums[10] = {&n,   &sx,  &sy,  &sz,  &sxx,
                           &sxy, &sxz, &syy, &syz, &szz};
  for (int k = 0; k < 10; ++k) {
    const Lanes& lanes = *sums[k];
    s[k] += static_cast<double>(lanes[0]) + lanes[1] + lanes[2] + lanes[3];
  }
  Eigen::Matrix3d outer;
  outer << s[4], s[5], s[6], s[5], s[7], s[8], s[6], s[8], s[9];
  return PlaneMoments::FromSums(s[0], Eigen::Vector3d(s[1], s[2], s[3]), outer,
                                reference);
}

bool PlaneSegmenter::HasDepthJump(int row, int column, const PlaneFit& fit,
                                  double z, const PlaneOptions& options) const {
  const int cs = cell_size_;
  // Each pixel's depth minus the depth the cell's plane predicts on its ray:
  // along a surface, neighbours' differences are noise whatever the slope
  // (a grazing wall's pixels step a lot, all as predicted); a step between
  // two surfaces shows as a difference well beyond it.
  const double limit = kJump.At(options, z);
  const auto step_beyond = [&](const float* depths, int stride,
                               const double* rays_x, const double* rays_y,
                               int ray_stride_x, int ray_stride_y) {
    double previous = 0;
    bool has_previous = false;
    for (int k = 0; k < cs; ++k) {
      const float current = depths[k * stride];
      if (!(current > 0)) continue;
      const double along = fit.normal.x() * rays_x[k * ray_stride_x] +
                           fit.normal.y() * rays_y[k * ray_stride_y] +
                           fit.normal.z();
      // Rays nearly parallel to the plane predict nothing useful.
      if (std::abs(along) < 1e-3) return true;
      const double residual = current + fit.offset / along;
      if (has_previous && std::abs(residual - previous) > limit) return true;
      previous = residual;
      has_previous = true;
    }
    return false;
  };
  // The middle row and the middle column, as CAPE checks them.
  const int v_middle = row * cs + cs / 2;
  const int u_middle = column * cs + cs / 2;
  const int u0 = column * cs;
  const int v0 = row * cs;
  return step_beyond(depth_[v_middle] + u0, 1, ray_x_.data() + u0,
                     ray_y_.data() + v_middle, 1, 0) ||
         step_beyond(&depth_(v0, u_middle), static_cast<int>(depth_.step1()),
                     ray_x_.data() + u_middle, ray_y_.data() + v0, 0, 1);
}

void PlaneSegmenter::FitCells(const PlaneOptions& options) {
  const int cs = cell_size_;
  const double min_count = kMinValidFraction * cs * cs;
  for (size_t i = 0; i < cells_.size(); ++i) {
    Cell& cell = cells_[i];
    cell.planar = false;
    cell.region = -1;
    if (cell.moments.count() < min_count) continue;
    const double z = cell.moments.mean().z();
    cell.fit = FacingCamera(cell.moments.Fit(), cell.moments.mean());
    const double limit = kResidual.At(options, z);
    if (cell.fit.mse > limit * limit) continue;
    const int row = static_cast<int>(i) / grid_columns_;
    const int column = static_cast<int>(i) % grid_columns_;
    cell.planar = !HasDepthJump(row, column, cell.fit, z, options);
  }
  planar_cell_centroids_.clear();
  for (const Cell& cell : cells_) {
    if (cell.planar) planar_cell_centroids_.push_back(cell.moments.mean());
  }
}

void PlaneSegmenter::GrowRegions(const PlaneOptions& options) {
  const double cos_grow = std::cos(Radians(kGrowAngleDegrees));
  seeds_.clear();
  for (size_t i = 0; i < cells_.size(); ++i) {
    if (cells_[i].planar) seeds_.push_back(static_cast<int>(i));
  }
  // Flattest cells first: their planes are the best to grow from.
  std::sort(seeds_.begin(), seeds_.end(), [this](int a, int b) {
    return cells_[a].fit.mse != cells_[b].fit.mse
               ? cells_[a].fit.mse < cells_[b].fit.mse
               : a < b;
  });
  region_moments_.clear();
  region_fits_.clear();
  region_cells_.clear();
  for (const int seed : seeds_) {
    if (cells_[seed].region >= 0) continue;
    const int region = static_cast<int>(region_moments_.size());
    PlaneMoments moments = cells_[seed].moments;
    PlaneFit fit = cells_[seed].fit;
    int count = 1;
    int refit_at = 2;
    cells_[seed].region = region;
    queue_.assign(1, seed);
    for (size_t head = 0; head < queue_.size(); ++head) {
      const int current = queue_[head];
      const int row = current / grid_columns_;
      const int column = current % grid_columns_;
      const std::array<int, 4> neighbours = {
          column > 0 ? current - 1 : -1,
          column + 1 < grid_columns_ ? current + 1 : -1,
          row > 0 ? current - grid_columns_ : -1,
          row + 1 < grid_rows_ ? current + grid_columns_ : -1};
      for (const int next : neighbours) {
        if (next < 0) continue;
        Cell& cell = cells_[next];
        if (!cell.planar || cell.region >= 0) continue;
        if (std::abs(cell.fit.normal.dot(fit.normal)) < cos_grow) continue;
        const Eigen::Vector3d& mean = cell.moments.mean();
        if (std::abs(fit.normal.dot(mean) + fit.offset) >
            PlaneDistanceLimit(options, mean.z())) {
          continue;
        }
        cell.region = region;
        moments.Add(cell.moments);
        queue_.push_back(next);
        // Refit each time the region doubles: log(n) fits, and the plane
        // follows the region rather than its seed.
        if (++count >= refit_at) {
          fit = FacingCamera(moments.Fit(), moments.mean());
          refit_at *= 2;
        }
      }
    }
    region_moments_.push_back(moments);
    region_fits_.push_back(FacingCamera(moments.Fit(), moments.mean()));
    region_cells_.push_back(count);
  }
}

void PlaneSegmenter::MergeRegions(const PlaneOptions& options) {
  const int region_count = static_cast<int>(region_moments_.size());
  region_parent_.resize(region_count);
  std::iota(region_parent_.begin(), region_parent_.end(), 0);
  // Adjacent region pairs, each once, in a fixed order.
  std::vector<std::pair<int, int>>& pairs = pairs_;
  pairs.clear();
  for (int row = 0; row < grid_rows_; ++row) {
    for (int column = 0; column < grid_columns_; ++column) {
      const int i = row * grid_columns_ + column;
      const int a = cells_[i].region;
      if (a < 0) continue;
      const int right = column + 1 < grid_columns_ ? cells_[i + 1].region : -1;
      const int below =
          row + 1 < grid_rows_ ? cells_[i + grid_columns_].region : -1;
      for (const int b : {right, below}) {
        if (b >= 0 && b != a)
          pairs.emplace_back(std::min(a, b), std::max(a, b));
      }
    }
  }
  std::sort(pairs.begin(), pairs.end());
  pairs.erase(std::unique(pairs.begin(), pairs.end()), pairs.end());

  const double cos_merge = std::cos(Radians(kMergeAngleDegrees));
  const auto coplanar = [&](int a, int b) {
    const PlaneFit& fa = region_fits_[a];
    const PlaneFit& fb = region_fits_[b];
    if (fa.normal.dot(fb.normal) < cos_merge) return false;
    const Eigen::Vector3d& ma = region_moments_[a].mean();
    const Eigen::Vector3d& mb = region_moments_[b].mean();
    return std::abs(fa.normal.dot(mb) + fa.offset) <=
               PlaneDistanceLimit(options, mb.z()) &&
           std::abs(fb.normal.dot(ma) + fb.offset) <=
               PlaneDistanceLimit(options, ma.z());
  };
  // Merging changes planes, which may allow further merges: repeat until
  // nothing changes (a handful of rounds at most).
  for (bool merged = true; merged;) {
    merged = false;
    for (const auto& [first, second] : pairs) {
      const int a = Find(region_parent_, first);
      const int b = Find(region_parent_, second);
      if (a == b || !coplanar(a, b)) continue;
      const int root = std::min(a, b);
      const int other = std::max(a, b);
      region_parent_[other] = root;
      region_moments_[root].Add(region_moments_[other]);
      region_cells_[root] += region_cells_[other];
      region_fits_[root] = FacingCamera(region_moments_[root].Fit(),
                                        region_moments_[root].mean());
      merged = true;
    }
  }
}

bool PlaneSegmenter::ConsistentRegion(int region,
                                      const PlaneOptions& options) const {
  // Cells from one plane leave the region's fit about as flat as the cells'
  // own fits; cells of different surfaces (a corner far away, where the
  // noise bound is loose) leave it much rougher.
  double cell_mse = 0;
  int cells = 0;
  for (const Cell& cell : cells_) {
    if (cell.region >= 0 && Find(region_parent_, cell.region) == region) {
      cell_mse += cell.fit.mse;
      ++cells;
    }
  }
  const PlaneFit& fit = region_fits_[region];
  const double z = region_moments_[region].mean().z();
  const double noise_limit = kResidual.At(options, z);
  return fit.mse <= noise_limit * noise_limit &&
         fit.mse <= kRegionRoughness * kRegionRoughness * cell_mse / cells +
                        kResidual.floor_metres * kResidual.floor_metres;
}

void PlaneSegmenter::BuildSegments(const PinholeCamera& camera,
                                   const PlaneOptions& options) {
  (void)options;
  const int region_count = static_cast<int>(region_moments_.size());
  region_segment_.assign(region_count, -1);
  for (int region = 0; region < region_count; ++region) {
    if (region_parent_[region] != region ||
        region_cells_[region] < kMinRegionCells ||
        !ConsistentRegion(region, options)) {
      continue;
    }
    region_segment_[region] = static_cast<int>(segments_.size());
    PlaneSegment segment;
    segment.moments = region_moments_[region];
    const PlaneFit& fit = region_fits_[region];
    segment.normal = fit.normal;
    segment.offset = fit.offset;
    segment.centroid = segment.moments.mean();
    segment.rms_distance = std::sqrt(fit.mse);
    segments_.push_back(std::move(segment));
  }
  // Cells in grid order: each adds its pixels, its area and its rectangle.
  const double inverse_focal_area = 1.0 / (camera.fx * camera.fy);
  const int cs = cell_size_;
  for (size_t i = 0; i < cells_.size(); ++i) {
    if (cells_[i].region < 0) continue;
    const int region = Find(region_parent_, cells_[i].region);
    cells_[i].region = region;
    const int index = region_segment_[region];
    if (index < 0) continue;
    PlaneSegment& segment = segments_[index];
    const PlaneMoments& m = cells_[i].moments;
    // A pixel at depth z on a plane at distance d covers z^3 / (fx fy d)
    // square metres; sum z^3 ~ n z (z^2 + 3 var z) over the cell.
    const double z = m.mean().z();
    const double var_z = m.scatter()(2, 2) / m.count();
    const double sum_z3 = m.count() * z * (z * z + 3.0 * var_z);
    const double distance =
        std::max(segment.offset, kMinCosIncidence * m.mean().norm());
    segment.area += sum_z3 * inverse_focal_area / distance;
    segment.pixel_count += static_cast<int>(m.count());
    ++segment.cell_count;
    const int row = static_cast<int>(i) / grid_columns_;
    const int column = static_cast<int>(i) % grid_columns_;
    // A run of cells along a row is one rectangle (up to kMaxRunCells):
    // fewer, larger footprint parts for the map to mark.
    if (!segment.footprint.empty()) {
      FootprintRect& last = segment.footprint.back();
      if (last.v0 == row * cs - 0.5f && last.u1 == column * cs - 0.5f &&
          last.u1 - last.u0 < kMaxRunCells * cs - 1) {
        last.u1 = (column + 1) * cs - 0.5f;
        continue;
      }
    }
    segment.footprint.push_back({column * cs - 0.5f, row * cs - 0.5f,
                                 (column + 1) * cs - 0.5f,
                                 (row + 1) * cs - 0.5f});
  }
}

// The pixels of one cell outside every segment, claimed by the segments of
// its neighbours: per candidate segment, the pixels within the border's
// noise of its plane, their area and their extent in kBorderStrips strips
// of rows.
struct PlaneSegmenter::BorderClaims {
  static constexpr int kMaxCandidates = 8;
  using Strips = std::array<int, kBorderStrips>;
  std::array<int, kMaxCandidates> candidates;
  int count = 0;
  std::array<int, kMaxCandidates> pixels{};
  std::array<double, kMaxCandidates> area{};
  // z^3 of the pixels not grazing the plane, divided once at the end.
  std::array<float, kMaxCandidates> sum_z3{};
  std::array<Strips, kMaxCandidates> u_low, u_high, v_low, v_high;
};

void PlaneSegmenter::RefineBorders(const PinholeCamera& camera,
                                   const PlaneOptions& options) {
  if (segments_.empty()) return;
  const double inverse_focal_area = 1.0 / (camera.fx * camera.fy);
  for (int row = 0; row < grid_rows_; ++row) {
    for (int column = 0; column < grid_columns_; ++column) {
      const int own = cells_[row * grid_columns_ + column].region;
      if (own >= 0 && region_segment_[own] >= 0) continue;
      BorderClaims claims;
      FindNeighbourSegments(row, column, &claims);
      if (claims.count == 0) continue;
      ClaimBorderPixels(row, column, options, inverse_focal_area, &claims);
      AddBorderClaims(claims, inverse_focal_area);
    }
  }
}

void PlaneSegmenter::FindNeighbourSegments(int row, int column,
                                           BorderClaims* claims) const {
  // The segments of the 8 neighbours, each once.
  auto& candidates = claims->candidates;
  for (int dr = -1; dr <= 1; ++dr) {
    for (int dc = -1; dc <= 1; ++dc) {
      const int r = row + dr;
      const int c = column + dc;
      if ((dr == 0 && dc == 0) || r < 0 || c < 0 || r >= grid_rows_ ||
          c >= grid_columns_) {
        continue;
      }
      const int region = cells_[r * grid_columns_ + c].region;
      const int segment = region >= 0 ? region_segment_[region] : -1;
      if (segment < 0) continue;
      const auto end = candidates.begin() + claims->count;
      if (std::find(candidates.begin(), end, segment) == end) {
        candidates[claims->count++] = segment;
      }
    }
  }
}

void PlaneSegmenter::ClaimBorderPixels(int row, int column,
                                       const PlaneOptions& options,
                                       double inverse_focal_area,
                                       BorderClaims* claims) const {
  constexpr int kMax = BorderClaims::kMaxCandidates;
  const int cs = cell_size_;
  const int count = claims->count;
  for (int k = 0; k < count; ++k) {
    claims->u_low[k].fill(cs * grid_columns_);
    claims->v_low[k].fill(cs * grid_rows_);
    claims->u_high[k].fill(-1);
    claims->v_high[k].fill(-1);
  }
  // The plane's signed distance of the pixel at depth z on ray (rx, ry, 1)
  // is z (nx rx + ny ry + nz) + offset: per candidate, nx and offset, and
  // per row ny ry + nz, all in float.
  std::array<float, kMax> nx, row_term, plane_offset, offset_squared;
  for (int k = 0; k < count; ++k) {
    const PlaneSegment& s = segments_[claims->candidates[k]];
    nx[k] = static_cast<float>(s.normal.x());
    plane_offset[k] = static_cast<float>(s.offset);
    offset_squared[k] = static_cast<float>(s.offset * s.offset);
  }
  const float noise = static_cast<float>(kBorder.sigmas * options.depth_noise);
  const float distance_floor = static_cast<float>(kBorder.floor_metres);
  const float* rx = ray_x_float_.data();
  for (int v = row * cs; v < (row + 1) * cs; ++v) {
    const float* depth_row = depth_[v];
    const double ry = ray_y_[v];
    const float ry_float = static_cast<float>(ry);
    const int strip = (v - row * cs) * kBorderStrips / cs;
    for (int k = 0; k < count; ++k) {
      const PlaneSegment& s = segments_[claims->candidates[k]];
      row_term[k] = static_cast<float>(s.normal.y() * ry + s.normal.z());
    }
    for (int u = column * cs; u < (column + 1) * cs; ++u) {
      const float z = depth_row[u];
      if (z <= 0) continue;
      int best = -1;
      float best_distance = noise * z * z + distance_floor;
      for (int k = 0; k < count; ++k) {
        const float distance =
            std::abs(z * (nx[k] * rx[u] + row_term[k]) + plane_offset[k]);
        if (distance < best_distance) {
          best_distance = distance;
          best = k;
        }
      }
      if (best < 0) continue;
      ++claims->pixels[best];
      // A pixel covers z^3 / (fx fy d) square metres, d the plane's offset
      // unless the view grazes it (see kMinCosIncidence): sum z^3 and
      // divide once, except for the grazing pixels.
      const float z3 = z * z * z;
      const float length_squared =
          z * z * (rx[u] * rx[u] + ry_float * ry_float + 1.0f);
      if (length_squared * kMinCosSquared <= offset_squared[best]) {
        claims->sum_z3[best] += z3;
      } else {
        claims->area[best] += z3 * inverse_focal_area /
                              (kMinCosIncidence * std::sqrt(length_squared));
      }
      claims->u_low[best][strip] = std::min(claims->u_low[best][strip], u);
      claims->u_high[best][strip] = std::max(claims->u_high[best][strip], u);
      claims->v_low[best][strip] = std::min(claims->v_low[best][strip], v);
      claims->v_high[best][strip] = std::max(claims->v_high[best][strip], v);
    }
  }
}

void PlaneSegmenter::AddBorderClaims(const BorderClaims& claims,
                                     double inverse_focal_area) {
  const int cs = cell_size_;
  for (int k = 0; k < claims.count; ++k) {
    if (claims.pixels[k] < kMinBorderFraction * cs * cs) continue;
    PlaneSegment& segment = segments_[claims.candidates[k]];
    segment.pixel_count += claims.pixels[k];
    segment.area +=
        claims.area[k] + claims.sum_z3[k] * inverse_focal_area / segment.offset;
    // Strips that span the same columns (an edge along the image's rows, or
    // none) stay one rectangle.
    const size_t first_part = segment.footprint.size();
    for (int strip = 0; strip < kBorderStrips; ++strip) {
      if (claims.u_high[k][strip] < 0) continue;
      const FootprintRect part{
          claims.u_low[k][strip] - 0.5f, claims.v_low[k][strip] - 0.5f,
          claims.u_high[k][strip] + 0.5f, claims.v_high[k][strip] + 0.5f};
      if (segment.footprint.size() > first_part) {
        FootprintRect& last = segment.footprint.back();
        if (last.u0 == part.u0 && last.u1 == part.u1) {
          last.v1 = part.v1;
          continue;
        }
      }
      segment.footprint.push_back(part);
    }
  }
}

}  // namespace vc
