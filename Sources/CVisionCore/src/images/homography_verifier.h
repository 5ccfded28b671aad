// Geometric verification of a candidate reference in a view: a homography
// fitted with RANSAC (fixed seed) to the retrieved matches, then refined
// twice: guided matching of all the reference's points near where the
// homography puts them, and optical flow between the reference warped into
// the view and the view itself, which gives sub-pixel correspondences.
#pragma once

#include <optional>

#include "images/image_observation.h"
#include "images/reference_database.h"
#include "images/reference_image.h"
#include "images/view_features.h"

namespace vc {

struct VerificationOptions {
  int min_inliers = 15;
  // How many retrieved matches must agree on the first homography; guided
  // matching must then find min_inliers. A picture coming into view, or
  // small in a photo, shows a few dozen points, so fewer than min_inliers
  // may start a verification; one started on fewer is accepted only when
  // the flow refinement confirms it.
  int min_coarse_inliers = 8;
  // Refine with optical flow (costs a warp of the image's outline).
  bool refine_with_flow = true;
  // Accept only what the flow refinement confirms: a session follows a
  // found picture from its first homography on, so a rough one would be
  // followed (and its pose reported) until the next re-alignment.
  bool require_flow_refinement = false;
};

// The reference's homography into the view, or nothing when the matches
// do not support one a camera could see.
std::optional<ImageObservation> VerifyCandidate(
    const ReferenceImage& reference, const Candidate& candidate,
    const ViewFeatures& view, const VerificationOptions& options);

// Fits a homography to correspondences with RANSAC (seeded) and refines it
// on the inliers. Returns false when fewer than 4 points agree; inliers
// (may be NULL) receives one flag per correspondence.
bool FitHomography(const std::vector<cv::Point2f>& from,
                   const std::vector<cv::Point2f>& to, double threshold,
                   cv::Matx33d* h, std::vector<uint8_t>* inliers);

// How RefineWithFlow works: a homography from matching is off by a few
// pixels and takes two rounds of warping and following; one already
// followed frame to frame is nearly right and one round on fewer points
// re-aligns it for about a third of the cost.
struct FlowRefinement {
  int iterations = 2;
  int max_points = 150;
};

// Refines h by following the reference's track points with optical flow
// from the reference warped into the view by h to the view. Returns false
// (and leaves h) when too few points follow.
bool RefineWithFlow(const ReferenceImage& reference, const cv::Mat& view_gray,
                    cv::Matx33d* h,
                    const FlowRefinement& refinement = FlowRefinement());

}  // namespace vc
