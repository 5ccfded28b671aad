import ARScene

extension Transform {
  /// From 16 numbers in row-major order, the way matrices are written in the
  /// text files of every dataset we read (7-Scenes poses, EuRoC extrinsics);
  /// nil unless there are exactly 16.
  init?(rowMajor values: [Double]) {
    guard values.count == 16 else { return nil }
    let columnMajor = (0..<16).map { Float(values[($0 % 4) * 4 + $0 / 4]) }
    self.init(columnMajor: columnMajor)
  }

  /// The 16 values in row-major order.
  var rowMajor: [Float] {
    let columnMajor = columnMajor
    return (0..<16).map { columnMajor[($0 % 4) * 4 + $0 / 4] }
  }
}
