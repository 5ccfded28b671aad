#include "planes/plane_classifier.h"

namespace vc {
namespace {

// Seen in this many frames before any decision: one frame can be a glimpse.
constexpr int kMinFrames = 3;
// Seen this long without qualifying for a class: it is none of them.
constexpr int kUndecidedFrames = 45;
// A floor or a wall is large; a ceiling at least a room's patch.
constexpr double kFloorMinArea = 1.0;
constexpr double kWallMinArea = 0.6;
constexpr double kCeilingMinArea = 0.5;
// A hand-held camera is 1.0 m or more above the floor; the ceiling is above
// it.
constexpr double kFloorMinDrop = 1.0;
constexpr double kCeilingMinRise = 0.3;
// Heights above the floor: seats 0.3 - 0.6 m, tables 0.6 - 1.2 m; a second
// patch of floor within 0.1 m.
constexpr double kFloorTolerance = 0.1;
constexpr double kSeatLow = 0.3;
constexpr double kSeatHigh = 0.6;
constexpr double kTableHigh = 1.2;
// Without a floor, a surface 0.3 - 0.9 m below the camera is at table height
// for a standing person.
constexpr double kTableDropLow = 0.3;
constexpr double kTableDropHigh = 0.9;

PlaneClass Known(vc_plane_classification_t classification) {
  return {classification, VC_PLANE_CLASSIFICATION_STATUS_KNOWN};
}

PlaneClass Undecided(const PlaneFacts& facts) {
  if (facts.frames_seen < kUndecidedFrames) return {};
  return {VC_PLANE_CLASSIFICATION_NONE, VC_PLANE_CLASSIFICATION_STATUS_UNKNOWN};
}

PlaneClass ClassifyUpward(const PlaneFacts& facts) {
  const double drop = facts.camera_height - facts.height;
  if (!facts.has_floor) {
    if (facts.area >= kFloorMinArea && drop >= kFloorMinDrop &&
        facts.lowest_large_upward) {
      return Known(VC_PLANE_CLASSIFICATION_FLOOR);
    }
    // Without a floor, wait: what looks like a table may be a seat.
    if (facts.frames_seen >= kUndecidedFrames) {
      if (drop >= kTableDropLow && drop <= kTableDropHigh) {
        return Known(VC_PLANE_CLASSIFICATION_TABLE);
      }
      return {VC_PLANE_CLASSIFICATION_NONE,
              VC_PLANE_CLASSIFICATION_STATUS_UNKNOWN};
    }
    return {};
  }
  const double rise = facts.height - facts.floor_height;
  if (rise > -kFloorTolerance && rise < kFloorTolerance) {
    return Known(VC_PLANE_CLASSIFICATION_FLOOR);
  }
  if (rise >= kSeatLow && rise < kSeatHigh) {
    return Known(VC_PLANE_CLASSIFICATION_SEAT);
  }
  if (rise >= kSeatHigh && rise <= kTableHigh) {
    return Known(VC_PLANE_CLASSIFICATION_TABLE);
  }
  return {VC_PLANE_CLASSIFICATION_NONE, VC_PLANE_CLASSIFICATION_STATUS_UNKNOWN};
}

}  // namespace

PlaneClass ClassifyPlane(const PlaneFacts& facts) {
  if (facts.frames_seen < kMinFrames) return {};
  if (facts.alignment == VC_PLANE_ALIGNMENT_VERTICAL) {
    if (facts.area >= kWallMinArea) return Known(VC_PLANE_CLASSIFICATION_WALL);
    return Undecided(facts);
  }
  if (facts.faces_up) return ClassifyUpward(facts);
  if (facts.area >= kCeilingMinArea &&
      facts.height - facts.camera_height >= kCeilingMinRise) {
    return Known(VC_PLANE_CLASSIFICATION_CEILING);
  }
  return Undecided(facts);
}

}  // namespace vc
