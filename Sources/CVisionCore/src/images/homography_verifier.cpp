#include "images/homography_verifier.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <opencv2/calib3d.hpp>
#include <opencv2/imgproc.hpp>
#include <opencv2/video/tracking.hpp>

#include "common/hamming.h"
#include "images/homography_checks.h"
#include "images/homography_ransac.h"
#include "images/lucas_kanade_flow.h"

namespace vc {
namespace {

constexpr uint64_t kRansacSeed = 0x1A6E5EED;
// Enough when over a quarter of the matches are right (99% sure of a clean
// sample); candidates with fewer right matches are not worth the time.
constexpr int kRansacIterations = 300;
// Retrieved matches are noisy at coarse pyramid levels: a wide threshold.
constexpr double kCoarseThreshold = 6.0;
// A picture turns as a whole in the view, so the orientations of its
// points turn by about the same angle: matches are kept within the most
// popular 36 degrees (three 12-degree bins) of orientation change. Chance
// matches spread over all angles; this drops most of them before RANSAC,
// whose samples are then mostly right.
constexpr int kTurnBins = 30;

// Guided matching: points within this many view pixels of where the
// homography puts them, at most this Hamming distance.
constexpr float kGuidedRadius = 10.0f;
constexpr int kGuidedMaxDistance = 64;
constexpr double kGuidedThreshold = 3.0;
// Optical-flow refinement.
constexpr LucasKanadeFlow kFlow{/*window=*/21, /*levels=*/2, /*epsilon=*/0.01};
constexpr double kFlowThreshold = 2.0;
constexpr int kFlowMinPoints = 12;
// A refinement that moves a followed point further than this (view pixels)
// from where the matched homography put it has locked onto something else.
constexpr double kFlowMaxShift = 15.0;

int CountInsideView(const ReferenceImage& reference, const cv::Matx33d& h,
                    int view_width, int view_height) {
  int inside = 0;
  for (const cv::Point2f& p : reference.points) {
    const cv::Vec3d q = h * cv::Vec3d(p.x, p.y, 1.0);
    if (q[2] <= 0) continue;
    const double x = q[0] / q[2];
    const double y = q[1] / q[2];
    if (x >= 0 && y >= 0 && x < view_width && y < view_height) ++inside;
  }
  return inside;
}

// How far b moves the given reference points from where a puts them (view
// pixels, the largest). Measured on points in view: corners outside the
// view swing far with a small correction of the part that is seen.
double MaxShift(const cv::Matx33d& a, const cv::Matx33d& b,
                const std::vector<cv::Point2f>& points) {
  double shift = 0;
  for (const cv::Point2f& p : points) {
    shift = std::max(shift, cv::norm(Apply(a, p) - Apply(b, p)));
  }
  return shift;
}

// The matches whose orientation change lies within the most popular
// window of kTurnBins bins (the bin and its neighbours).
std::vector<PointMatch> ConsistentTurns(
    const ReferenceImage& reference, const ViewFeatures& view,
    const std::vector<PointMatch>& matches) {
  std::vector<int> bin(matches.size());
  std::array<int, kTurnBins> counts{};
  for (size_t k = 0; k < matches.size(); ++k) {
    float turn = view.keypoints[matches[k].view_point].angle -
                 reference.angles[matches[k].reference_point];
    turn = std::fmod(turn + 720.0f, 360.0f);
    bin[k] = std::min(kTurnBins - 1, int(turn * kTurnBins / 360.0f));
    ++counts[bin[k]];
  }
  int best = 0;
  int best_count = -1;
  for (int b = 0; b < kTurnBins; ++b) {
    const int window = counts[(b + kTurnBins - 1) % kTurnBins] + counts[b] +
                       counts[(b + 1) % kTurnBins];
    if (window > best_count) {
      best_count = window;
      best = b;
    }
  }
  std::vector<PointMatch> kept;
  for (size_t k = 0; k < matches.size(); ++k) {
    const int gap = std::abs(bin[k] - best);
    if (std::min(gap, kTurnBins - gap) <= 1) kept.push_back(matches[k]);
  }
  return kept;
}

// Every reference point near where h puts it, matched to the closest view
// descriptor there.
void GuidedMatches(const ReferenceImage& reference, const ViewFeatures& view,
                   const cv::Matx33d& h, std::vector<cv::Point2f>* from,
                   std::vector<cv::Point2f>* to) {
  std::vector<int> near;
  for (size_t i = 0; i < reference.points.size(); ++i) {
    const cv::Vec3d q =
        h * cv::Vec3d(reference.points[i].x, reference.points[i].y, 1.0);
    if (q[2] <= 0) continue;
    const cv::Point2f p(float(q[0] / q[2]), float(q[1] / q[2]));
    if (p.x < 0 || p.y < 0 || p.x >= view.gray.cols || p.y >= view.gray.rows) {
      continue;
    }
    view.Near(p, kGuidedRadius, &near);
    int best = -1;
    int best_distance = kGuidedMaxDistance + 1;
    const uint8_t* d = reference.descriptors.ptr<uint8_t>(int(i));
    for (int k : near) {
      const int distance = HammingDistance(d, view.descriptors.ptr<uint8_t>(k));
      if (distance < best_distance) {
        best_distance = distance;
        best = k;
      }
    }
    if (best < 0) continue;
    from->push_back(reference.points[i]);
    to->push_back(view.keypoints[best].pt);
  }
}

}  // namespace

bool FitHomography(const std::vector<cv::Point2f>& from,
                   const std::vector<cv::Point2f>& to, double threshold,
                   cv::Matx33d* h, std::vector<uint8_t>* inliers) {
  RansacOptions options;
  options.threshold = threshold;
  options.max_iterations = kRansacIterations;
  options.seed = kRansacSeed;
  return RansacHomography(from, to, options, h, inliers);
}

namespace {

// The view's rectangle around the image's outline where h puts it, with a
// flow window's margin; false when there is too little of it to follow.
bool FlowRegion(const ReferenceImage& reference, const cv::Matx33d& h,
                const cv::Mat& view_gray, cv::Rect* roi) {
  std::array<cv::Point2d, 4> corners;
  if (!ProjectCorners(h, reference.width, reference.height, &corners)) {
    return false;
  }
  double x0 = corners[0].x, x1 = x0, y0 = corners[0].y, y1 = y0;
  for (const cv::Point2d& c : corners) {
    x0 = std::min(x0, c.x);
    x1 = std::max(x1, c.x);
    y0 = std::min(y0, c.y);
    y1 = std::max(y1, c.y);
  }
  const int margin = kFlow.window;
  *roi =
      cv::Rect(
          cv::Point(int(std::floor(x0)) - margin, int(std::floor(y0)) - margin),
          cv::Point(int(std::ceil(x1)) + margin, int(std::ceil(y1)) + margin)) &
      cv::Rect(0, 0, view_gray.cols, view_gray.rows);
  return roi->width >= 2 * kFlow.window && roi->height >= 2 * kFlow.window;
}

// The reference's track points away from its border, where the warp is not
// mixed with what lies beyond it; the strongest corners first.
std::vector<cv::Point2f> FlowSources(const ReferenceImage& reference) {
  const double border = kFlow.window / reference.working_scale;
  std::vector<cv::Point2f> sources;
  for (const cv::Point2f& p : reference.track_points) {
    if (p.x >= border && p.y >= border && p.x <= reference.width - border &&
        p.y <= reference.height - border) {
      sources.push_back(p);
    }
  }
  return sources;
}

// The reference's working image warped by roi_from_reference into the
// region, with the view region's mean and contrast: printed pictures are
// lit differently from their files.
void WarpLikeView(const ReferenceImage& reference,
                  const cv::Matx33d& roi_from_reference,
                  const cv::Mat& view_roi, cv::Mat* warped) {
  const cv::Matx33d roi_from_working =
      roi_from_reference * cv::Matx33d(1.0 / reference.working_scale, 0, 0, 0,
                                       1.0 / reference.working_scale, 0, 0, 0,
                                       1);
  cv::warpPerspective(reference.working_gray, *warped, roi_from_working,
                      view_roi.size(), cv::INTER_LINEAR, cv::BORDER_REPLICATE);
  cv::Scalar warped_mean, warped_std, view_mean, view_std;
  cv::meanStdDev(*warped, warped_mean, warped_std);
  cv::meanStdDev(view_roi, view_mean, view_std);
  const double gain = view_std[0] / std::max(1.0, warped_std[0]);
  warped->convertTo(*warped, CV_8U, gain, view_mean[0] - gain * warped_mean[0]);
}

// One refinement: follows the sources from the warped reference into the
// view and fits the homography to where they went. false when too few
// could be followed or agree; followed_sources are the sources followed.
bool RefineOnce(const ReferenceImage& reference, const cv::Mat& view_roi,
                const cv::Rect& roi, const std::vector<cv::Point2f>& sources,
                cv::Matx33d* refined,
                std::vector<cv::Point2f>* followed_sources) {
  const cv::Matx33d roi_from_view(1, 0, -roi.x, 0, 1, -roi.y, 0, 0, 1);
  cv::Mat warped;
  WarpLikeView(reference, roi_from_view * *refined, view_roi, &warped);
  std::vector<cv::Point2f> predicted;
  std::vector<cv::Point2f> kept_sources;
  for (const cv::Point2f& s : sources) {
    const cv::Point2d p = Apply(roi_from_view * *refined, s);
    if (p.x < kFlow.window / 2 || p.y < kFlow.window / 2 ||
        p.x > roi.width - 1 - kFlow.window / 2 ||
        p.y > roi.height - 1 - kFlow.window / 2) {
      continue;
    }
    predicted.emplace_back(float(p.x), float(p.y));
    kept_sources.push_back(s);
  }
  if (int(predicted.size()) < kFlowMinPoints) return false;
  std::vector<cv::Point2f> followed = predicted;
  std::vector<uint8_t> status;
  std::vector<float> error;
  kFlow.Track(warped, view_roi, predicted, &followed, &status, &error,
              cv::OPTFLOW_USE_INITIAL_FLOW);
  std::vector<cv::Point2f>& from = *followed_sources;
  std::vector<cv::Point2f> to;
  from.clear();
  for (size_t k = 0; k < followed.size(); ++k) {
    if (!status[k]) continue;
    from.push_back(kept_sources[k]);
    to.emplace_back(followed[k].x + roi.x, followed[k].y + roi.y);
  }
  cv::Matx33d fitted;
  std::vector<uint8_t> inliers;
  if (!FitHomography(from, to, kFlowThreshold, &fitted, &inliers) ||
      std::count(inliers.begin(), inliers.end(), 1) < kFlowMinPoints) {
    return false;
  }
  *refined = fitted;
  return true;
}

}  // namespace

bool RefineWithFlow(const ReferenceImage& reference, const cv::Mat& view_gray,
                    cv::Matx33d* h, const FlowRefinement& refinement) {
  cv::Rect roi;
  if (!FlowRegion(reference, *h, view_gray, &roi)) return false;
  std::vector<cv::Point2f> sources = FlowSources(reference);
  if (int(sources.size()) < kFlowMinPoints) return false;
  // More than this adds time, not accuracy.
  if (int(sources.size()) > refinement.max_points) {
    sources.resize(refinement.max_points);
  }
  const cv::Mat view_roi = view_gray(roi);
  cv::Matx33d refined = *h;
  std::vector<cv::Point2f> followed_sources;
  for (int iteration = 0; iteration < refinement.iterations; ++iteration) {
    if (!RefineOnce(reference, view_roi, roi, sources, &refined,
                    &followed_sources)) {
      return false;
    }
  }
  if (MaxShift(refined, *h, followed_sources) > kFlowMaxShift) {
    return false;
  }
  *h = refined;
  return true;
}

std::optional<ImageObservation> VerifyCandidate(
    const ReferenceImage& reference, const Candidate& candidate,
    const ViewFeatures& view, const VerificationOptions& options) {
  std::vector<cv::Point2f> from;
  std::vector<cv::Point2f> to;
  for (const PointMatch& m :
       ConsistentTurns(reference, view, candidate.matches)) {
    from.push_back(reference.points[m.reference_point]);
    to.push_back(view.keypoints[m.view_point].pt);
  }
  // Too few agree on a turn for RANSAC to find enough inliers among them.
  if (int(from.size()) < options.min_coarse_inliers) return std::nullopt;
  cv::Matx33d h;
  std::vector<uint8_t> inliers;
  if (!FitHomography(from, to, kCoarseThreshold, &h, &inliers)) {
    return std::nullopt;
  }
  const int coarse_inliers =
      static_cast<int>(std::count(inliers.begin(), inliers.end(), 1));
  if (coarse_inliers < options.min_coarse_inliers ||
      !PlausibleHomography(h, reference.width, reference.height, view.gray.cols,
                           view.gray.rows)) {
    return std::nullopt;
  }
  const bool needs_confirmation =
      options.require_flow_refinement || coarse_inliers < options.min_inliers;

  from.clear();
  to.clear();
  GuidedMatches(reference, view, h, &from, &to);
  cv::Matx33d guided;
  if (!FitHomography(from, to, kGuidedThreshold, &guided, &inliers)) {
    return std::nullopt;
  }
  const int inlier_count =
      static_cast<int>(std::count(inliers.begin(), inliers.end(), 1));
  if (inlier_count < options.min_inliers ||
      !PlausibleHomography(guided, reference.width, reference.height,
                           view.gray.cols, view.gray.rows)) {
    return std::nullopt;
  }
  const bool refined =
      options.refine_with_flow && RefineWithFlow(reference, view.gray, &guided);
  if (needs_confirmation && !refined) return std::nullopt;

  ImageObservation observation;
  observation.reference_index = candidate.reference_index;
  observation.homography = guided;
  observation.inlier_count = inlier_count;
  const int expected =
      CountInsideView(reference, guided, view.gray.cols, view.gray.rows);
  observation.score =
      expected > 0 ? std::min(1.0, double(inlier_count) / expected) : 0.0;
  observation.recognized = true;
  return observation;
}

}  // namespace vc
