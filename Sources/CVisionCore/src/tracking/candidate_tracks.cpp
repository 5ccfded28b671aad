#include "tracking/candidate_tracks.h"

#include <algorithm>

namespace vc {

void FollowCandidates(const std::vector<CandidateTrack>& from,
                      FeatureTracker* flow, std::vector<CandidateTrack>* into) {
  into->clear();
  if (from.empty() || !flow->has_previous()) return;
  std::vector<cv::Point2f> previous;
  previous.reserve(from.size());
  for (const CandidateTrack& track : from) previous.push_back(track.pixel);
  std::vector<cv::Point2f> positions = previous;
  std::vector<uint8_t> ok;
  flow->Track(previous, &positions, &ok);
  for (size_t i = 0; i < from.size(); ++i) {
    if (!ok[i]) continue;
    into->push_back(from[i]);
    into->back().pixel = positions[i];
  }
}

void PromoteCandidates(const PinholeCamera& camera,
                       const Eigen::Isometry3d& camera_from_world,
                       const TriangulationLimits& limits,
                       std::vector<CandidateTrack>* tracks,
                       std::vector<PromotedCandidate>* promoted) {
  size_t kept = 0;
  for (size_t i = 0; i < tracks->size(); ++i) {
    const CandidateTrack& track = (*tracks)[i];
    const Eigen::Vector2d now(track.pixel.x, track.pixel.y);
    const double parallax =
        RayAngle(camera, track.origin_camera_from_world, track.origin_pixel,
                 camera_from_world, now);
    if (parallax < limits.min_parallax) {
      (*tracks)[kept++] = track;
      continue;
    }
    PromotedCandidate candidate;
    if (TriangulateTwoViews(camera, track.origin_camera_from_world,
                            track.origin_pixel, camera_from_world, now, limits,
                            &candidate.point)) {
      candidate.pixel = track.pixel;
      candidate.origin_ns = track.origin_ns;
      promoted->push_back(candidate);
    }
  }
  tracks->resize(kept);
}

int CountWithParallax(const PinholeCamera& camera,
                      const Eigen::Isometry3d& camera_from_world,
                      const std::vector<CandidateTrack>& tracks,
                      double min_parallax) {
  int count = 0;
  for (const CandidateTrack& track : tracks) {
    const Eigen::Vector2d now(track.pixel.x, track.pixel.y);
    if (RayAngle(camera, track.origin_camera_from_world, track.origin_pixel,
                 camera_from_world, now) >= min_parallax) {
      ++count;
    }
  }
  return count;
}

double MedianDisplacementPx(const std::vector<CandidateTrack>& tracks) {
  if (tracks.empty()) return 0;
  std::vector<double> distances;
  distances.reserve(tracks.size());
  for (const CandidateTrack& track : tracks) {
    distances.push_back(
        (Eigen::Vector2d(track.pixel.x, track.pixel.y) - track.origin_pixel)
            .norm());
  }
  auto middle = distances.begin() + distances.size() / 2;
  std::nth_element(distances.begin(), middle, distances.end());
  return *middle;
}

void ChangeCandidatesWorld(const Eigen::Isometry3d& new_world_from_old,
                           std::vector<CandidateTrack>* tracks) {
  const Eigen::Isometry3d old_from_new = new_world_from_old.inverse();
  for (CandidateTrack& track : *tracks) {
    track.origin_camera_from_world =
        track.origin_camera_from_world * old_from_new;
  }
}

}  // namespace vc
