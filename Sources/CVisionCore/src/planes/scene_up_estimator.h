// World up without an accelerometer: which way is up, judged from the planes
// the depth camera sees in the first moments (a device with no IMU, or a
// recording without one, held any way round).
//
// Rooms are made of a few orthogonal directions (Manhattan world): floor and
// table tops face up, walls face sideways, a ceiling faces down. A plane's
// normal turned towards the camera points up exactly when the plane lies
// below the camera, and people look at floors and tables far more than at
// ceilings. In a Manhattan room every axis is perpendicular to the others,
// so geometry alone cannot say which one is up; how people hold and move a
// camera can:
//  - floor-like area: planes facing the candidate (below the camera);
//  - pitch: the camera's view is rarely far above or below the horizon;
//  - roll: a device is held upright, sideways or upside down, so up lies
//    near one of the image's axes (within a few tens of degrees);
//  - turning: a handheld camera turns about the vertical (panning) far more
//    than about any other axis.
// Each direction in which planes cluster is a candidate for up, scored by
// its floor-like area times the three plausibilities (averaged over the
// frames seen). Up is decided once the best candidate has enough floor-like
// area and clearly beats every other one; until then it is undecided, never
// guessed: a camera that has only seen walls does not know which way round
// it is held.
//
// Works in whatever world the caller tracks in (ARKit world axes, the first
// camera's until up is decided). Plain data; not thread-safe.
#pragma once

#include <Eigen/Geometry>
#include <vector>

#include "planes/plane_segment.h"

namespace vc {

struct SceneUpDecision {
  bool decided = false;
  // Unit up in the caller's world (meaningful when decided).
  Eigen::Vector3d up = Eigen::Vector3d::UnitY();
  // 0..1: the best candidate's share of the two best candidates' scores
  // (0.5: a tie, 1: no rival); 0 without any candidate.
  double confidence = 0;
};

class SceneUpEstimator {
 public:
  // Adds one frame's segments (OpenCV camera axes, normals towards the
  // camera) seen from world_from_opencv_camera.
  void Add(const std::vector<PlaneSegment>& segments,
           const Eigen::Isometry3d& world_from_opencv_camera);

  // The decision on what has been added so far.
  SceneUpDecision Decide() const;

  // Frames added (for tests and reports).
  int frames() const { return frames_; }

 private:
  struct Observation {
    Eigen::Vector3d normal;  // world, towards the camera that saw it
    double area = 0;         // square metres
  };
  struct Cluster {
    Eigen::Vector3d direction;
    double area = 0;
  };

  std::vector<Cluster> Clusters() const;
  // How plausible up is for the frames' poses (pitch and roll), 0..1.
  double PosePlausibility(const Eigen::Vector3d& up) const;
  // How plausible up is as the axis the camera turned about, 0.5..1 (1
  // when the camera has not turned enough to tell).
  double TurnPlausibility(const Eigen::Vector3d& up) const;

  // A sliding window of the latest observations bounds memory and time when
  // up stays undecided for long (a camera facing one wall).
  std::vector<Observation> observations_;
  size_t next_slot_ = 0;
  // world_from_camera rotations (ARKit camera axes) of the frames added:
  // the first, and a sliding window of the latest.
  Eigen::Matrix3d first_rotation_ = Eigen::Matrix3d::Identity();
  std::vector<Eigen::Matrix3d> rotations_;
  size_t next_rotation_slot_ = 0;
  int frames_ = 0;
};

}  // namespace vc
