#include "relocalization/loop_closer.h"

#include <algorithm>
#include <cmath>
#include <unordered_map>

#include "common/angles.h"
#include "common/rotation_angle.h"

namespace vc {
namespace {

// Edge uncertainties: consecutive keyframes and loops are trusted alike, so
// a loop's error is spread evenly along the path that made it.
constexpr double kTranslationSigmaMetres = 0.01;
constexpr double kHeadingSigmaRadians = 0.005;
constexpr int kGraphIterations = 10;
// A loop that would move the query less than this is not closed (nor
// kept): a loop's own measurement scatters by a few millimetres and a few
// tenths of a degree between keyframes (synthetic orbit: 1-6 mm, 0.02-0.3
// degrees on keyframes the tracker had already re-found), so closing such
// loops only adds their noise; a tracker that re-finds an old place's points
// keeps its drift below this anyway.
constexpr double kSmallestCorrectionMetres = 0.008;
constexpr double kSmallestCorrectionDegrees = 0.4;
// Two consecutive keyframes that see the same place find the same
// correction, give or take what the tracker drifts between them and what a
// loop's own measurement scatters (the few millimetres above).
constexpr double kConfirmingMetres = 0.01;
constexpr double kConfirmingDegrees = 0.5;
// After the optimisation no edge may be off by more than this many sigma: a
// correction the graph cannot spread along the path is a wrong loop.
constexpr double kMaxEdgeSigmas = 3.0;

// The largest whitened error of any edge, after the optimisation.
double LargestEdgeError(const std::vector<PoseGraphEdge>& edges,
                        const std::vector<PoseGraphNode>& nodes) {
  double largest = 0;
  for (const PoseGraphEdge& edge : edges) {
    const PoseGraphEdge now = EdgeBetween(nodes[edge.from].world_from_camera,
                                          nodes[edge.to].world_from_camera);
    const double translation =
        (now.translation - edge.translation).norm() * edge.translation_weight;
    const double heading =
        std::abs(std::remainder(now.heading - edge.heading, 2 * kPi)) *
        edge.heading_weight;
    largest = std::max({largest, translation, heading});
  }
  return largest;
}

PoseGraphEdge Weighted(PoseGraphEdge edge) {
  edge.translation_weight = 1.0 / kTranslationSigmaMetres;
  edge.heading_weight = 1.0 / kHeadingSigmaRadians;
  return edge;
}

}  // namespace

LoopCloser::LoopCloser(const RelocalizationOptions& relocalization,
                       const LoopDetectionOptions& options)
    : relocalization_(relocalization), options_(options) {}

void LoopCloser::BuildGraph(const std::vector<MapKeyframe>& keyframes,
                            const MapKeyframe& query,
                            const MapCorrection& correction,
                            std::vector<PoseGraphNode>* nodes,
                            std::vector<PoseGraphEdge>* edges) {
  // Nodes: the keyframes in order, then the query.
  const int count = static_cast<int>(keyframes.size()) + 1;
  std::unordered_map<int64_t, int> node_of_id;
  nodes->assign(count, PoseGraphNode());
  for (int k = 0; k < count; ++k) {
    const Keyframe& keyframe =
        k + 1 < count ? keyframes[k].keyframe : query.keyframe;
    (*nodes)[k].world_from_camera = keyframe.camera_from_world.inverse();
    node_of_id[keyframe.id] = k;
  }
  edges->clear();
  for (int k = 0; k + 1 < count; ++k) {
    PoseGraphEdge e = Weighted(EdgeBetween((*nodes)[k].world_from_camera,
                                           (*nodes)[k + 1].world_from_camera));
    e.from = k;
    e.to = k + 1;
    edges->push_back(e);
  }
  // Loops to culled keyframes constrain nothing any more.
  loops_.erase(std::remove_if(loops_.begin(), loops_.end(),
                              [&](const LoopEdge& l) {
                                return !node_of_id.count(l.from_id) ||
                                       !node_of_id.count(l.to_id);
                              }),
               loops_.end());
  std::vector<LoopEdge> loops = loops_;
  loops.push_back(LoopEdge{correction.loop_from_id, correction.loop_to_id,
                           correction.loop_edge});
  for (const LoopEdge& l : loops) {
    PoseGraphEdge e = l.measurement;
    e.from = node_of_id[l.from_id];
    e.to = node_of_id[l.to_id];
    edges->push_back(e);
  }
}

MapCorrection LoopCloser::Check(
    const KeyframeDatabase& database, const MapKeyframe& query,
    const std::vector<Eigen::Vector3f>& query_points) {
  MapCorrection correction;
  const std::vector<MapKeyframe>& keyframes = database.keyframes();
  correction.detection =
      DetectLoop(database, query, query_points, relocalization_, options_);
  const LoopDetection& loop = correction.detection;
  const bool found = loop.outcome == LoopOutcome::kFound;
  const Eigen::Isometry3d at_query =
      loop.camera_from_world.inverse() * query.keyframe.camera_from_world;
  const bool confirmed = Confirmed(at_query, found);
  if (!found) return correction;
  if (loop.correction_metres < kSmallestCorrectionMetres &&
      loop.correction_degrees < kSmallestCorrectionDegrees) {
    correction.detection.outcome = LoopOutcome::kNegligible;
    return correction;
  }
  if (!confirmed) {
    correction.detection.outcome = LoopOutcome::kUnconfirmed;
    return correction;
  }
  loops_.reserve(loops_.size() + 1);
  const Keyframe& loop_from = keyframes[loop.keyframe].keyframe;
  correction.loop_from_id = loop_from.id;
  correction.loop_to_id = query.keyframe.id;
  correction.loop_edge = Weighted(EdgeBetween(
      loop_from.camera_from_world.inverse(), loop.camera_from_world.inverse()));

  const int count = static_cast<int>(keyframes.size()) + 1;
  std::vector<PoseGraphNode> nodes;
  std::vector<PoseGraphEdge> edges;
  BuildGraph(keyframes, query, correction, &nodes, &edges);
  const std::vector<PoseGraphNode> before = nodes;
  correction.graph = OptimizePoseGraph(edges, 0, kGraphIterations, &nodes);
  // The graph must come to agree with the new loop and keep agreeing with
  // every other edge (each within three sigma), without getting worse
  // overall; else the loop contradicts the path or the other loops.
  if (!(correction.graph.final_cost <= correction.graph.initial_cost) ||
      LargestEdgeError(edges, nodes) > kMaxEdgeSigmas) {
    correction.detection.outcome = LoopOutcome::kInconsistent;
    return correction;
  }
  correction.keyframes.resize(count);
  for (int k = 0; k < count; ++k) {
    correction.keyframes[k] =
        nodes[k].world_from_camera * before[k].world_from_camera.inverse();
  }
  correction.applied = true;
  return correction;
}

bool LoopCloser::Confirmed(const Eigen::Isometry3d& correction, bool found) {
  const bool agrees =
      previous_found_ && found &&
      (correction.translation() - previous_correction_.translation()).norm() <=
          kConfirmingMetres &&
      RotationDegrees(correction.linear() *
                      previous_correction_.linear().transpose()) <=
          kConfirmingDegrees;
  previous_found_ = found;
  previous_correction_ = correction;
  return agrees;
}

void LoopCloser::Accept(const MapCorrection& correction) noexcept {
  if (correction.detection.outcome != LoopOutcome::kFound) return;
  loops_.push_back(LoopEdge{correction.loop_from_id, correction.loop_to_id,
                            correction.loop_edge});
  ++loops_closed_;
}

}  // namespace vc
