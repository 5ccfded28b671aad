import ARScene

extension SyntheticAnnotations {
  /// File name inside the sequence folder.
  public static let fileName = "annotations.json"

  /// annotations.json: sorted keys, numbers in their shortest round-trip
  /// form, times rounded to the microsecond like the lists' timestamps.
  public var json: String {
    var fields: [String: CanonicalJSON] = [
      "conditions": .array(
        conditions.map { entry in
          .object([
            "condition": .string(entry.condition.rawValue),
            "from": Self.time(entry.range.from), "to": Self.time(entry.range.to),
          ])
        }),
      "interruptions": .array(interruptions.map(Self.range)),
      "motion": .string(motion),
      "planes": .array(planes.map(Self.plane)),
      "surfaces": .array(surfaces.map(Self.plane)),
      "referenceImages": .array(
        referenceImages.map { image in
          .object([
            "file": .string(image.file),
            "name": .string(image.name),
            "physicalHeight": Self.number(image.physicalHeight),
            "physicalWidth": Self.number(image.physicalWidth),
            "visible": .array(image.visible.map(Self.range)),
            "worldFromImage": .array(image.worldFromImage.columnMajor.map(Self.number)),
          ])
        }),
      "scenario": .string(scenario),
      "scene": .string(scene),
      "sensorNoise": .string(sensorNoise ? "on" : "off"),
      "thresholds": .object([
        "excessiveRotationRate": .number(thresholds.excessiveRotationRate),
        "insufficientDetailFraction": .number(thresholds.insufficientDetailFraction),
        "referenceVisibleFraction": .number(thresholds.referenceVisibleFraction),
        "tooDarkGain": .number(thresholds.tooDarkGain),
      ]),
      "world": .string("groundtruth.txt's world: ARKit axes, +Y up, metres"),
    ]
    // Absent when the sequence has no IMU.
    if let imu {
      fields["imu"] = .object([
        "accelerometerBias": Self.vector(SIMD3<Float>(imu.accelerometerBias)),
        "accelerometerBiasSigma": .number(imu.noise.accelerometerBiasSigma),
        "accelerometerNoiseSigma": .number(imu.noise.accelerometerNoiseSigma),
        "gyroscopeBias": Self.vector(SIMD3<Float>(imu.gyroscopeBias)),
        "gyroscopeBiasSigma": .number(imu.noise.gyroscopeBiasSigma),
        "gyroscopeNoiseSigma": .number(imu.noise.gyroscopeNoiseSigma),
        "rate": .number(imu.rate),
      ])
    }
    if let relocalization {
      var entry: [String: CanonicalJSON] = ["gap": Self.range(relocalization.gap)]
      // Absent when the camera never comes back to a mapped place.
      if let back = relocalization.returnsToMappedPlaceAt {
        entry["returnsToMappedPlaceAt"] = Self.time(back)
      }
      fields["relocalization"] = .object(entry)
    }
    return CanonicalJSON.object(fields).text
  }

  private static func time(_ t: Double) -> CanonicalJSON {
    .number((t * 1e6).rounded() / 1e6)
  }

  private static func range(_ range: TimeRange) -> CanonicalJSON {
    .object(["from": time(range.from), "to": time(range.to)])
  }

  private static func plane(_ plane: Plane) -> CanonicalJSON {
    .object([
      "alignment": .string(plane.alignment),
      "area": number(plane.area),
      "center": vector(plane.center),
      "classification": .string(plane.classification),
      "name": .string(plane.name),
      "normal": vector(plane.normal),
      "polygon": .array(plane.polygon.map(vector)),
    ])
  }

  private static func vector(_ v: SIMD3<Float>) -> CanonicalJSON {
    .array([number(v.x), number(v.y), number(v.z)])
  }

  /// Adding zero turns -0.0 into 0.0, so a value's sign of zero, which
  /// depends on how it was computed, never shows in the file.
  private static func number(_ value: Float) -> CanonicalJSON { .number(value + 0) }
}
