// A keyframe as relocalization keeps it: a described Keyframe (pose, ORB
// descriptors and the world point of each) plus its depth as a coarse
// surface, which the query's depth is aligned against. Plain data.
#pragma once

#include <Eigen/Geometry>
#include <cstdint>
#include <opencv2/core.hpp>
#include <vector>

#include "common/pinhole_camera.h"
#include "relocalization/depth_surface.h"
#include "relocalization/frame_features.h"
#include "relocalization/relocalization_options.h"
#include "tracking/keyframe.h"
#include "tracking/point_sighting.h"

namespace vc {

struct MapKeyframe {
  Keyframe keyframe;
  // Empty when the keyframe had no depth.
  DepthSurface surface;
};

// A frame with known pose, as it joins the keyframe map. depth: CV_16UC1
// registered to grey, units_per_metre > 0.
struct KeyframeView {
  int64_t id = 0;
  int64_t timestamp_ns = 0;
  cv::Mat grey;
  cv::Mat depth;
  double units_per_metre = 0;
  PinholeCamera camera;
  Eigen::Isometry3d camera_from_world = Eigen::Isometry3d::Identity();
  // Without depth: the map points the tracker followed into the frame.
  std::vector<PointSighting> sightings;
};

// Describes a frame as a keyframe: features from extractor (only those with
// a world point are kept, since a keyframe's features are map points:
// trustworthy depth under them, or without depth the depth of a map point
// the tracker saw next to them), and the depth surface (empty without
// depth).
MapKeyframe DescribeKeyframe(const KeyframeView& view,
                             const RelocalizationOptions& options,
                             FeatureExtractor* extractor);

}  // namespace vc
