#include "images/homography_ransac.h"

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>
#include <opencv2/calib3d.hpp>

#include "common/ransac_sampling.h"

namespace vc {
namespace {

double Cross(const cv::Point2f& a, const cv::Point2f& b, const cv::Point2f& c) {
  return double(b.x - a.x) * (c.y - a.y) - double(b.y - a.y) * (c.x - a.x);
}

// A camera looking at the front of a plane keeps the turning direction of
// every triangle of points; a sample that flips one (or has three points
// nearly on a line) cannot be a view of a picture.
bool PlausibleSample(const cv::Point2f* from, const cv::Point2f* to) {
  static constexpr int kTriangles[4][3] = {
      {0, 1, 2}, {0, 1, 3}, {0, 2, 3}, {1, 2, 3}};
  for (const auto& t : kTriangles) {
    const double a = Cross(from[t[0]], from[t[1]], from[t[2]]);
    const double b = Cross(to[t[0]], to[t[1]], to[t[2]]);
    if (std::abs(a) < 1.0 || std::abs(b) < 1.0 || (a > 0) != (b > 0)) {
      return false;
    }
  }
  return true;
}

// The homography through four correspondences, with h33 = 1.
bool SolveMinimal(const cv::Point2f* from, const cv::Point2f* to,
                  cv::Matx33d* h) {
  Eigen::Matrix<double, 8, 8> a;
  Eigen::Matrix<double, 8, 1> b;
  for (int k = 0; k < 4; ++k) {
    const double x = from[k].x, y = from[k].y, u = to[k].x, v = to[k].y;
    a.row(2 * k) << x, y, 1, 0, 0, 0, -u * x, -u * y;
    a.row(2 * k + 1) << 0, 0, 0, x, y, 1, -v * x, -v * y;
    b(2 * k) = u;
    b(2 * k + 1) = v;
  }
  const Eigen::PartialPivLU<Eigen::Matrix<double, 8, 8>> lu(a);
  if (std::abs(lu.determinant()) < 1e-12) return false;
  const Eigen::Matrix<double, 8, 1> x = lu.solve(b);
  if (!x.allFinite()) return false;
  *h = cv::Matx33d(x(0), x(1), x(2), x(3), x(4), x(5), x(6), x(7), 1.0);
  return true;
}

// Flags correspondences that h maps within threshold; returns their count.
int MarkInliers(const std::vector<cv::Point2f>& from,
                const std::vector<cv::Point2f>& to, const cv::Matx33d& h,
                double threshold, std::vector<uint8_t>* flags) {
  const double limit = threshold * threshold;
  int count = 0;
  flags->resize(from.size());
  for (size_t k = 0; k < from.size(); ++k) {
    const double x = from[k].x, y = from[k].y;
    const double w = h(2, 0) * x + h(2, 1) * y + h(2, 2);
    bool in = false;
    if (w > 1e-9) {
      const double du = (h(0, 0) * x + h(0, 1) * y + h(0, 2)) / w - to[k].x;
      const double dv = (h(1, 0) * x + h(1, 1) * y + h(1, 2)) / w - to[k].y;
      in = du * du + dv * dv <= limit;
    }
    (*flags)[k] = in ? 1 : 0;
    count += in;
  }
  return count;
}

}  // namespace

bool RansacHomography(const std::vector<cv::Point2f>& from,
                      const std::vector<cv::Point2f>& to,
                      const RansacOptions& options, cv::Matx33d* h,
                      std::vector<uint8_t>* inliers) {
  const int n = static_cast<int>(from.size());
  if (n < 4 || to.size() != from.size()) return false;
  SeededGenerator generator(options.seed);
  std::vector<uint8_t> flags;
  std::vector<uint8_t> best_flags;
  cv::Matx33d best;
  int best_count = 0;
  int needed = options.max_iterations;
  cv::Point2f sample_from[4];
  cv::Point2f sample_to[4];
  for (int iteration = 0; iteration < needed; ++iteration) {
    int picked[4];
    PickDistinctIndices(&generator, n, 4, picked);
    for (int k = 0; k < 4; ++k) {
      sample_from[k] = from[picked[k]];
      sample_to[k] = to[picked[k]];
    }
    cv::Matx33d candidate;
    if (!PlausibleSample(sample_from, sample_to) ||
        !SolveMinimal(sample_from, sample_to, &candidate)) {
      continue;
    }
    const int count =
        MarkInliers(from, to, candidate, options.threshold, &flags);
    if (count <= best_count) continue;
    best_count = count;
    best = candidate;
    std::swap(best_flags, flags);
    needed = RansacIterationsNeeded(count, n, 4, options.confidence,
                                    options.max_iterations);
  }
  if (best_count < 4) return false;

  // Least squares on the inliers, then the inliers of that fit; twice,
  // since a better fit can take in points the sample's fit just missed.
  for (int round = 0; round < 2; ++round) {
    std::vector<cv::Point2f> a;
    std::vector<cv::Point2f> b;
    for (int k = 0; k < n; ++k) {
      if (!best_flags[k]) continue;
      a.push_back(from[k]);
      b.push_back(to[k]);
    }
    const cv::Mat fitted = cv::findHomography(a, b, 0);
    if (fitted.empty()) break;
    const cv::Matx33d refined(fitted);
    const int count = MarkInliers(from, to, refined, options.threshold, &flags);
    if (count < best_count) break;
    best = refined;
    best_count = count;
    std::swap(best_flags, flags);
  }
  *h = best;
  if (inliers != nullptr) *inliers = std::move(best_flags);
  return true;
}

}  // namespace vc
