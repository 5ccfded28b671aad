// Recognition of reference images in one view: the view's ORB points,
// candidates from the database's index, and geometric verification of the
// best few.
#pragma once

#include <vector>

#include "common/pinhole_camera.h"
#include "images/image_observation.h"
#include "images/reference_database.h"
#include "images/view_features.h"

namespace vc {

struct RecognitionOptions {
  int view_features = 500;
  // References are described over 8 scales down to 1/3.6, which meet a
  // picture smaller in view than its working size; the view's own scales
  // are needed only for pictures seen larger than that. Three (to 1/1.44)
  // find the scenario's posters as early as six did, and ORB's cost
  // (mostly FAST on each level) falls from about 5.5 to 4 ms per frame.
  int view_levels = 3;
  // FAST's threshold for the view's corners (see ViewDescriber); OpenCV's
  // fixed 20 unless set.
  FastThresholds fast_thresholds;
  int max_candidates = 3;
  int min_inliers = 15;
  int min_coarse_inliers = 8;
  bool refine_with_flow = true;
  bool require_flow_refinement = false;
};

class ImageRecognizer {
 public:
  explicit ImageRecognizer(const RecognitionOptions& options);

  // The references found in gray, best score first; references flagged in
  // skip (indexed by reference, may be empty) are not looked for. Each
  // observation carries its pose for camera.
  std::vector<ImageObservation> Recognize(const ReferenceDatabase& database,
                                          const cv::Mat& gray,
                                          const PinholeCamera& camera,
                                          const std::vector<bool>& skip);

 private:
  RecognitionOptions options_;
  ViewDescriber describer_;
  ViewFeatures view_;
};

}  // namespace vc
