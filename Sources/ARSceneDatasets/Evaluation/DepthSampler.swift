import ARScene

/// Depth values in metres, read straight from a depth map's bytes.
struct DepthSampler {
  let depth: DepthData
  var width: Int { depth.depthMap.width }
  var height: Int { depth.depthMap.height }

  init(_ depth: DepthData) { self.depth = depth }

  /// Metres at (x, y), or 0 where there is no depth (0, 65535 for 16-bit,
  /// non-finite or non-positive for float).
  func metres(x: Int, y: Int) -> Double {
    let map = depth.depthMap
    return map.withUnsafeBytes { bytes in
      let offset = y * map.bytesPerRow + x * map.format.bytesPerPixel
      switch map.format {
      case .depthUInt16:
        let units = bytes.loadUnaligned(fromByteOffset: offset, as: UInt16.self)
        return units == 0 || units == .max ? 0 : Double(units) / Double(depth.unitsPerMeter)
      case .depthFloat32:
        let metres = Double(bytes.loadUnaligned(fromByteOffset: offset, as: Float.self))
        return metres.isFinite && metres > 0 ? metres : 0
      case .rgb8, .bgr8, .gray8:
        return 0
      }
    }
  }
}
