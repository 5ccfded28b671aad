#include "relocalization/map_keyframe.h"

#include <algorithm>
#include <cstring>

namespace vc {
namespace {

// A feature without depth takes its depth from the map point the tracker saw
// within this many pixels of it (scaled with its pyramid level): the
// tracker's corners and ORB's are found apart, and many lie within a pixel
// or two of each other. The points a wrong pairing gives are refused later,
// by relocalization's consensus and by the tracker's own check of what it
// is handed.
constexpr float kSightingRadiusPx = 2.0f;
// ORB's patch at the pyramid's full-resolution level.
constexpr float kBasePatchSize = 31.0f;

// The nearest sighting within reach of keypoint, or -1.
int NearestSighting(const cv::KeyPoint& keypoint,
                    const std::vector<PointSighting>& sightings) {
  const float reach =
      kSightingRadiusPx * std::max(1.0f, keypoint.size / kBasePatchSize);
  float best = reach * reach;
  int nearest = -1;
  for (size_t s = 0; s < sightings.size(); ++s) {
    const cv::Point2f d = sightings[s].pixel - keypoint.pt;
    const float squared = d.dot(d);
    if (squared <= best) {
      best = squared;
      nearest = static_cast<int>(s);
    }
  }
  return nearest;
}

// Each feature's world point: lifted with depth where the view has it,
// else the map point seen at it; has_point[k] says whether there is one.
void LocateFeatures(const KeyframeView& view, const FrameFeatures& features,
                    std::vector<Eigen::Vector3f>* world,
                    std::vector<uint8_t>* has_point) {
  const size_t count = features.keypoints.size();
  world->assign(count, Eigen::Vector3f::Zero());
  has_point->assign(count, 0);
  const Eigen::Isometry3f world_from_camera =
      view.camera_from_world.inverse().cast<float>();
  for (size_t k = 0; k < count; ++k) {
    const Eigen::Vector3f& p = features.camera_points[k];
    if (p.z() > 0) {
      (*world)[k] = world_from_camera * p;
      (*has_point)[k] = 1;
      continue;
    }
    if (!view.depth.empty()) continue;
    const cv::Point2f& pixel = features.keypoints[k].pt;
    const int s = NearestSighting(features.keypoints[k], view.sightings);
    if (s < 0) continue;
    // The sighting's depth along the feature's own ray: a neighbour on the
    // same surface is at nearly the same depth, where its own position
    // would be pixels off.
    const double z = (view.camera_from_world * view.sightings[s].world).z();
    if (!(z > 0)) continue;
    (*world)[k] = world_from_camera *
                  view.camera.Unproject(pixel.x, pixel.y, z).cast<float>();
    (*has_point)[k] = 1;
  }
}

}  // namespace

MapKeyframe DescribeKeyframe(const KeyframeView& view,
                             const RelocalizationOptions& options,
                             FeatureExtractor* extractor) {
  MapKeyframe result;
  Keyframe& keyframe = result.keyframe;
  keyframe.id = view.id;
  keyframe.timestamp_ns = view.timestamp_ns;
  keyframe.camera_from_world = view.camera_from_world;
  FrameFeatures features;
  std::vector<Eigen::Vector3f> world;
  std::vector<uint8_t> has_point;
  extractor->Extract(view.grey, view.depth, view.units_per_metre, view.camera,
                     &features);
  LocateFeatures(view, features, &world, &has_point);
  int kept = 0;
  for (uint8_t has : has_point) kept += has;
  keyframe.descriptors.create(kept, features.descriptors.cols, CV_8U);
  for (size_t k = 0; k < features.keypoints.size(); ++k) {
    if (!has_point[k]) continue;
    std::memcpy(keyframe.descriptors.ptr<uint8_t>(int(keyframe.points.size())),
                features.descriptors.ptr<uint8_t>(int(k)),
                features.descriptors.cols);
    keyframe.keypoints.push_back(features.keypoints[k]);
    keyframe.points.push_back(world[k]);
  }
  result.surface = SampleSurface(
      view.depth, view.units_per_metre, view.camera, view.camera_from_world,
      ScaledStep(options.surface_step_pixels, view.camera.width), options);
  return result;
}

}  // namespace vc
