import ARScene

/// The part of a ground-truth plane inside the camera's view: its polygon
/// clipped against the frustum of a ground-truth pose. Nothing occludes
/// (the table does not hide the floor), a plane seen from behind is not in
/// view, and the frustum is cut to the depth range in which depth can find
/// planes at all.
package struct PlaneVisibility: Sendable {
  package var intrinsics: CameraIntrinsics
  /// Metres along the view direction, as the core's plane options' depth range.
  package var nearDepth: Double
  package var farDepth: Double

  package init(intrinsics: CameraIntrinsics, nearDepth: Double = 0.2, farDepth: Double = 6.0) {
    self.intrinsics = intrinsics
    self.nearDepth = nearDepth
    self.farDepth = farDepth
  }

  /// The polygon (world points, on the plane) in view of a camera at
  /// `worldFromCamera` with OpenCV camera axes (+Z forward, +Y down), as
  /// groundtruth.txt gives it; empty when none of it is.
  package func polygonInView(
    _ plane: SyntheticAnnotations.Plane, worldFromCamera pose: TimedPose
  ) -> [SIMD3<Double>] {
    let normal = SIMD3<Double>(plane.normal)
    guard PlaneCoordinates.dot(normal, pose.translation - SIMD3<Double>(plane.center)) > 0 else {
      return []
    }
    let cameraFromWorld = pose.rotation.conjugate
    var polygon = plane.polygon.map { cameraFromWorld.rotate(SIMD3<Double>($0) - pose.translation) }
    // Pixel centres are at integer coordinates, so the image spans -0.5 ... size - 0.5.
    let left = (-0.5 - intrinsics.cx) / intrinsics.fx
    let right = (Double(intrinsics.width) - 0.5 - intrinsics.cx) / intrinsics.fx
    let top = (-0.5 - intrinsics.cy) / intrinsics.fy
    let bottom = (Double(intrinsics.height) - 0.5 - intrinsics.cy) / intrinsics.fy
    // Half-spaces a . p + d >= 0 in camera coordinates.
    let halfSpaces: [(SIMD3<Double>, Double)] = [
      (SIMD3(0, 0, 1), -nearDepth), (SIMD3(0, 0, -1), farDepth),
      (SIMD3(1, 0, -left), 0), (SIMD3(-1, 0, right), 0),
      (SIMD3(0, 1, -top), 0), (SIMD3(0, -1, bottom), 0),
    ]
    for (a, d) in halfSpaces {
      polygon = Self.clip(polygon, a, d)
      if polygon.isEmpty { return [] }
    }
    return polygon.map { pose.rotation.rotate($0) + pose.translation }
  }

  /// Square metres of the plane in view.
  package func areaInView(_ plane: SyntheticAnnotations.Plane, worldFromCamera pose: TimedPose)
    -> Double
  {
    let coordinates = PlaneCoordinates(plane)
    return PlanePolygon.area(polygonInView(plane, worldFromCamera: pose).map(coordinates.project))
  }

  /// Sutherland–Hodgman against one half-space (the polygon is convex).
  private static func clip(_ polygon: [SIMD3<Double>], _ a: SIMD3<Double>, _ d: Double) -> [SIMD3<
    Double
  >] {
    var output: [SIMD3<Double>] = []
    for index in polygon.indices {
      let current = polygon[index]
      let previous = polygon[(index + polygon.count - 1) % polygon.count]
      let currentSide = PlaneCoordinates.dot(a, current) + d
      let previousSide = PlaneCoordinates.dot(a, previous) + d
      if currentSide >= 0 {
        if previousSide < 0 {
          output.append(
            previous + (current - previous) * (previousSide / (previousSide - currentSide)))
        }
        output.append(current)
      } else if previousSide >= 0 {
        output.append(
          previous + (current - previous) * (previousSide / (previousSide - currentSide)))
      }
    }
    return output.count >= 3 ? output : []
  }
}
