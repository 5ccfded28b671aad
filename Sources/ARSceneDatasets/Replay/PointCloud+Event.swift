import ARScene

extension PointCloud {
  /// A frame event's `featurePoints` (``ReplayOptions/includeFeaturePoints``):
  /// `count`, `positions` as [x, y, z] rows in the world (0.1 mm), and the
  /// map points' `identifiers` in the same order, so that one point can be
  /// followed from frame to frame.
  var eventField: JSONLine {
    var field = JSONLine()
    field.add("count", points.count)
    field.add("positions", points.map { [Double($0.x), Double($0.y), Double($0.z)] }, decimals: 4)
    field.add("identifiers", identifiers)
    return field
  }
}
