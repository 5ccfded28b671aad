// The one place where the public API's conventions meet the core's.
//
// The public API speaks ARKit: camera axes +X right, +Y up, looking down -Z;
// transforms are column-major 4x4 floats. Inside the core, camera geometry
// (projection, PnP, ray casting) uses OpenCV's camera axes: +X right, +Y down,
// looking down +Z. The two camera frames differ by a half turn about X:
//
//   (x, y, z) in OpenCV camera axes = (x, -y, -z) in ARKit camera axes.
//
// The flip is its own inverse, so each helper below works in both directions;
// the names only say which frame goes in and which comes out. World axes are
// the same on both sides (ARKit's: right-handed, metres, +Y up).
#pragma once

#include <Eigen/Core>
#include <Eigen/Geometry>

namespace vc {

// The matrix that re-expresses a camera-frame vector in the other camera
// convention: diag(1, -1, -1).
inline Eigen::Matrix3d CameraAxesFlip() {
  return Eigen::Vector3d(1.0, -1.0, -1.0).asDiagonal();
}

inline Eigen::Vector3d OpenCvFromArkitCameraVector(
    const Eigen::Vector3d& v_arkit) {
  return Eigen::Vector3d(v_arkit.x(), -v_arkit.y(), -v_arkit.z());
}

inline Eigen::Vector3d ArkitFromOpenCvCameraVector(
    const Eigen::Vector3d& v_opencv) {
  return Eigen::Vector3d(v_opencv.x(), -v_opencv.y(), -v_opencv.z());
}

// world_from_camera rotations: the camera side is the right-hand factor, so
// the flip multiplies from the right.
inline Eigen::Matrix3d WorldFromOpenCvCamera(
    const Eigen::Matrix3d& world_from_arkit_camera) {
  return world_from_arkit_camera * CameraAxesFlip();
}

inline Eigen::Matrix3d WorldFromArkitCamera(
    const Eigen::Matrix3d& world_from_opencv_camera) {
  return world_from_opencv_camera * CameraAxesFlip();
}

// Poses: the camera centre is the same point in both conventions, so only the
// rotation changes.
inline Eigen::Isometry3d WorldFromOpenCvCamera(
    const Eigen::Isometry3d& world_from_arkit_camera) {
  Eigen::Isometry3d result = world_from_arkit_camera;
  result.linear() = WorldFromOpenCvCamera(world_from_arkit_camera.linear());
  return result;
}

inline Eigen::Isometry3d WorldFromArkitCamera(
    const Eigen::Isometry3d& world_from_opencv_camera) {
  Eigen::Isometry3d result = world_from_opencv_camera;
  result.linear() = WorldFromArkitCamera(world_from_opencv_camera.linear());
  return result;
}

// Transforms between two cameras (color_from_depth, left_from_right): both
// sides are camera frames, so the flip applies on both sides. The result maps
// OpenCV-axes points of the source camera to OpenCV-axes points of the target.
inline Eigen::Isometry3d OpenCvCameraFromOpenCvCamera(
    const Eigen::Isometry3d& arkit_camera_from_arkit_camera) {
  Eigen::Isometry3d result = Eigen::Isometry3d::Identity();
  result.linear() = CameraAxesFlip() * arkit_camera_from_arkit_camera.linear() *
                    CameraAxesFlip();
  result.translation() =
      CameraAxesFlip() * arkit_camera_from_arkit_camera.translation();
  return result;
}

// Reference images. Inside the core a picture's plane uses the object frame
// of OpenCV's planar pose solvers: origin at the picture's centre, +X along
// its top edge to the right, +Y down the picture, +Z into the picture (away
// from the viewer). The public API uses ARKit's image-anchor frame: +X right,
// +Y out of the picture towards the viewer, +Z down the picture. So
//
//   (x, y, z) in the anchor frame = (x, -z, y) in the plane frame.
//
// plane_from_anchor maps anchor coordinates to plane coordinates.
inline Eigen::Matrix3d ImagePlaneFromImageAnchor() {
  Eigen::Matrix3d result;
  result << 1, 0, 0,  //
      0, 0, 1,        //
      0, -1, 0;
  return result;
}

// The pose of an image anchor in ARKit camera axes, from the pose of the
// picture's plane frame in OpenCV camera axes (what solvePnP returns).
inline Eigen::Isometry3d ArkitCameraFromImageAnchor(
    const Eigen::Isometry3d& opencv_camera_from_plane) {
  Eigen::Isometry3d result = Eigen::Isometry3d::Identity();
  result.linear() = CameraAxesFlip() * opencv_camera_from_plane.linear() *
                    ImagePlaneFromImageAnchor();
  result.translation() =
      CameraAxesFlip() * opencv_camera_from_plane.translation();
  return result;
}

// Loads a column-major 4x4 float matrix as the C API passes it (the layout
// of simd_float4x4): element (row r, column c) is m[4 * c + r].
inline Eigen::Matrix4d Matrix4dFromColumnMajor(const float m[16]) {
  return Eigen::Map<const Eigen::Matrix<float, 4, 4, Eigen::ColMajor>>(m)
      .cast<double>();
}

// Takes the rotation and translation of a column-major rigid transform; the
// caller validates that it is rigid (the bottom row is ignored).
inline Eigen::Isometry3d IsometryFromColumnMajor(const float m[16]) {
  Eigen::Isometry3d result = Eigen::Isometry3d::Identity();
  result.matrix().topRows<3>() = Matrix4dFromColumnMajor(m).topRows<3>();
  return result;
}

}  // namespace vc
