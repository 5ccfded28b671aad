/// What a sequence may state as its colour camera's lens distortion: OpenCV's
/// coefficients (k1 k2 p1 p2 [k3 [k4 k5 k6 [s1 s2 s3 s4 [τx τy]]]]), one
/// rule for sequence.json, EuRoC's sensor.yaml and the writer.
enum LensDistortion {
  static let counts = [4, 5, 8, 12, 14]
  /// No real lens comes near: fisheye lenses fitted with the rational model
  /// stay within tens. A larger value is a unit or parsing mistake.
  static let largestMagnitude = 1000.0

  /// Why coefficients cannot be a lens's distortion, naming the bad one
  /// (index from 0), or nil when they can.
  static func problem(_ coefficients: [Double]) -> String? {
    guard counts.contains(coefficients.count) else {
      return "must have 4, 5, 8, 12 or 14 coefficients (OpenCV order), got \(coefficients.count)"
    }
    if let index = coefficients.firstIndex(where: { !$0.isFinite || abs($0) > largestMagnitude }) {
      return "coefficient \(index) is \(coefficients[index]), not a finite number"
        + " within ±\(Int(largestMagnitude))"
    }
    return nil
  }
}
