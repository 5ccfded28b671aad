import ARScene

extension DatasetError {
  /// A frame the session rejected, named by its colour file, index and time
  /// (and its pass, `pass` counted from 1, in a replay of several).
  init(rejected record: FrameRecord, pass: Int? = nil, _ error: ARSceneError) {
    let passText = pass.map { " (pass \($0))" } ?? ""
    self.init(
      file: record.colorPath, code: .engine(error.code),
      "frame \(record.index) at \(record.timestamp) s\(passText): \(error.message)")
  }
}
