// Image recognition and tracking's tunables in C++ form, with the defaults and
// the validation that vc_image_options_t is checked against. The C header
// documents each field; the comments here say why the defaults are what they
// are.
#pragma once

#include "vision_core/vision_core.h"

namespace vc {

struct ImageOptions {
  // ARKit's default: following more images costs more per frame.
  int max_tracked_images = 4;
  // Every other frame: at 30 Hz an image is found within 2 frames of coming
  // into view while recognition costs half its run time per frame.
  int recognition_interval_frames = 2;
  // The best few candidates hold the true image when it is in view; each
  // verification costs a RANSAC homography.
  int max_candidates = 3;
  // 400 points over 3 scales of a 640x480 frame find a picture within two
  // frames of its covering a tenth of the view (the synthetic image
  // scenario; 300 take up to five); ORB on them costs under 3 ms.
  int query_features = 400;
  // Fewer agreeing correspondences happen by chance in clutter.
  int min_inliers = 15;
  // Enough points for a stable homography when a third of them is lost.
  int tracked_points = 60;

  static ImageOptions FromC(const vc_image_options_t& options);
  void ToC(vc_image_options_t* options) const;

  // Throws StatusError(VC_STATUS_INVALID_ARGUMENT) naming the bad field.
  void Check() const;
};

}  // namespace vc
