// The world's plane anchors, fused from each tracked frame's segments, like
// ARKit's plane anchors:
//
//  - a segment is moved to the world, kept if it is horizontal or vertical
//    (and that alignment is detected), and associated with the anchor of the
//    same alignment whose plane it lies on and whose seen region it overlaps
//    or touches; it then adds its points to the anchor's plane fit and its
//    footprint to the anchor's occupancy grid;
//  - an unmatched segment starts a candidate, which becomes an anchor (and
//    gets the next id) once it has been seen in three frames, covers
//    min_anchor_area and has two flat, level views that agree with its plane
//    and with each other, twice as many as the flat views that did not and
//    the views that saw through it (depth well behind its seen region: the
//    tops of relief seen from afar, which later views see past); a flat view
//    shows 0.35 m^2 at once, or, of a horizontal surface, 0.12 m^2 in one
//    compact piece, so that a chair's seat is gathered over its views;
//  - two anchors that turn out to be one surface merge (coplanar and
//    touching, or parallel within 8 cm and overlapping): the lower id absorbs
//    the other, which is reported as removed;
//  - extent and boundary come from the occupancy grid, the classification
//    from the geometry relative to gravity (see plane_classifier.h);
//  - an anchor's revision grows only with meaningful change.
//
// With gravity known, horizontal normals are exactly +-Y and vertical ones
// exactly horizontal, as ARKit reports them. Deterministic; not thread-safe.
#pragma once

#include <Eigen/Geometry>
#include <cstdint>
#include <vector>

#include "common/pinhole_camera.h"
#include "common/plane_options.h"
#include "planes/occupancy_grid.h"
#include "planes/plane_classifier.h"
#include "planes/plane_moments.h"
#include "planes/plane_segment.h"
#include "planes/view_weights.h"
#include "vision_core/vision_core.h"

namespace vc {

class PlaneMap {
 public:
  explicit PlaneMap(const PlaneOptions& options);

  // Starts a frame: clears the last frame's removals.
  void BeginFrame();

  // The world's unit changed (new = scale * old + offset; the IMU refined
  // a visual-inertial session's metres): each anchor moves as its centroid
  // does, keeping its shape and seen region, and is published again. The
  // refinements after the first metres are within a few percent, which
  // changes an anchor's size by a few millimetres a metre.
  void ScaleWorld(double scale, const Eigen::Vector3d& offset);

  // Fuses one frame's segments (OpenCV camera axes). world_from_camera is in
  // ARKit axes; gravity_known says whether world +Y is up. surface_points
  // are the frame's planar cell centroids (OpenCV camera axes), which the
  // candidates are checked against (PlaneSegmenter::planar_cell_centroids).
  void Integrate(const std::vector<PlaneSegment>& segments,
                 const std::vector<Eigen::Vector3d>& surface_points,
                 const PinholeCamera& camera,
                 const Eigen::Isometry3d& world_from_camera,
                 bool gravity_known);

  // Published anchors in order of id, and this frame's removals.
  const std::vector<vc_plane_anchor_t>& anchors() const { return published_; }
  const std::vector<vc_plane_anchor_removal_t>& removals() const {
    return removals_;
  }

  // Frames integrated so far: the clock anchors' last sightings are on.
  int64_t frame_index() const { return frame_index_; }

  // The map under the anchors was corrected (a loop closure): each anchor,
  // candidates too, moves rigidly by the mean of the corrections the
  // callback gives for the frames of its views, weighted as they weigh in
  // its plane fit (view_weights.h; new world from old, a turn about +Y and
  // a shift, so level planes stay level), keeping its seen region, and is
  // published again. No allocation beyond the published list's.
  template <typename CorrectionOfFrame>
  void MoveWorld(const CorrectionOfFrame& correction_of_frame) {
    for (Anchor& anchor : anchors_) {
      MoveAnchor(anchor.views.MeanCorrection(correction_of_frame), &anchor);
    }
    Publish();
  }

 private:
  struct Anchor {
    uint64_t id = 0;  // 0 while a candidate
    // Creation order, for candidates and deterministic tie-breaks.
    uint64_t serial = 0;
    vc_plane_alignment_t alignment = VC_PLANE_ALIGNMENT_HORIZONTAL;
    PlaneMoments moments;  // world points, weighted by area
    ViewWeights views;     // when those weights were seen
    Eigen::Vector3d normal = Eigen::Vector3d::UnitY();
    double offset = 0;
    // world_from_anchor: rotation columns x, normal, z; origin on the plane.
    Eigen::Isometry3d world_from_anchor = Eigen::Isometry3d::Identity();
    // What a horizontal anchor's x follows: world x, turned with the map by
    // corrections so that the seen region stays where it was.
    Eigen::Vector3d reference_x = Eigen::Vector3d::UnitX();
    OccupancyGrid grid;
    int frames_seen = 0;
    int64_t last_seen_frame = 0;
    bool seen_this_frame = false;
    // The largest area one flat view showed, and how many flat views there
    // were (see the .cpp): a candidate becomes an anchor only when single
    // views show enough of it, as flat as one surface.
    double best_segment_area = 0;
    int flat_views = 0;
    // Flat views that did not lie on the plane so far, and views whose
    // depth showed surfaces behind its seen region (see the .cpp).
    int stray_views = 0;
    int see_through_views = 0;
    // The normal of the last flat view, zero before the first.
    Eigen::Vector3d last_view_normal = Eigen::Vector3d::Zero();
    PlaneClass classification;
    bool removed = false;
    // What was last reported, and whether it must be recomputed.
    vc_plane_anchor_t snapshot{};
    bool dirty = true;
    // Recompute at the next Publish whatever the interval (new, merged,
    // reclassified), and the frame of the last recomputation.
    bool publish_now = true;
    int64_t published_frame = 0;
  };

