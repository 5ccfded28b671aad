#include "planes/scene_up_estimator.h"

#include <algorithm>
#include <cmath>

#include "common/angles.h"
#include "common/conventions.h"
#include "common/stable_sort.h"

namespace vc {

namespace {

// Planes smaller than this say little about the room's directions (a book's
// cover, a box side); the largest few of each frame are enough.
constexpr double kMinSegmentArea = 0.04;
constexpr int kSegmentsPerFrame = 6;
constexpr size_t kWindow = 1024;
// Normals of one room direction seen from depth agree within a few
// degrees; 10 keeps a floor seen from afar in its cluster while a sloped
// sofa back or a ramp stays out.
constexpr double kClusterDegrees = 10.0;
// Floor-like area (square metres, summed over frames) before deciding:
// about a square metre of floor seen in two frames, or a table top in five.
constexpr double kMinFloorArea = 1.5;
constexpr int kMinFrames = 5;
// The best candidate must score at least twice its strongest rival.
constexpr double kMinConfidence = 2.0 / 3.0;
constexpr size_t kRotationWindow = 256;
// A handheld AR camera looks a little down most of the time: its pitch is
// weighed by a bell centred at -15 degrees, 35 degrees wide (one sigma),
// never below kFloorWeight (a camera pointed straight down at a floor is
// unusual, not impossible).
constexpr double kTypicalPitchDegrees = -15.0;
constexpr double kPitchSigmaDegrees = 35.0;
// Roll: up within this many degrees of an image axis is fully plausible;
// beyond, the weight falls linearly to kFloorWeight at 45 degrees.
constexpr double kUprightRollDegrees = 15.0;
constexpr double kFloorWeight = 0.2;
// Turns smaller than this say nothing of the axis (hand jitter).
constexpr double kMinTurnDegrees = 4.0;

// Appends to a window of at most capacity values, overwriting the oldest
// (at *next) once full.
template <typename T>
void PushToWindow(const T& value, size_t capacity, std::vector<T>* window,
                  size_t* next) {
  if (window->size() < capacity) {
    window->push_back(value);
  } else {
    (*window)[*next] = value;
    *next = (*next + 1) % capacity;
  }
}

}  // namespace

void SceneUpEstimator::Add(const std::vector<PlaneSegment>& segments,
                           const Eigen::Isometry3d& world_from_opencv_camera) {
  const Eigen::Matrix3d& rotation = world_from_opencv_camera.linear();
  int taken = 0;
  // Segments come largest first.
  for (const PlaneSegment& segment : segments) {
    if (taken == kSegmentsPerFrame || segment.area < kMinSegmentArea) break;
    PushToWindow(
        Observation{(rotation * segment.normal).normalized(), segment.area},
        kWindow, &observations_, &next_slot_);
    ++taken;
  }
  const Eigen::Matrix3d world_from_camera = WorldFromArkitCamera(rotation);
  if (frames_ == 0) first_rotation_ = world_from_camera;
  PushToWindow(world_from_camera, kRotationWindow, &rotations_,
               &next_rotation_slot_);
  ++frames_;
}

std::vector<SceneUpEstimator::Cluster> SceneUpEstimator::Clusters() const {
  // Greedy: each observation joins the first cluster within kClusterDegrees
  // of it (largest first, so big planes seed the clusters), and a cluster's
  // direction is its members' area-weighted mean normal.
  std::vector<const Observation*> order;
  order.reserve(observations_.size());
  for (const Observation& o : observations_) order.push_back(&o);
  StableSort(&order, [](const Observation* a, const Observation* b) {
    return a->area > b->area;
  });
  const double join = std::cos(Radians(kClusterDegrees));
  std::vector<Cluster> clusters;
  std::vector<Eigen::Vector3d> sums;
  for (const Observation* o : order) {
    bool joined = false;
    for (size_t k = 0; k < clusters.size() && !joined; ++k) {
      if (clusters[k].direction.dot(o->normal) >= join) {
        sums[k] += o->area * o->normal;
        clusters[k].area += o->area;
        clusters[k].direction = sums[k].normalized();
        joined = true;
      }
    }
    if (!joined) {
      clusters.push_back({o->normal, o->area});
      sums.push_back(o->area * o->normal);
    }
  }
  return clusters;
}

double SceneUpEstimator::PosePlausibility(const Eigen::Vector3d& up) const {
  double sum = 0;
  for (const Eigen::Matrix3d& world_from_camera : rotations_) {
    const Eigen::Vector3d up_in_camera = world_from_camera.transpose() * up;
    // The camera looks down -Z: its pitch is the view's angle above the
    // horizon.
    const double pitch =
        Degrees(std::asin(std::clamp(-up_in_camera.z(), -1.0, 1.0)));
    const double p = (pitch - kTypicalPitchDegrees) / kPitchSigmaDegrees;
    const double pitch_weight = std::max(kFloorWeight, std::exp(-0.5 * p * p));
    // Roll: how far up, seen in the image plane, is from the nearest image
    // axis (0..45 degrees). Looking straight up or down, roll is undefined.
    double roll_weight = 1.0;
    const double in_plane = std::hypot(up_in_camera.x(), up_in_camera.y());
    if (in_plane > 0.2) {
      const double angle =
          Degrees(std::atan2(up_in_camera.y(), up_in_camera.x()));
      const double off_axis = std::abs(angle - 90.0 * std::round(angle / 90));
      roll_weight = off_axis <= kUprightRollDegrees
                        ? 1.0
                        : 1.0 - (1.0 - kFloorWeight) *
                                    (off_axis - kUprightRollDegrees) /
                                    (45.0 - kUprightRollDegrees);
    }
    sum += pitch_weight * roll_weight;
  }
  return rotations_.empty() ? 0.0 : sum / rotations_.size();
}

double SceneUpEstimator::TurnPlausibility(const Eigen::Vector3d& up) const {
  if (rotations_.empty()) return 1.0;
  const Eigen::Matrix3d& latest =
      rotations_[(next_rotation_slot_ + rotations_.size() - 1) %
                 rotations_.size()];
  // The turn from the first frame to the latest, in world axes.
  const Eigen::AngleAxisd turn(latest * first_rotation_.transpose());
  if (std::abs(turn.angle()) < Radians(kMinTurnDegrees)) return 1.0;
  return 0.5 + 0.5 * std::abs(turn.axis().dot(up));
}

SceneUpDecision SceneUpEstimator::Decide() const {
  SceneUpDecision decision;
  const std::vector<Cluster> clusters = Clusters();
  if (clusters.empty()) return decision;
  const double same = std::cos(Radians(kClusterDegrees));

  // Each cluster's direction as a candidate for up.
  std::vector<double> scores(clusters.size(), 0.0);
  std::vector<double> floor_areas(clusters.size(), 0.0);
  for (size_t c = 0; c < clusters.size(); ++c) {
    const Eigen::Vector3d& up = clusters[c].direction;
    for (const Cluster& other : clusters) {
      if (other.direction.dot(up) >= same) floor_areas[c] += other.area;
    }
    scores[c] = floor_areas[c] * PosePlausibility(up) * TurnPlausibility(up);
  }
  const size_t best = static_cast<size_t>(
      std::max_element(scores.begin(), scores.end()) - scores.begin());
  double rival = 0;
  for (size_t c = 0; c < clusters.size(); ++c) {
    // Clusters within the best's cone are the same direction split in two.
    if (clusters[c].direction.dot(clusters[best].direction) < same) {
      rival = std::max(rival, scores[c]);
    }
  }
  decision.confidence =
      scores[best] > 0 ? scores[best] / (scores[best] + rival) : 0.0;
  // Up refined as the area-weighted mean of every floor-like normal.
  Eigen::Vector3d up = Eigen::Vector3d::Zero();
  for (const Observation& o : observations_) {
    if (o.normal.dot(clusters[best].direction) >= same) up += o.area * o.normal;
  }
  decision.up = up.normalized();
  decision.decided = frames_ >= kMinFrames &&
                     floor_areas[best] >= kMinFloorArea &&
                     decision.confidence >= kMinConfidence;
  return decision;
}

}  // namespace vc
