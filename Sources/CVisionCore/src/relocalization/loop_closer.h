// Loop closure over the keyframe map: each keyframe that joins the map is
// checked for a loop (loop_detector.h); a verified loop becomes an edge of a
// pose graph over all keyframes (pose_graph.h) beside the edges between
// consecutive keyframes, the graph is optimised with the oldest keyframe
// fixed, and the result is each keyframe's correction. Loops found earlier
// stay in the graph, so a later loop does not undo them. A loop is closed
// only when two consecutive keyframes find the same correction (as
// ORB-SLAM asks consecutive keyframes to agree), and only when the graph
// absorbs it with every edge within three sigma. Plain data, no threads:
// deterministic.
#pragma once

#include <Eigen/Geometry>
#include <cstdint>
#include <vector>

#include "relocalization/keyframe_database.h"
#include "relocalization/loop_detector.h"
#include "relocalization/pose_graph.h"
#include "relocalization/relocalization_options.h"

namespace vc {

struct MapCorrection {
  LoopDetection detection;
  // A loop was found and moves the map by more than the smallest correction
  // worth applying.
  bool applied = false;
  PoseGraphSummary graph;
  // new_world_from_old of each keyframe of the database (keyframes()
  // order), then of the query, when applied.
  std::vector<Eigen::Isometry3d> keyframes;
  // The loop as a graph edge between keyframe ids, for Accept().
  int64_t loop_from_id = -1;
  int64_t loop_to_id = -1;
  PoseGraphEdge loop_edge;
};

class LoopCloser {
 public:
  LoopCloser(const RelocalizationOptions& relocalization,
             const LoopDetectionOptions& options);

  // Checks query, the keyframe about to join the database (query_points:
  // its depth samples, camera frame), and when it closes a loop optimises
  // the graph. Changes nothing but the correction it remembers for the next
  // query's confirmation (so call it once per query keyframe, in order):
  // Accept() keeps the loop once the keyframe has joined, and the caller
  // moves what the corrections move.
  MapCorrection Check(const KeyframeDatabase& database,
                      const MapKeyframe& query,
                      const std::vector<Eigen::Vector3f>& query_points);
  // Keeps correction's loop, if it found one, for later optimisations.
  // Does not allocate (Check() reserved the room).
  void Accept(const MapCorrection& correction) noexcept;

  int loops_closed() const { return loops_closed_; }

 private:
  struct LoopEdge {
    int64_t from_id = 0;
    int64_t to_id = 0;
    PoseGraphEdge measurement;
  };

  // The pose graph of the keyframes in order, then the query: edges
  // between neighbours, the loops kept and correction's new one. Forgets
  // the kept loops whose keyframes were culled.
  void BuildGraph(const std::vector<MapKeyframe>& keyframes,
                  const MapKeyframe& query, const MapCorrection& correction,
                  std::vector<PoseGraphNode>* nodes,
                  std::vector<PoseGraphEdge>* edges);

  // Whether correction (new_world_from_old at the query) repeats what the
  // previous query keyframe found, and remembers it for the next one.
  bool Confirmed(const Eigen::Isometry3d& correction, bool found);

  RelocalizationOptions relocalization_;
  LoopDetectionOptions options_;
  std::vector<LoopEdge> loops_;
  int loops_closed_ = 0;
  // The correction the previous query keyframe found, if it found one.
  bool previous_found_ = false;
  Eigen::Isometry3d previous_correction_ = Eigen::Isometry3d::Identity();
};

}  // namespace vc
