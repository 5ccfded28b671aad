#include "images/image_recognizer.h"

#include <algorithm>

#include "common/stable_sort.h"
#include "images/homography_verifier.h"
#include "images/image_pose.h"

namespace vc {

ImageRecognizer::ImageRecognizer(const RecognitionOptions& options)
    : options_(options),
      describer_(options.view_features, options.view_levels,
                 options.fast_thresholds) {}

std::vector<ImageObservation> ImageRecognizer::Recognize(
    const ReferenceDatabase& database, const cv::Mat& gray,
    const PinholeCamera& camera, const std::vector<bool>& skip) {
  describer_.Describe(gray, &view_);
  std::vector<ImageObservation> found;
  if (view_.keypoints.empty()) return found;
  const std::vector<Candidate> candidates =
      database.Retrieve(view_.descriptors, options_.min_inliers, skip);
  VerificationOptions verification;
  verification.min_inliers = options_.min_inliers;
  verification.refine_with_flow = options_.refine_with_flow;
  verification.min_coarse_inliers = options_.min_coarse_inliers;
  verification.require_flow_refinement = options_.require_flow_refinement;
  const int tries =
      std::min<int>(options_.max_candidates, int(candidates.size()));
  for (int c = 0; c < tries; ++c) {
    const ReferenceImage& reference =
        database.references()[candidates[c].reference_index];
    std::optional<ImageObservation> observation =
        VerifyCandidate(reference, candidates[c], view_, verification);
    if (!observation) continue;
    observation->camera_from_image =
        CameraFromImage(reference, observation->homography, camera);
    found.push_back(*observation);
  }
  StableSort(&found, [](const ImageObservation& a, const ImageObservation& b) {
    return a.score > b.score;
  });
  view_.gray = cv::Mat();
  return found;
}

}  // namespace vc
