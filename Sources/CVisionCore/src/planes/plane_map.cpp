#include "planes/plane_map.h"

#include <algorithm>
#include <cmath>
#include <opencv2/imgproc.hpp>

#include "common/angles.h"
#include "common/conventions.h"
#include "common/rotation_angle.h"
#include "planes/boundary_polygon.h"
#include "planes/plane_extent.h"

namespace vc {
namespace {

// Occupancy cells of 2.5 cm: fine enough for a chair's seat (a 45 cm
// square's extent IoU is 0.76 - 0.83 over five synthetic walks with 5 cm
// cells, 0.82 - 0.83 with 2.5 cm), coarse enough that a room's floor fits
// in about fifty thousand cells.
constexpr double kOccupancyCell = 0.025;
// A segment belongs to an anchor whose normal is within 10 degrees, whose
// plane passes within 5 cm of the segment's centroid, and whose seen region
// the segment overlaps or comes within 10 cm of.
constexpr double kAssociateAngleDegrees = 10.0;
constexpr double kAssociateDistance = 0.05;
constexpr double kAssociateReach = 0.10;
constexpr int kAssociateReachCells =
    static_cast<int>(kAssociateReach / kOccupancyCell + 0.5);
// Two anchors are one surface when within 5 degrees and 3 cm of each other's
// planes and their seen regions come as close as a segment may come to an
// anchor it joins: a segment that reaches both bridges them.
constexpr double kMergeAngleDegrees = 5.0;
constexpr double kMergeDistance = 0.03;
constexpr double kMergeReach = kAssociateReach;
// Two published anchors that agree more closely (2 degrees, 2 cm) are one
// surface across a gap of up to 60 cm: the floor on both sides of a table's
// leg or a chair, a table top split by the things on it.
constexpr double kGapMergeAngleDegrees = 2.0;
constexpr double kGapMergeDistance = 0.02;
constexpr double kGapMergeReach = 0.6;
// Two published anchors whose seen regions touch or overlap, within 2
// degrees, are one surface up to 8 cm apart: a far wall's first, noisy
// views can settle a few centimetres off the plane its nearer views find
// later, and two parallel surfaces that close, side by side, are rare.
constexpr double kOverlapMergeDistance = 0.08;
// There is one floor: upward planes within 4 cm of a floor's height join it
// wherever they are, and two anchors both classified floor (within the
// classifier's 10 cm of each other) are one, whatever drift set them apart.
constexpr double kFloorMergeDistance = 0.04;
constexpr double kFloorsMergeDistance = 0.10;
// Merging looks at the anchors every few frames (and candidates are
// promoted after it), not every frame: surfaces seen apart rarely join
// within a frame, and the checks cost time.
constexpr int kMergeInterval = 4;
// A candidate needs three frames, two of them flat views: segments that
// show 0.35 m^2 of it at once with an RMS residual within 0.8 sigma of the
// depth noise + 1.5 mm. A patchwork of small faces, each seen alone, or
// steps of a few centimetres far away, where the segmenter's noise bound
// lets them pass as one plane, is no surface (one plane's residual is about
// sigma or less). One unseen this long is forgotten.
constexpr int kFramesToPublish = 3;
constexpr int kFlatViewsToPublish = 2;
constexpr double kMinViewArea = 0.35;
constexpr double kFlatViewSigmas = 0.8;
constexpr double kFlatViewFloor = 0.0015;
// A flat view's normal is within 2 degrees of the alignment it claims
// (with gravity known): walls and floors are level to within a degree, and
// the tracker's gravity as close; tilted relief is not.
constexpr double kFlatViewTiltDegrees = 2.0;
constexpr double kLargeViewArea = 1.0;
constexpr double kLargeViewSigmas = 1.5;
// A smaller surface (a chair's seat, 0.2 m^2, of which one view shows
// 0.12 - 0.15 m^2 past the table) has flat views too: from 0.12 m^2, when
// the view is one compact piece, its area at least 85% of its footprint's
// convex hull. Relief that passes for flat in one view is a patchwork
// (tiles of one height meeting at a corner, box tops side by side) whose
// hull takes in the gaps between its pieces: at most 0.82 of it over 237
// such views of the synthetic clutter (seeds 1-12), against 0.90 - 0.97
// for the 155 views of the synthetic seat; and one 0.3 m tile shows at most
// 0.105 m^2. Small surfaces are horizontal ones: a seat, a stool or a shelf
// holds content; a chair's back or a door panel, flat enough to pass, does
// not.
constexpr double kSmallViewArea = 0.12;
constexpr double kSmallViewCompactness = 0.85;
// Views under 1 m^2 count as flat only where the depth noise over them is
// at most 2 cm RMS (about 3.6 m away with a Kinect-class sensor). Further
// away, the relief of a cluttered wall (tiles and blocks 6 - 24 cm proud of
// it) fits a plane as closely, against the noise, as a real wall does: a
// residual of 0.74 - 0.87 of the noise for the clutter's far walls, 0.61 -
// 0.86 for the synthetic room's. A real far wall is still found through
// its large views. Over room walks 1 - 8, orbits 1 - 4 and no-surface
// seeds 1 - 16, false anchors 9 -> 0; the one plane found later is room
// seed 1's far wall (0.47 s after it qualifies instead of 0.33 s before).
constexpr double kSmallViewMaxNoise = 0.02;
constexpr int kCandidateLifetimeFrames = 30;
// A flat view supports a candidate only when it lies on the candidate's
// plane as one surface seen again would: its centroid within 1.5 cm + half
// the depth noise of the plane, its normal within 3 degrees. Relief too
// fine for one view to resolve (blocks a few centimetres apart seen from
// metres away) passes as flat in each view but lands somewhere else each
// time; a candidate needs twice as many agreeing flat views as others.
constexpr double kConsistentDistance = 0.015;
constexpr double kConsistentSigmas = 0.5;
constexpr double kConsistentAngleDegrees = 3.0;
// A view sees through a candidate when at least 6 of its planar cells look
// at the candidate's seen region and over a quarter of them lie behind its
// plane by more than 2.5 sigma of the depth noise, or 4 cm where that is
// less. A cell centroid averages hundreds of pixels, so one surface's cells
// lie far closer; 4 cm allows for the drift between the views that built
// the plane and this one, and for a real sensor's bias near by. (Cells in
// front are things before the surface, not evidence against it.) The tops
// of relief seen at a grazing angle, or the blocks of a far wall whose
// steps its noise hides, pass as one plane in some views; others look past
// them at the faces behind.
constexpr int kSeeThroughMinCells = 6;
constexpr double kSeeThroughFraction = 0.25;
constexpr double kSeeThroughSigmas = 2.5;
constexpr double kSeeThroughFloor = 0.04;
// Rays meeting the plane at more than 80 degrees from its normal say
// little about where it is.
constexpr double kSeeThroughMinCosine = 0.17;
// Successive flat views of one surface see its normal within 1.5 degrees
// of each other (the tracker's frame-to-frame rotation error is far less).
constexpr double kSuccessiveViewDegrees = 1.5;
constexpr int kConsistencyRatio = 2;
// A changing anchor's extent and boundary are recomputed at most every
// 5 frames (at once when it is new, merged or reclassified).
constexpr int kPublishInterval = 5;
// Where a view's weight in an anchor's plane fit has halved (see ToWorld).
constexpr double kNoisyDepth = 2.0;
// Footprint rays meeting the plane further away than this are grazing.
constexpr double kMaxRayLength = 20.0;
// Upward planes this much lower than another count as lower.
constexpr double kLowerMargin = 0.05;
constexpr double kFloorMinArea = 1.0;
// Meaningful change: 1 cm or 1 degree of pose, 3% (at least 2 cm) of extent,
// 3% of area, 2 degrees of extent rotation, 5 cm of a boundary vertex.
constexpr double kRevisionTranslation = 0.01;
constexpr double kRevisionAngleDegrees = 1.0;
constexpr double kRevisionFraction = 0.03;
constexpr double kRevisionMinLength = 0.02;
constexpr double kRevisionExtentDegrees = 2.0;
constexpr double kRevisionVertex = 0.05;

Eigen::Vector2d PlaneCoordinates(const Eigen::Isometry3d& anchor_from_world,
                                 const Eigen::Vector3d& world) {
  const Eigen::Vector3d p = anchor_from_world * world;
  return {p.x(), p.z()};
}

// The area of the convex hull of points that lie on one plane with this
// normal.
double ConvexHullArea(const std::vector<Eigen::Vector3d>& points,
                      const Eigen::Vector3d& normal) {
  if (points.size() < 3) return 0;
  const Eigen::Vector3d a = normal.unitOrthogonal();
  const Eigen::Vector3d b = normal.cross(a);
  // OpenCV's hull takes float points: micrometres at room scale.
  std::vector<cv::Point2f> projected;
  projected.reserve(points.size());
  for (const Eigen::Vector3d& point : points) {
    projected.emplace_back(static_cast<float>(point.dot(a)),
                           static_cast<float>(point.dot(b)));
  }
  std::vector<cv::Point2f> hull;
  cv::convexHull(projected, hull);
  return cv::contourArea(hull);
}

bool Changed(double before, double after) {
  return std::abs(after - before) >
         std::max(kRevisionMinLength, kRevisionFraction * std::abs(before));
}

bool Meaningful(const vc_plane_anchor_t& before,
                const vc_plane_anchor_t& after) {
  if (before.classification != after.classification ||
      before.classification_status != after.classification_status ||
      before.alignment != after.alignment) {
    return true;
  }
  const Eigen::Matrix4d a = Matrix4dFromColumnMajor(before.world_from_anchor);
  const Eigen::Matrix4d b = Matrix4dFromColumnMajor(after.world_from_anchor);
  if ((a.block<3, 1>(0, 3) - b.block<3, 1>(0, 3)).norm() >
      kRevisionTranslation) {
    return true;
  }
  const Eigen::Matrix3d relative =
      a.topLeftCorner<3, 3>().transpose() * b.topLeftCorner<3, 3>();
  if (RotationDegrees(relative) > kRevisionAngleDegrees) return true;
  if (Changed(before.extent_width, after.extent_width) ||
      Changed(before.extent_height, after.extent_height) ||
      std::abs(after.area - before.area) >
          kRevisionFraction * std::abs(before.area) ||
      std::abs(after.extent_rotation_on_y_axis -
               before.extent_rotation_on_y_axis) >
          Radians(kRevisionExtentDegrees)) {
    return true;
  }
  const Eigen::Vector2d center_before(before.center[0], before.center[2]);
  const Eigen::Vector2d center_after(after.center[0], after.center[2]);
  if ((center_after - center_before).norm() > kRevisionMinLength) return true;
  if (before.boundary_vertex_count != after.boundary_vertex_count) return true;
  for (int k = 0; k < before.boundary_vertex_count; ++k) {
    const Eigen::Vector2d p(before.boundary[2 * k], before.boundary[2 * k + 1]);
    const Eigen::Vector2d q(after.boundary[2 * k], after.boundary[2 * k + 1]);
    if ((p - q).norm() > kRevisionVertex) return true;
  }
  return false;
}

}  // namespace

PlaneMap::PlaneMap(const PlaneOptions& options) : options_(options) {}

void PlaneMap::BeginFrame() {
  removals_.clear();
  ++frame_index_;
  for (Anchor& anchor : anchors_) anchor.seen_this_frame = false;
}

void PlaneMap::Integrate(const std::vector<PlaneSegment>& segments,
                         const std::vector<Eigen::Vector3d>& surface_points,
                         const PinholeCamera& camera,
                         const Eigen::Isometry3d& world_from_camera,
                         bool gravity_known) {
  const Eigen::Isometry3d world_from_opencv =
      WorldFromOpenCvCamera(world_from_camera);
  WorldSegment world;
  for (const PlaneSegment& segment : segments) {
    if (!ToWorld(segment, camera, world_from_opencv, gravity_known, &world)) {
      continue;
    }
    const int index = Associate(world);
    if (index >= 0) {
      Fuse(world, &anchors_[index], gravity_known);
    } else {
      StartCandidate(world, gravity_known);
    }
  }
  CheckCandidatesSeenThrough(surface_points, world_from_opencv);
  // Merge, forget and promote every few frames, or at once when a
  // candidate is ready (merging first, so that it does not become a
  // duplicate of an anchor it belongs to).
  const auto ready = [&](const Anchor& anchor) {
    return anchor.id == 0 && anchor.frames_seen >= kFramesToPublish &&
           anchor.flat_views >= kFlatViewsToPublish &&
           anchor.flat_views >=
               kConsistencyRatio *
                   (anchor.stray_views + anchor.see_through_views) &&
           anchor.grid.area() >= options_.min_anchor_area;
  };
  if (frame_index_ - merge_frame_ >= kMergeInterval ||
      std::any_of(anchors_.begin(), anchors_.end(), ready)) {
    MergeTouchingAnchors(gravity_known);
    merge_frame_ = frame_index_;
    // Forget candidates not seen for a while; promote the ones seen enough.
    anchors_.erase(std::remove_if(anchors_.begin(), anchors_.end(),
                                  [&](const Anchor& anchor) {
                                    return anchor.id == 0 &&
                                           frame_index_ -
                                                   anchor.last_seen_frame >
                                               kCandidateLifetimeFrames;
                                  }),
                   anchors_.end());
    for (Anchor& anchor : anchors_) {
      if (!ready(anchor) ||
          JoinFloor(&anchor, world_from_camera.translation(), gravity_known)) {
        continue;
      }
      anchor.id = next_id_++;
      anchor.dirty = true;
      anchor.publish_now = true;
      // Classified at once, so that a floor piece ready in this same round
      // can join it (JoinFloor) instead of being published beside it and
      // absorbed at the next round.
      double floor_height = 0;
      bool has_floor = LowestFloor(&floor_height);
      ClassifyAnchor(&anchor, world_from_camera.translation(), gravity_known,
                     &has_floor, &floor_height);
    }
    anchors_.erase(
        std::remove_if(anchors_.begin(), anchors_.end(),
                       [](const Anchor& anchor) { return anchor.removed; }),
        anchors_.end());
  }
  Classify(world_from_camera.translation(), gravity_known);
  Publish();
}

bool PlaneMap::ToWorld(const PlaneSegment& segment, const PinholeCamera& camera,
                       const Eigen::Isometry3d& world_from_opencv,
                       bool gravity_known, WorldSegment* out) const {
  const Eigen::Matrix3d& rotation = world_from_opencv.linear();
  const Eigen::Vector3d& translation = world_from_opencv.translation();
  const Eigen::Vector3d normal = rotation * segment.normal;
  const double vertical = std::abs(normal.y());
  const double tolerance = Radians(options_.alignment_tolerance_degrees);
  if (vertical >= std::cos(tolerance)) {
    if (!options_.detect_horizontal()) return false;
    out->alignment = VC_PLANE_ALIGNMENT_HORIZONTAL;
  } else if (vertical <= std::sin(tolerance)) {
    if (!options_.detect_vertical()) return false;
    out->alignment = VC_PLANE_ALIGNMENT_VERTICAL;
  } else {
    return false;
  }
  if (segment.moments.count() <= 0 || segment.area <= 0) return false;
  out->normal = normal;
  out->offset = segment.offset - normal.dot(translation);
  out->area = segment.area;
  out->depth_noise =
      options_.depth_noise * segment.centroid.z() * segment.centroid.z();
  // The noise's RMS over the segment's points: sigma = depth_noise z^2, so
  // E[sigma^2] = depth_noise^2 E[z^4], with E[z^4] from the depths' mean and
  // variance as for a normal spread (a wall seen obliquely spans depths).
  const double mean_z = segment.moments.mean().z();
  const double var_z =
      segment.moments.scatter()(2, 2) / segment.moments.count();
  const double noise_rms =
      segment.noise_rms > 0
          ? segment.noise_rms
          : options_.depth_noise *
                std::sqrt(mean_z * mean_z * mean_z * mean_z +
                          6 * mean_z * mean_z * var_z + 3 * var_z * var_z);
  if (segment.noise_rms > 0) out->depth_noise = segment.noise_rms;
  const double tilt_sine = std::sin(Radians(kFlatViewTiltDegrees));
  const bool level =
      !gravity_known || (out->alignment == VC_PLANE_ALIGNMENT_HORIZONTAL
                             ? std::sqrt(1.0 - vertical * vertical) <= tilt_sine
                             : vertical <= tilt_sine);
  out->flat_view =
      level &&
      ((segment.area >= kSmallViewArea && noise_rms <= kSmallViewMaxNoise &&
        segment.rms_distance <= kFlatViewSigmas * noise_rms + kFlatViewFloor) ||
       (segment.area >= kLargeViewArea &&
        segment.rms_distance <= kLargeViewSigmas * noise_rms + kFlatViewFloor));
  // Each point weighs its share of the area, so near and far views count by
  // the surface they show, not by their pixel count; far views, whose depth
  // noise grows with z^2, count less (half at 2 m, a sixth at 3 m), so
  // that a plane's offset rests on its near views.
  const double z = segment.centroid.z() / kNoisyDepth;
  out->moments =
      segment.moments.Transformed(rotation, translation)
          .Scaled(segment.area / segment.moments.count() / (1 + z * z * z * z));
  out->corners.clear();
  for (const FootprintRect& rect : segment.footprint) {
    const double us[4] = {rect.u0, rect.u1, rect.u1, rect.u0};
    const double vs[4] = {rect.v0, rect.v0, rect.v1, rect.v1};
    Eigen::Vector3d quad[4];
    bool valid = true;
    for (int k = 0; k < 4 && valid; ++k) {
      const Eigen::Vector3d ray((us[k] - camera.cx) / camera.fx,
                                (vs[k] - camera.cy) / camera.fy, 1.0);
      const double along = segment.normal.dot(ray);
      const double length = along < 0 ? -segment.offset / along : -1;
      valid = length > 0 && length < kMaxRayLength;
      quad[k] = rotation * (length * ray) + translation;
    }
    if (!valid) continue;
    out->corners.insert(out->corners.end(), quad, quad + 4);
  }
  if (out->corners.empty()) return false;
  if (out->flat_view && segment.area < kMinViewArea) {
    out->flat_view = out->alignment == VC_PLANE_ALIGNMENT_HORIZONTAL &&
                     segment.area >= kSmallViewCompactness *
                                         ConvexHullArea(out->corners, normal);
  }
  return true;
}

int PlaneMap::Associate(const WorldSegment& segment) const {
  const double cos_limit = std::cos(Radians(kAssociateAngleDegrees));
  int best = -1;
  int best_score = 0;
  for (size_t i = 0; i < anchors_.size(); ++i) {
    const Anchor& anchor = anchors_[i];
    if (anchor.alignment != segment.alignment ||
        anchor.normal.dot(segment.normal) < cos_limit ||
        std::abs(anchor.normal.dot(segment.moments.mean()) + anchor.offset) >
            kAssociateDistance) {
      continue;
    }
    const Eigen::Isometry3d anchor_from_world =
        anchor.world_from_anchor.inverse();
    int score = 0;
    for (size_t k = 0; k < segment.corners.size(); k += 4) {
      const Eigen::Vector3d centre =
          0.25 * (segment.corners[k] + segment.corners[k + 1] +
                  segment.corners[k + 2] + segment.corners[k + 3]);
      if (anchor.grid.Near(PlaneCoordinates(anchor_from_world, centre),
                           kAssociateReachCells)) {
        ++score;
      }
    }
    if (score > best_score) {
      best_score = score;
      best = static_cast<int>(i);
    }
  }
  return best;
}

void PlaneMap::Refit(Anchor* anchor, bool gravity_known) const {
  const PlaneFit fit = anchor->moments.Fit();
  Eigen::Vector3d normal = fit.normal;
  if (normal.dot(anchor->normal) < 0) normal = -normal;
  if (gravity_known) {
    if (anchor->alignment == VC_PLANE_ALIGNMENT_HORIZONTAL) {
      normal = Eigen::Vector3d(0, normal.y() >= 0 ? 1 : -1, 0);
    } else {
      normal.y() = 0;
      normal.normalize();
    }
  }
  anchor->normal = normal;
  anchor->offset = -normal.dot(anchor->moments.mean());
  // The origin stays where it was on the plane, moved onto the new plane.
  Eigen::Vector3d origin = anchor->world_from_anchor.translation();
  origin -= (normal.dot(origin) + anchor->offset) * normal;
  // x: world x (as turned by map corrections) on horizontal planes, the
  // horizontal direction along the plane (to the right seen from its front)
  // on vertical ones.
  Eigen::Vector3d x;
  if (anchor->alignment == VC_PLANE_ALIGNMENT_HORIZONTAL) {
    x = anchor->reference_x - anchor->reference_x.dot(normal) * normal;
  } else {
    x = Eigen::Vector3d::UnitY().cross(normal);
  }
  if (x.norm() < 1e-6) x = Eigen::Vector3d::UnitZ() - normal.z() * normal;
  x.normalize();
  const Eigen::Vector3d z = x.cross(normal);
  anchor->world_from_anchor.linear() << x, normal, z;
  anchor->world_from_anchor.translation() = origin;
}

void PlaneMap::MoveAnchor(const Eigen::Isometry3d& new_world_from_old,
                          Anchor* anchor) const {
  const Eigen::Matrix3d& turn = new_world_from_old.linear();
  anchor->moments =
      anchor->moments.Transformed(turn, new_world_from_old.translation());
  anchor->normal = turn * anchor->normal;
  anchor->offset = -anchor->normal.dot(anchor->moments.mean());
  anchor->world_from_anchor = new_world_from_old * anchor->world_from_anchor;
  anchor->reference_x = turn * anchor->reference_x;
  anchor->last_view_normal = turn * anchor->last_view_normal;
  // Views that saw through a candidate judged it where the uncorrected map
  // had put it, which the correction has just shown to be off.
  anchor->see_through_views = 0;
  anchor->dirty = true;
  anchor->publish_now = true;
}

void PlaneMap::ScaleWorld(double scale, const Eigen::Vector3d& offset) {
  for (Anchor& anchor : anchors_) {
    const Eigen::Vector3d mean = anchor.moments.mean();
    Eigen::Isometry3d shift = Eigen::Isometry3d::Identity();
    shift.translation() = (scale - 1) * mean + offset;
    MoveAnchor(shift, &anchor);
  }
  Publish();
}

void PlaneMap::MarkFootprint(const std::vector<Eigen::Vector3d>& corners,
                             Anchor* anchor) const {
  const Eigen::Isometry3d anchor_from_world =
      anchor->world_from_anchor.inverse();
  for (size_t k = 0; k + 3 < corners.size(); k += 4) {
    anchor->grid.MarkQuad(
        {PlaneCoordinates(anchor_from_world, corners[k]),
         PlaneCoordinates(anchor_from_world, corners[k + 1]),
         PlaneCoordinates(anchor_from_world, corners[k + 2]),
         PlaneCoordinates(anchor_from_world, corners[k + 3])});
  }
}

void PlaneMap::Fuse(const WorldSegment& segment, Anchor* anchor,
                    bool gravity_known) {
  // Agreement with the plane so far, before this view moves it.
  const bool agrees =
      std::abs(anchor->normal.dot(segment.moments.mean()) + anchor->offset) <=
          kConsistentDistance + kConsistentSigmas * segment.depth_noise &&
      anchor->normal.dot(segment.normal) >=
          std::cos(Radians(kConsistentAngleDegrees)) &&
      (anchor->last_view_normal.isZero() ||
       anchor->last_view_normal.dot(segment.normal) >=
           std::cos(Radians(kSuccessiveViewDegrees)));
  if (segment.flat_view) anchor->last_view_normal = segment.normal;
  anchor->moments.Add(segment.moments);
  anchor->views.Add(frame_index_, segment.moments.count());
  Refit(anchor, gravity_known);
  MarkFootprint(segment.corners, anchor);
  if (!anchor->seen_this_frame) {
    anchor->seen_this_frame = true;
    ++anchor->frames_seen;
  }
  anchor->last_seen_frame = frame_index_;
  if (segment.flat_view && agrees) {
    anchor->best_segment_area =
        std::max(anchor->best_segment_area, segment.area);
    ++anchor->flat_views;
  } else if (segment.flat_view) {
    ++anchor->stray_views;
  }
  anchor->dirty = true;
}

void PlaneMap::StartCandidate(const WorldSegment& segment, bool gravity_known) {
  Anchor anchor;
  anchor.grid = OccupancyGrid(kOccupancyCell);
  anchor.serial = next_serial_++;
  anchor.alignment = segment.alignment;
  anchor.moments = segment.moments;
  anchor.views.Add(frame_index_, segment.moments.count());
  anchor.normal = segment.normal;
  anchor.world_from_anchor.translation() = segment.moments.mean();
  anchor.frames_seen = 1;
  anchor.seen_this_frame = true;
  anchor.last_seen_frame = frame_index_;
  if (segment.flat_view) {
    anchor.best_segment_area = segment.area;
    anchor.flat_views = 1;
    anchor.last_view_normal = segment.normal;
  }
  Refit(&anchor, gravity_known);
  MarkFootprint(segment.corners, &anchor);
  anchors_.push_back(std::move(anchor));
}

void PlaneMap::CheckCandidatesSeenThrough(
    const std::vector<Eigen::Vector3d>& surface_points,
    const Eigen::Isometry3d& world_from_opencv) {
  if (surface_points.size() < static_cast<size_t>(kSeeThroughMinCells) ||
      std::none_of(anchors_.begin(), anchors_.end(),
                   [](const Anchor& anchor) { return anchor.id == 0; })) {
    return;
  }
  // Each point's ray, range and the distance behind a plane that counts.
  rays_.clear();
  for (const Eigen::Vector3d& point : surface_points) {
    const double range = point.norm();
    if (!(range > 0)) continue;
    const double sigma = options_.depth_noise * point.z() * point.z();
    rays_.push_back({point / range, range,
                     std::max(kSeeThroughSigmas * sigma, kSeeThroughFloor)});
  }
  const Eigen::Matrix3d& rotation = world_from_opencv.linear();
  const Eigen::Vector3d& translation = world_from_opencv.translation();
  for (Anchor& anchor : anchors_) {
    if (anchor.id != 0) continue;
    // The plane in camera axes: normal . x + offset = 0.
    const Eigen::Vector3d normal = rotation.transpose() * anchor.normal;
    const double offset = anchor.normal.dot(translation) + anchor.offset;
    const Eigen::Isometry3d anchor_from_camera =
        anchor.world_from_anchor.inverse() * world_from_opencv;
    int looking = 0;
    int behind = 0;
    for (const SurfaceRay& ray : rays_) {
      const double along = normal.dot(ray.direction);
      if (std::abs(along) < kSeeThroughMinCosine) continue;
      const double hit = -offset / along;
      if (!(hit > 0)) continue;
      const Eigen::Vector3d on_plane =
          anchor_from_camera * (hit * ray.direction);
      if (!anchor.grid.Near({on_plane.x(), on_plane.z()}, 0)) continue;
      ++looking;
      if (ray.range - hit > ray.behind_limit) ++behind;
    }
    if (looking >= kSeeThroughMinCells &&
        behind > kSeeThroughFraction * looking) {
      ++anchor.see_through_views;
    }
  }
}

double PlaneMap::Gap(const Anchor& a, const Anchor& b, double limit) {
  const cv::Mat1b& mask = a.grid.mask();
  if (mask.empty() || b.grid.empty()) return limit + 1;
  const double cell = a.grid.cell_metres();
  const double limit_cells = limit / cell;
  const Eigen::Vector2d origin = a.grid.origin();
  const Eigen::Isometry3d a_from_b =
      a.world_from_anchor.inverse() * b.world_from_anchor;
  b.grid.OccupiedCentres(&centres_);
  // b's seen cells in a's grid; one outside it is measured from the nearest
  // border cell plus the way there.
  probes_.clear();
  cv::Point low(mask.cols, mask.rows);
  cv::Point high(-1, -1);
  for (const Eigen::Vector2d& c : centres_) {
    const Eigen::Vector3d p = a_from_b * Eigen::Vector3d(c.x(), 0, c.y());
    const double column_f = (p.x() - origin.x()) / cell - 0.5;
    const double row_f = (p.z() - origin.y()) / cell - 0.5;
    if (!std::isfinite(column_f) || !std::isfinite(row_f)) continue;
    const double column_c =
        std::clamp(column_f, 0.0, static_cast<double>(mask.cols - 1));
    const double row_c =
        std::clamp(row_f, 0.0, static_cast<double>(mask.rows - 1));
    GridProbe probe;
    probe.column = static_cast<int>(std::lround(column_c));
    probe.row = static_cast<int>(std::lround(row_c));
    probe.outside = std::hypot(column_f - column_c, row_f - row_c);
    // Most pairs that merge overlap (a candidate that grew over part of an
    // anchor): no gap, and no distance map needed.
    if (probe.outside == 0 && mask(probe.row, probe.column) != 0) return 0;
    // Centre to centre minus one cell: cells side by side have no gap.
    if (probe.outside - 1.0 > limit_cells) continue;
    probes_.push_back(probe);
    low.x = std::min(low.x, probe.column);
    low.y = std::min(low.y, probe.row);
    high.x = std::max(high.x, probe.column);
    high.y = std::max(high.y, probe.row);
  }
  if (probes_.empty()) return limit + 1;
  // A gap within limit needs a seen cell within limit_cells + 1 of a probe,
  // so the distance map (to the nearest seen cell: distanceTransform
  // measures to the nearest zero) is taken over that window alone; it is
  // exact, so distances within the window's reach are the whole grid's.
  const int margin = static_cast<int>(std::ceil(limit_cells)) + 2;
  const cv::Rect window =
      cv::Rect(cv::Point(low.x - margin, low.y - margin),
               cv::Point(high.x + margin + 1, high.y + margin + 1)) &
      cv::Rect(0, 0, mask.cols, mask.rows);
  cv::compare(mask(window), 0, free_cells_, cv::CMP_EQ);
  cv::distanceTransform(free_cells_, distance_, cv::DIST_L2,
                        cv::DIST_MASK_PRECISE);
  double best = limit + 1;
  for (const GridProbe& probe : probes_) {
    const double gap = std::max(
        0.0, (distance_(probe.row - window.y, probe.column - window.x) +
              probe.outside - 1.0) *
                 cell);
    if (gap < best) {
      best = gap;
      if (best <= 0) break;
    }
  }
  return best;
}

bool PlaneMap::OneSurface(const Anchor& a, const Anchor& b,
                          bool gravity_known) {
  if (a.alignment != b.alignment) return false;
  const double cos_angle = a.normal.dot(b.normal);
  const double a_to_b = std::abs(a.normal.dot(b.moments.mean()) + a.offset);
  const double b_to_a = std::abs(b.normal.dot(a.moments.mean()) + b.offset);
  const double distance = std::max(a_to_b, b_to_a);
  if (cos_angle < std::cos(Radians(kMergeAngleDegrees)) ||
      distance > kFloorsMergeDistance) {
    return false;
  }
  double reach = -1;
  if (distance <= kMergeDistance) {
    reach = kMergeReach;
  }
  const bool published = a.id != 0 && b.id != 0;
  const bool parallel = cos_angle >= std::cos(Radians(kGapMergeAngleDegrees));
  if (published && parallel && distance <= kOverlapMergeDistance) {
    reach = std::max(reach, 0.0);
  }
  if (published && parallel && distance <= kGapMergeDistance) {
    reach = kGapMergeReach;
  }
  const auto is_floor = [](const Anchor& anchor) {
    return anchor.classification.status ==
               VC_PLANE_CLASSIFICATION_STATUS_KNOWN &&
           anchor.classification.classification ==
               VC_PLANE_CLASSIFICATION_FLOOR;
  };
  if (gravity_known && a.alignment == VC_PLANE_ALIGNMENT_HORIZONTAL &&
      a.normal.y() > 0 && b.normal.y() > 0) {
    if (is_floor(a) && is_floor(b)) return true;
    if ((is_floor(a) || is_floor(b)) && distance <= kFloorMergeDistance &&
        a.best_segment_area >= kMinViewArea &&
        b.best_segment_area >= kMinViewArea) {
      return true;
    }
  }
  if (reach < 0) return false;
  return Gap(a, b, reach) <= reach;
}

void PlaneMap::Absorb(Anchor* survivor, Anchor* absorbed, bool gravity_known) {
  survivor->moments.Add(absorbed->moments);
  survivor->views.Absorb(absorbed->views);
  Refit(survivor, gravity_known);
  // The absorbed grid's cells, as squares in the survivor's frame: plane
  // coordinates (x, z) map by the rows and columns x and z of the rigid
  // transform between the anchors.
  const Eigen::Isometry3d survivor_from_absorbed =
      survivor->world_from_anchor.inverse() * absorbed->world_from_anchor;
  const Eigen::Matrix3d& turn = survivor_from_absorbed.linear();
  Eigen::Matrix2d linear;
  linear << turn(0, 0), turn(0, 2), turn(2, 0), turn(2, 2);
  const Eigen::Vector3d& shift = survivor_from_absorbed.translation();
  survivor->grid.MarkCells(absorbed->grid, linear,
                           Eigen::Vector2d(shift.x(), shift.z()));
  survivor->frames_seen =
      std::max(survivor->frames_seen, absorbed->frames_seen);
  survivor->last_seen_frame =
      std::max(survivor->last_seen_frame, absorbed->last_seen_frame);
  survivor->seen_this_frame |= absorbed->seen_this_frame;
  if (survivor->classification.status ==
      VC_PLANE_CLASSIFICATION_STATUS_UNDETERMINED) {
    survivor->classification = absorbed->classification;
  }
  survivor->best_segment_area =
      std::max(survivor->best_segment_area, absorbed->best_segment_area);
  // Candidates merged are support seen apart, never checked against each
  // other: the merged candidate counts the better one's flat views.
  survivor->flat_views =
      survivor->id == 0 ? std::max(survivor->flat_views, absorbed->flat_views)
                        : survivor->flat_views + absorbed->flat_views;
  survivor->stray_views += absorbed->stray_views;
  // The same frames saw through both: counted once.
  survivor->see_through_views =
      std::max(survivor->see_through_views, absorbed->see_through_views);
  survivor->dirty = true;
  survivor->publish_now = true;
  absorbed->removed = true;
  if (absorbed->id != 0) removals_.push_back({absorbed->id, survivor->id});
}

void PlaneMap::MergeTouchingAnchors(bool gravity_known) {
  for (bool merged = true; merged;) {
    merged = false;
    for (size_t i = 0; i < anchors_.size() && !merged; ++i) {
      for (size_t j = i + 1; j < anchors_.size() && !merged; ++j) {
        Anchor& a = anchors_[i];
        Anchor& b = anchors_[j];
        // Only pairs with news since the last round can have become one.
        if (a.removed || b.removed ||
            (a.last_seen_frame <= merge_frame_ &&
             b.last_seen_frame <= merge_frame_) ||
            !OneSurface(a, b, gravity_known)) {
          continue;
        }
        // The older anchor survives: published before candidates, then the
        // lower id (or creation order among candidates).
        const bool a_survives = a.id != 0 && (b.id == 0 || a.id < b.id) ? true
                                : b.id != 0                             ? false
                                            : a.serial < b.serial;
        if (a_survives) {
          Absorb(&a, &b, gravity_known);
        } else {
          Absorb(&b, &a, gravity_known);
        }
        merged = true;
      }
    }
    anchors_.erase(
        std::remove_if(anchors_.begin(), anchors_.end(),
                       [](const Anchor& anchor) { return anchor.removed; }),
        anchors_.end());
  }
}

bool PlaneMap::LowestFloor(double* height) const {
  bool found = false;
  for (const Anchor& anchor : anchors_) {
    if (!anchor.removed &&
        anchor.classification.status == VC_PLANE_CLASSIFICATION_STATUS_KNOWN &&
        anchor.classification.classification == VC_PLANE_CLASSIFICATION_FLOOR) {
      const double y = anchor.moments.mean().y();
      *height = found ? std::min(*height, y) : y;
      found = true;
    }
  }
  return found;
}

PlaneFacts PlaneMap::FactsOf(const Anchor& anchor,
                             const Eigen::Vector3d& camera_position,
                             bool has_floor, double floor_height) const {
  PlaneFacts facts;
  facts.alignment = anchor.alignment;
  facts.faces_up = anchor.normal.y() > 0;
  facts.height = anchor.moments.mean().y();
  facts.area = anchor.grid.area();
  facts.frames_seen = anchor.frames_seen;
  facts.camera_height = camera_position.y();
  facts.has_floor = has_floor;
  facts.floor_height = floor_height;
  facts.lowest_large_upward = true;
  for (const Anchor& other : anchors_) {
    if (&other != &anchor && !other.removed &&
        other.alignment == VC_PLANE_ALIGNMENT_HORIZONTAL &&
        other.normal.y() > 0 && other.grid.area() >= kFloorMinArea &&
        other.moments.mean().y() < facts.height - kLowerMargin) {
      facts.lowest_large_upward = false;
    }
  }
  return facts;
}

bool PlaneMap::JoinFloor(Anchor* candidate,
                         const Eigen::Vector3d& camera_position,
                         bool gravity_known) {
  double floor_height = 0;
  if (!gravity_known || !LowestFloor(&floor_height)) return false;
  const PlaneClass would_be =
      ClassifyPlane(FactsOf(*candidate, camera_position, true, floor_height));
  if (would_be.status != VC_PLANE_CLASSIFICATION_STATUS_KNOWN ||
      would_be.classification != VC_PLANE_CLASSIFICATION_FLOOR) {
    return false;
  }
  const PlaneClass undetermined = candidate->classification;
  candidate->classification = would_be;
  for (Anchor& floor : anchors_) {
    if (floor.id == 0 || floor.removed ||
        floor.classification.classification != VC_PLANE_CLASSIFICATION_FLOOR ||
        !OneSurface(floor, *candidate, gravity_known)) {
      continue;
    }
    Absorb(&floor, candidate, gravity_known);
    return true;
  }
  candidate->classification = undetermined;
  return false;
}

void PlaneMap::Classify(const Eigen::Vector3d& camera_position,
                        bool gravity_known) {
  double floor_height = 0;
  bool has_floor = LowestFloor(&floor_height);
  for (Anchor& anchor : anchors_) {
    if (anchor.id == 0) continue;
    ClassifyAnchor(&anchor, camera_position, gravity_known, &has_floor,
                   &floor_height);
  }
}

void PlaneMap::ClassifyAnchor(Anchor* anchor,
                              const Eigen::Vector3d& camera_position,
                              bool gravity_known, bool* has_floor,
                              double* floor_height) {
  if (!gravity_known) {
    anchor->classification = {VC_PLANE_CLASSIFICATION_NONE,
                              VC_PLANE_CLASSIFICATION_STATUS_NOT_AVAILABLE};
    return;
  }
  if (anchor->classification.status !=
      VC_PLANE_CLASSIFICATION_STATUS_UNDETERMINED) {
    return;
  }
  const PlaneFacts facts =
      FactsOf(*anchor, camera_position, *has_floor, *floor_height);
  const PlaneClass decided = ClassifyPlane(facts);
  if (decided.status != anchor->classification.status) {
    anchor->classification = decided;
    anchor->dirty = true;
    anchor->publish_now = true;
    if (decided.status == VC_PLANE_CLASSIFICATION_STATUS_KNOWN &&
        decided.classification == VC_PLANE_CLASSIFICATION_FLOOR &&
        !*has_floor) {
      *has_floor = true;
      *floor_height = facts.height;
    }
  }
}

void PlaneMap::Publish() {
  published_.clear();
  for (Anchor& anchor : anchors_) {
    if (anchor.id == 0) continue;
    if (anchor.dirty &&
        (anchor.publish_now || anchor.snapshot.revision == 0 ||
         frame_index_ - anchor.published_frame >= kPublishInterval)) {
      anchor.dirty = false;
      anchor.publish_now = false;
      anchor.published_frame = frame_index_;
      vc_plane_anchor_t next{};
      next.id = anchor.id;
      next.alignment = anchor.alignment;
      next.classification = anchor.classification.classification;
      next.classification_status = anchor.classification.status;
      const Eigen::Matrix4f pose =
          anchor.world_from_anchor.matrix().cast<float>();
      std::copy(pose.data(), pose.data() + 16, next.world_from_anchor);
      const std::vector<Eigen::Vector2d> polygon =
          BoundaryPolygon(anchor.grid, VC_PLANE_BOUNDARY_MAX_VERTICES);
      const PlaneExtent extent = ExtentOfPolygon(polygon);
      next.center[0] = static_cast<float>(extent.center.x());
      next.center[1] = 0;
      next.center[2] = static_cast<float>(extent.center.y());
      next.extent_width = static_cast<float>(extent.width);
      next.extent_height = static_cast<float>(extent.height);
      next.extent_rotation_on_y_axis =
          static_cast<float>(extent.rotation_on_y_axis);
      next.area = static_cast<float>(anchor.grid.area());
      next.boundary_vertex_count = static_cast<int32_t>(polygon.size());
      for (size_t k = 0; k < polygon.size(); ++k) {
        next.boundary[2 * k] = static_cast<float>(polygon[k].x());
        next.boundary[2 * k + 1] = static_cast<float>(polygon[k].y());
      }
      if (anchor.snapshot.revision == 0) {
        next.revision = 1;
        anchor.snapshot = next;
      } else if (Meaningful(anchor.snapshot, next)) {
        next.revision = anchor.snapshot.revision + 1;
        anchor.snapshot = next;
      }
    }
    published_.push_back(anchor.snapshot);
  }
  std::sort(published_.begin(), published_.end(),
            [](const vc_plane_anchor_t& a, const vc_plane_anchor_t& b) {
              return a.id < b.id;
            });
}

}  // namespace vc