  // A segment in the world, ready to associate.
  struct WorldSegment {
    vc_plane_alignment_t alignment = VC_PLANE_ALIGNMENT_HORIZONTAL;
    Eigen::Vector3d normal;
    double offset = 0;
    PlaneMoments moments;
    double area = 0;
    // The sensor's depth noise at the segment's centroid, metres.
    double depth_noise = 0;
    // Large, and as flat as the sensor's noise at its depth allows.
    bool flat_view = false;
    // Footprint quads' corners on the plane, world coordinates, 4 per quad.
    std::vector<Eigen::Vector3d> corners;
  };

  bool ToWorld(const PlaneSegment& segment, const PinholeCamera& camera,
               const Eigen::Isometry3d& world_from_opencv, bool gravity_known,
               WorldSegment* out) const;
  // The anchor the segment belongs to, or -1.
  int Associate(const WorldSegment& segment) const;
  void Fuse(const WorldSegment& segment, Anchor* anchor, bool gravity_known);
  void StartCandidate(const WorldSegment& segment, bool gravity_known);
  // Counts, for every candidate, whether this frame's surface points saw
  // through its seen region.
  void CheckCandidatesSeenThrough(
      const std::vector<Eigen::Vector3d>& surface_points,
      const Eigen::Isometry3d& world_from_opencv);
  void MarkFootprint(const std::vector<Eigen::Vector3d>& corners,
                     Anchor* anchor) const;
  void MergeTouchingAnchors(bool gravity_known);
  // Whether a and b are one surface: coplanar, and b's seen cells come
  // within the reach their agreement allows of a's (see the .cpp).
  bool OneSurface(const Anchor& a, const Anchor& b, bool gravity_known);
  // The gap between a's and b's seen cells, metres (0 when they touch),
  // or a value above limit once it is known to exceed it.
  double Gap(const Anchor& a, const Anchor& b, double limit);
  void Absorb(Anchor* survivor, Anchor* absorbed, bool gravity_known);
  void Classify(const Eigen::Vector3d& camera_position, bool gravity_known);
  // Decides one published anchor's class if it is still undetermined;
  // has_floor and floor_height follow a floor it decides.
  void ClassifyAnchor(Anchor* anchor, const Eigen::Vector3d& camera_position,
                      bool gravity_known, bool* has_floor,
                      double* floor_height);
  // The height of the lowest anchor classified floor, if there is one.
  bool LowestFloor(double* height) const;
  // What the classifier is told about an anchor.
  PlaneFacts FactsOf(const Anchor& anchor,
                     const Eigen::Vector3d& camera_position, bool has_floor,
                     double floor_height) const;
  // A candidate ready to publish that the classifier would call floor, and
  // that the next merge round would fold into a floor anchor as two floors,
  // joins that floor now: published, it would appear and vanish four frames
  // later (up to nine times in one synthetic orbit). Returns whether it did.
  bool JoinFloor(Anchor* candidate, const Eigen::Vector3d& camera_position,
                 bool gravity_known);
  // Recomputes extents and boundaries of dirty anchors and bumps revisions.
  void Publish();
  // Plane from the moments, snapped to gravity when known, normal kept on
  // the side it faced so far.
  void Refit(Anchor* anchor, bool gravity_known) const;
  void MoveAnchor(const Eigen::Isometry3d& new_world_from_old,
                  Anchor* anchor) const;

  PlaneOptions options_;
  std::vector<Anchor> anchors_;  // creation order; removed ones erased
  uint64_t next_id_ = 1;
  uint64_t next_serial_ = 1;
  int64_t frame_index_ = 0;
  // The frame merging last ran in.
  int64_t merge_frame_ = 0;
  std::vector<vc_plane_anchor_t> published_;
  std::vector<vc_plane_anchor_removal_t> removals_;
  // Scratch.
  std::vector<Eigen::Vector2d> centres_;
  struct GridProbe {
    int row = 0;
    int column = 0;
    double outside = 0;  // cells from the grid to the point, 0 inside it
  };
  std::vector<GridProbe> probes_;
  cv::Mat1b free_cells_;
  cv::Mat1f distance_;
  struct SurfaceRay {
    Eigen::Vector3d direction;  // unit, OpenCV camera axes
    double range = 0;
    // How far behind a plane the point must lie to see through it.
    double behind_limit = 0;
  };
  std::vector<SurfaceRay> rays_;
};

}  // namespace vc
