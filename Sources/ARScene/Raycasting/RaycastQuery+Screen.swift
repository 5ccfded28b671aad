extension RaycastQuery {
  /// The ray through a point of the camera's image, like ARKit's
  /// `ARFrame.raycastQuery(from:allowing:alignment:)`: `screenPoint` is
  /// normalised, (0, 0) the image's top-left corner and (1, 1) its
  /// bottom-right; the ray starts at the camera's centre. Nil when the point
  /// is not finite or the camera's intrinsics cannot describe a camera.
  public init?(
    screenPoint: SIMD2<Float>, camera: Camera, allowing target: Target,
    alignment: TargetAlignment
  ) {
    guard let direction = camera.worldDirection(throughScreenPoint: screenPoint) else {
      return nil
    }
    self.init(
      origin: camera.transform.translation, direction: direction, allowing: target,
      alignment: alignment)
  }
}

extension Camera {
  /// The unit world direction of the ray through a normalised image point
  /// ((0, 0) top-left, (1, 1) bottom-right), or nil when the point is not
  /// finite or the intrinsics are unusable.
  public func worldDirection(throughScreenPoint point: SIMD2<Float>) -> SIMD3<Float>? {
    guard point.x.isFinite, point.y.isFinite, intrinsics.problem == nil else { return nil }
    let k = intrinsics
    // Pixel centres sit at integer coordinates; the image's edges at -0.5
    // and width - 0.5.
    let u = Double(point.x) * Double(k.width) - 0.5
    let v = Double(point.y) * Double(k.height) - 0.5
    // ARKit camera axes: +Y up (image rows grow down), looking down -Z.
    let inCamera = SIMD3<Float>(Float((u - k.cx) / k.fx), Float(-(v - k.cy) / k.fy), -1)
    let world = transform.apply(SIMD4(inCamera, 0))
    let direction = SIMD3(world.x, world.y, world.z)
    return direction / (direction * direction).sum().squareRoot()
  }

  /// Where a world point appears in the image, normalised ((0, 0) top-left,
  /// (1, 1) bottom-right; outside 0...1 when out of frame), and whether it is
  /// in front of the camera. Nil when the intrinsics are unusable.
  public func screenPoint(ofWorldPoint point: SIMD3<Float>) -> (
    point: SIMD2<Float>, isInFront: Bool
  )? {
    guard intrinsics.problem == nil else { return nil }
    let p = transform.rigidInverse.transformPoint(point)
    let depth = Double(-p.z)
    let k = intrinsics
    // Behind the camera the projection mirrors; keep the direction by
    // projecting with the absolute depth (the caller knows it is behind).
    let z = max(abs(depth), 1e-6)
    let u = k.fx * Double(p.x) / z + k.cx
    let v = -k.fy * Double(p.y) / z + k.cy
    return (
      SIMD2(Float((u + 0.5) / Double(k.width)), Float((v + 0.5) / Double(k.height))), depth > 0
    )
  }
}
