// Finds a camera's pose in the map from one frame, with no help from the
// frames before it: what the tracker asks once it is lost, or what a new
// session asks to pick up a saved map. The frame's features vote for
// keyframes (bag of words), are matched to the best few keyframes' map
// points, a pose is drawn by RANSAC (3D-3D with depth, PnP without), and
// with depth the pose is refined and checked by aligning the frame's depth
// to the nearby keyframes' surfaces. A doubtful answer is refused: a wrong
// pose handed to the tracker is far worse than another lost frame.
#pragma once

#include <Eigen/Geometry>
#include <cstdint>
#include <opencv2/core.hpp>
#include <vector>

#include "common/pinhole_camera.h"
#include "relocalization/frame_features.h"
#include "relocalization/keyframe_database.h"
#include "relocalization/pose_ransac.h"
#include "relocalization/relocalization_options.h"
#include "relocalization/surface_alignment.h"
#include "tracking/point_sighting.h"

namespace vc {

// Why a query was answered or refused (the first check that failed).
enum class RelocalizationOutcome {
  kFound = 0,
  kTooFewFeatures,
  kNoCandidates,
  kTooFewMatches,
  kNoConsensus,      // RANSAC: too few or too small a share of inliers
  kPoorAlignment,    // depth disagrees with the map at the refined pose
  kLargeCorrection,  // depth moved the pose further than plausible
};

const char* OutcomeName(RelocalizationOutcome outcome);

struct RelocalizationDiagnostics {
  RelocalizationOutcome outcome = RelocalizationOutcome::kTooFewFeatures;
  int features = 0;
  int features_with_depth = 0;
  int candidates = 0;
  double best_score = 0;  // bag-of-words, 0..1
  int matches = 0;
  // The hypothesis came from 3D-3D RANSAC (else PnP).
  bool rigid_hypothesis = false;
  int hypothesis_inliers = 0;
  int query_surface_points = 0;
  int refinement_keyframes = 0;
  // SurfaceAlignment's agreement at the final pose.
  int visible = 0;
  int agreeing = 0;
  double overlap = 0;
  double residual_metres = 0;
  double conditioning = 0;
  // How far depth refinement moved the hypothesis.
  double correction_metres = 0;
  double correction_degrees = 0;
  // Wall-clock per stage, milliseconds.
  double features_ms = 0;
  double retrieval_ms = 0;
  double matching_ms = 0;
  double ransac_ms = 0;
  double refinement_ms = 0;
  double total_ms = 0;
};

struct RelocalizationResult {
  bool found = false;
  // OpenCV camera axes; meaningful when found.
  Eigen::Isometry3d camera_from_world = Eigen::Isometry3d::Identity();
  // Feature correspondences that agree with the pose.
  int inliers = 0;
  // The keyframe holding most of those inliers, or -1.
  int64_t keyframe_id = -1;
  // Those inliers: the query's pixel and the map point's world position.
  std::vector<PointSighting> sightings;
  RelocalizationDiagnostics diagnostics;
};

class Relocalizer {
 public:
  // Checks options (StatusError naming the bad field).
  explicit Relocalizer(const RelocalizationOptions& options);

  // grey: CV_8UC1 of camera's size. depth: CV_16UC1 registered to grey
  // (units_per_metre > 0; 0 and 65535 mean no reading) or empty. database
  // must be indexed. Deterministic: the same input gives the same result.
  RelocalizationResult Query(const KeyframeDatabase& database,
                             const cv::Mat& grey, const cv::Mat& depth,
                             double units_per_metre,
                             const PinholeCamera& camera);

 private:
  // A pose hypothesis and the matches it was drawn from (indices into
  // matches_, and their map points in the world).
  struct MatchedHypothesis {
    bool found = false;
    PoseHypothesis pose;
    std::vector<int> used;
    std::vector<Eigen::Vector3d> world;
  };

  // Query()'s steps, in order.
  void ExtractFeatures(const cv::Mat& grey, const cv::Mat& depth,
                       double units_per_metre, const PinholeCamera& camera,
                       RelocalizationDiagnostics* diagnostics);
  // Ranks candidate keyframes and matches against their map points; false
  // when there is no candidate.
  bool MatchCandidates(const KeyframeDatabase& database,
                       RelocalizationDiagnostics* diagnostics);
  MatchedHypothesis HypothesizePose(
      const KeyframeDatabase& database, const PinholeCamera& camera,
      RelocalizationDiagnostics* diagnostics) const;
  static Eigen::Vector3d MatchedPoint(const KeyframeDatabase& database,
                                      const MapMatch& match);
  int64_t KeyframeWithMostInliers(const KeyframeDatabase& database,
                                  const MatchedHypothesis& hypothesis) const;
  void ListInlierSightings(const MatchedHypothesis& hypothesis,
                           std::vector<PointSighting>* out) const;
  // Aligns the query's depth to the surfaces of the keyframes near the
  // hypothesis, with its inliers that have depth.
  SurfaceAlignment RefineAgainstDepth(const KeyframeDatabase& database,
                                      const cv::Mat& depth,
                                      double units_per_metre,
                                      const PinholeCamera& camera,
                                      const MatchedHypothesis& hypothesis,
                                      RelocalizationDiagnostics* diagnostics);

  RelocalizationOptions options_;
  FeatureExtractor extractor_;
  // Reused from query to query.
  FrameFeatures features_;
  QueryWords words_;
  std::vector<MapMatch> matches_;
  std::vector<Eigen::Vector3f> query_points_;
};

}  // namespace vc
