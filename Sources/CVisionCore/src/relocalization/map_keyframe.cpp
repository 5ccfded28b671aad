#include "relocalization/map_keyframe.h"

#include <cstring>

namespace vc {

MapKeyframe DescribeKeyframe(const KeyframeView& view,
                             const RelocalizationOptions& options,
                             FeatureExtractor* extractor) {
  const cv::Mat& grey = view.grey;
  const cv::Mat& depth = view.depth;
  const double units_per_metre = view.units_per_metre;
  const PinholeCamera& camera = view.camera;
  const Eigen::Isometry3d& camera_from_world = view.camera_from_world;
  MapKeyframe result;
  Keyframe& keyframe = result.keyframe;
  keyframe.id = view.id;
  keyframe.timestamp_ns = view.timestamp_ns;
  keyframe.camera_from_world = camera_from_world;
  FrameFeatures features;
  extractor->Extract(grey, depth, units_per_metre, camera, &features);
  const Eigen::Isometry3f world_from_camera =
      camera_from_world.inverse().cast<float>();
  int kept = 0;
  for (const Eigen::Vector3f& p : features.camera_points) kept += p.z() > 0;
  keyframe.descriptors.create(kept, features.descriptors.cols, CV_8U);
  for (size_t k = 0; k < features.keypoints.size(); ++k) {
    const Eigen::Vector3f& p = features.camera_points[k];
    if (!(p.z() > 0)) continue;
    std::memcpy(keyframe.descriptors.ptr<uint8_t>(int(keyframe.points.size())),
                features.descriptors.ptr<uint8_t>(int(k)),
                features.descriptors.cols);
    keyframe.keypoints.push_back(features.keypoints[k]);
    keyframe.points.push_back(world_from_camera * p);
  }
  result.surface = SampleSurface(
      depth, units_per_metre, camera, camera_from_world,
      ScaledStep(options.surface_step_pixels, camera.width), options);
  return result;
}

}  // namespace vc
