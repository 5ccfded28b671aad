// One plane found in one frame (its depth map, or its sparse map points),
// in OpenCV camera axes (the public
// vc_plane_segment_t is its ARKit-axes copy, made in api/plane_api.cpp).
#pragma once

#include <Eigen/Core>
#include <vector>

#include "planes/plane_moments.h"

namespace vc {

// A rectangle of the image, in pixel-edge coordinates (pixel (u, v) spans
// u - 0.5 .. u + 0.5), whose pixels lie on the segment's plane: a whole grid
// cell, or the part of a border cell that boundary refinement added.
struct FootprintRect {
  float u0 = 0;
  float v0 = 0;
  float u1 = 0;
  float v1 = 0;
};

struct PlaneSegment {
  // Unit normal towards the camera; normal . x + offset = 0, offset > 0.
  Eigen::Vector3d normal = Eigen::Vector3d::UnitZ();
  double offset = 0;
  // Mean of the planar cells' points.
  Eigen::Vector3d centroid = Eigen::Vector3d::Zero();
  int cell_count = 0;
  // Planar cells' valid pixels plus the border pixels refinement added.
  int pixel_count = 0;
  // Square metres, from the pixels' footprints.
  double area = 0;
  // Root-mean-square point-to-plane distance of the planar cells' points.
  double rms_distance = 0;
  // The RMS noise of the points, metres, for segments of sparse map points
  // (SparsePlaneFinder); 0 for a depth map's, whose noise the sensor's
  // model gives (PlaneOptions::depth_noise).
  double noise_rms = 0;
  // The planar cells' points (not the border pixels).
  PlaneMoments moments;
  // Where the plane is in the image: its cells, then refined border parts.
  std::vector<FootprintRect> footprint;
};

}  // namespace vc
