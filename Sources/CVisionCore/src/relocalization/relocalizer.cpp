#include "relocalization/relocalizer.h"

#include <algorithm>
#include <chrono>
#include <cmath>

#include "common/angles.h"
#include "common/rotation_angle.h"
#include "common/status_error.h"
#include "relocalization/depth_surface.h"
#include "relocalization/pose_ransac.h"
#include "relocalization/surface_alignment.h"
#include "relocalization/surface_choice.h"

namespace vc {
namespace {

using Clock = std::chrono::steady_clock;

double Milliseconds(Clock::time_point from, Clock::time_point to) {
  return std::chrono::duration<double, std::milli>(to - from).count();
}

// Whether keyframe id kept a depth surface (a map made with depth).
bool HasSurface(const KeyframeDatabase& database, int64_t id) {
  for (const MapKeyframe& k : database.keyframes()) {
    if (k.keyframe.id == id) return !k.surface.empty();
  }
  return false;
}

}  // namespace

const char* OutcomeName(RelocalizationOutcome outcome) {
  switch (outcome) {
    case RelocalizationOutcome::kFound:
      return "found";
    case RelocalizationOutcome::kTooFewFeatures:
      return "too_few_features";
    case RelocalizationOutcome::kNoCandidates:
      return "no_candidates";
    case RelocalizationOutcome::kTooFewMatches:
      return "too_few_matches";
    case RelocalizationOutcome::kNoConsensus:
      return "no_consensus";
    case RelocalizationOutcome::kPoorAlignment:
      return "poor_alignment";
    case RelocalizationOutcome::kLargeCorrection:
      return "large_correction";
  }
  return "unknown";
}

Relocalizer::Relocalizer(const RelocalizationOptions& options)
    : options_(options), extractor_((options.Check(), options)) {}

RelocalizationResult Relocalizer::Query(const KeyframeDatabase& database,
                                        const cv::Mat& grey,
                                        const cv::Mat& depth,
                                        double units_per_metre,
                                        const PinholeCamera& camera) {
  Require(database.indexed(), "relocalization: keyframe database not indexed");
  Require(!grey.empty() && grey.type() == CV_8UC1,
          "relocalization: grey must be a non-empty CV_8UC1 image");
  Require(depth.empty() || (depth.type() == CV_16UC1 &&
                            depth.size() == grey.size() && units_per_metre > 0),
          "relocalization: depth must be empty or CV_16UC1 of grey's size "
          "with units_per_metre > 0");
  RelocalizationResult result;
  RelocalizationDiagnostics& diagnostics = result.diagnostics;
  const Clock::time_point start = Clock::now();
  auto finish = [&](RelocalizationOutcome outcome) {
    diagnostics.outcome = outcome;
    result.found = outcome == RelocalizationOutcome::kFound;
    diagnostics.total_ms = Milliseconds(start, Clock::now());
    return result;
  };

  // 1. Features, with depth where it can be trusted.
  ExtractFeatures(grey, depth, units_per_metre, camera, &diagnostics);
  if (diagnostics.features < options_.min_inliers) {
    return finish(RelocalizationOutcome::kTooFewFeatures);
  }
  // 2. Candidate keyframes by bag of words, and 3. matches against their
  // map points.
  if (!MatchCandidates(database, &diagnostics)) {
    return finish(RelocalizationOutcome::kNoCandidates);
  }
  if (diagnostics.matches < options_.min_inliers) {
    return finish(RelocalizationOutcome::kTooFewMatches);
  }

  // 4. A pose hypothesis.
  const MatchedHypothesis hypothesis =
      HypothesizePose(database, camera, &diagnostics);
  const PoseHypothesis& pose = hypothesis.pose;
  const int min_inliers = diagnostics.rigid_hypothesis || !depth.empty()
                              ? options_.min_inliers
                              : options_.min_pnp_inliers;
  if (!hypothesis.found || pose.inlier_count < min_inliers ||
      pose.inlier_count <
          options_.min_inlier_ratio * double(hypothesis.used.size())) {
    return finish(RelocalizationOutcome::kNoConsensus);
  }
  result.camera_from_world = pose.camera_from_world;
  result.inliers = pose.inlier_count;
  result.keyframe_id = KeyframeWithMostInliers(database, hypothesis);
  ListInlierSightings(hypothesis, &result.sightings);
  if (depth.empty() || !HasSurface(database, result.keyframe_id)) {
    // No depth, or a map made without it: nothing to refine against; the
    // inliers are all the evidence there is.
    return finish(RelocalizationOutcome::kFound);
  }

  // 5. Refine against depth and judge the result by how well the depths
  // agree.
  const SurfaceAlignment alignment = RefineAgainstDepth(
      database, depth, units_per_metre, camera, hypothesis, &diagnostics);
  result.camera_from_world = alignment.camera_from_world;
  if (alignment.agreeing < options_.min_surface_points ||
      alignment.overlap < options_.min_overlap ||
      alignment.residual > options_.max_residual) {
    return finish(RelocalizationOutcome::kPoorAlignment);
  }
  if (diagnostics.correction_metres > options_.max_correction_metres ||
      diagnostics.correction_degrees > options_.max_correction_degrees) {
    return finish(RelocalizationOutcome::kLargeCorrection);
  }
  return finish(RelocalizationOutcome::kFound);
}

void Relocalizer::ExtractFeatures(const cv::Mat& grey, const cv::Mat& depth,
                                  double units_per_metre,
                                  const PinholeCamera& camera,
                                  RelocalizationDiagnostics* diagnostics) {
  const Clock::time_point start = Clock::now();
  extractor_.Extract(grey, depth, units_per_metre, camera, &features_);
  diagnostics->features = int(features_.keypoints.size());
  for (const Eigen::Vector3f& p : features_.camera_points) {
    diagnostics->features_with_depth += p.z() > 0;
  }
  diagnostics->features_ms = Milliseconds(start, Clock::now());
}

bool Relocalizer::MatchCandidates(const KeyframeDatabase& database,
                                  RelocalizationDiagnostics* diagnostics) {
  Clock::time_point start = Clock::now();
  database.Quantize(features_.descriptors, &words_);
  const std::vector<KeyframeScore> ranked =
      database.Rank(words_, options_.candidates);
  diagnostics->candidates = int(ranked.size());
  if (!ranked.empty()) diagnostics->best_score = ranked[0].score;
  Clock::time_point now = Clock::now();
  diagnostics->retrieval_ms = Milliseconds(start, now);
  if (ranked.empty()) return false;

  start = now;
  std::vector<uint8_t> use(database.keyframes().size(), 0);
  for (const KeyframeScore& k : ranked) use[k.keyframe] = 1;
  database.Match(features_.descriptors, words_, use, &matches_);
  diagnostics->matches = int(matches_.size());
  diagnostics->matching_ms = Milliseconds(start, Clock::now());
  return true;
}

Relocalizer::MatchedHypothesis Relocalizer::HypothesizePose(
    const KeyframeDatabase& database, const PinholeCamera& camera,
    RelocalizationDiagnostics* diagnostics) const {
  // 3D-3D where the query has depth under enough matches (independent of
  // the colour camera's calibration), PnP if not.
  const Clock::time_point start = Clock::now();
  MatchedHypothesis hypothesis;
  std::vector<Eigen::Vector3d> camera_points;
  for (size_t m = 0; m < matches_.size(); ++m) {
    const Eigen::Vector3f& c = features_.camera_points[matches_[m].query];
    if (!(c.z() > 0)) continue;
    hypothesis.used.push_back(int(m));
    camera_points.push_back(c.cast<double>());
    hypothesis.world.push_back(MatchedPoint(database, matches_[m]));
  }
  PoseRansacOptions ransac;
  ransac.max_iterations = options_.ransac_iterations;
  ransac.seed = options_.ransac_seed;
  const bool enough_depth = int(hypothesis.used.size()) >= options_.min_inliers;
  if (enough_depth) {
    ransac.threshold = options_.ransac_threshold_metres;
    hypothesis.found =
        RansacRigid(camera_points, hypothesis.world, ransac, &hypothesis.pose);
    diagnostics->rigid_hypothesis = hypothesis.found;
  }
  // PnP only when depth could not give a hypothesis at all: where 3D-3D
  // finds no consensus among the same matches, PnP rarely does, and it
  // costs several times as much.
  if (!enough_depth) {
    hypothesis.used.clear();
    hypothesis.world.clear();
    std::vector<Eigen::Vector2d> pixels;
    for (size_t m = 0; m < matches_.size(); ++m) {
      hypothesis.used.push_back(int(m));
      const cv::Point2f& p = features_.keypoints[matches_[m].query].pt;
      pixels.emplace_back(p.x, p.y);
      hypothesis.world.push_back(MatchedPoint(database, matches_[m]));
    }
    ransac.threshold = options_.ransac_threshold_pixels;
    hypothesis.found =
        RansacPnP(pixels, hypothesis.world, camera, ransac, &hypothesis.pose);
  }
  diagnostics->ransac_ms = Milliseconds(start, Clock::now());
  diagnostics->hypothesis_inliers =
      hypothesis.found ? hypothesis.pose.inlier_count : 0;
  return hypothesis;
}

Eigen::Vector3d Relocalizer::MatchedPoint(const KeyframeDatabase& database,
                                          const MapMatch& match) {
  return database.keyframes()[match.keyframe]
      .keyframe.points[match.point]
      .cast<double>();
}

int64_t Relocalizer::KeyframeWithMostInliers(
    const KeyframeDatabase& database,
    const MatchedHypothesis& hypothesis) const {
  // Ties: the lower index.
  const std::vector<MapKeyframe>& keyframes = database.keyframes();
  std::vector<int> votes(keyframes.size(), 0);
  for (size_t u = 0; u < hypothesis.used.size(); ++u) {
    if (hypothesis.pose.inliers[u]) {
      ++votes[matches_[hypothesis.used[u]].keyframe];
    }
  }
  const int best =
      int(std::max_element(votes.begin(), votes.end()) - votes.begin());
  return keyframes[best].keyframe.id;
}

void Relocalizer::ListInlierSightings(const MatchedHypothesis& hypothesis,
                                      std::vector<PointSighting>* out) const {
  out->clear();
  for (size_t u = 0; u < hypothesis.used.size(); ++u) {
    if (!hypothesis.pose.inliers[u]) continue;
    const MapMatch& match = matches_[hypothesis.used[u]];
    out->push_back({features_.keypoints[match.query].pt, hypothesis.world[u]});
  }
}

SurfaceAlignment Relocalizer::RefineAgainstDepth(
    const KeyframeDatabase& database, const cv::Mat& depth,
    double units_per_metre, const PinholeCamera& camera,
    const MatchedHypothesis& hypothesis,
    RelocalizationDiagnostics* diagnostics) {
  const Clock::time_point start = Clock::now();
  const Eigen::Isometry3d& guess = hypothesis.pose.camera_from_world;
  SampleDepthPoints(depth, units_per_metre, camera,
                    ScaledStep(options_.query_step_pixels, camera.width),
                    options_, &query_points_);
  diagnostics->query_surface_points = int(query_points_.size());
  const std::vector<int> chosen = ChooseSurfaces(database, query_points_, guess,
                                                 options_.refinement_keyframes,
                                                 options_.icp_start_distance);
  diagnostics->refinement_keyframes = int(chosen.size());
  std::vector<const DepthSurface*> surfaces;
  for (int k : chosen) surfaces.push_back(&database.keyframes()[k].surface);
  FeatureCorrespondences inliers;
  for (size_t u = 0; u < hypothesis.used.size(); ++u) {
    // PnP inliers without depth under them constrain only a ray: left to
    // the surfaces.
    const Eigen::Vector3f& c =
        features_.camera_points[matches_[hypothesis.used[u]].query];
    if (!hypothesis.pose.inliers[u] || !(c.z() > 0)) continue;
    inliers.camera.push_back(c.cast<double>());
    inliers.world.push_back(hypothesis.world[u]);
  }
  const SurfaceAlignment alignment =
      AlignToSurfaces(query_points_, surfaces, inliers, guess, options_);
  diagnostics->visible = alignment.visible;
  diagnostics->agreeing = alignment.agreeing;
  diagnostics->overlap = alignment.overlap;
  diagnostics->residual_metres = alignment.residual;
  diagnostics->conditioning = alignment.conditioning;
  const Eigen::Isometry3d correction =
      alignment.camera_from_world * guess.inverse();
  diagnostics->correction_metres =
      (alignment.camera_from_world.inverse().translation() -
       guess.inverse().translation())
          .norm();
  diagnostics->correction_degrees = RotationDegrees(correction.linear());
  diagnostics->refinement_ms = Milliseconds(start, Clock::now());
  return alignment;
}

}  // namespace vc
