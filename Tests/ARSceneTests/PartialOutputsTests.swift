import ARScene
import Foundation
import XCTest

/// A command stopped by a signal removes its unfinished outputs while the
/// writer may still be adding files to them.
final class PartialOutputsTests: XCTestCase {
  /// A writer that keeps creating files in a registered folder, as the
  /// sequence writer does frame by frame, cannot make the removal leave the
  /// folder behind. (Before the folder was renamed out of the writer's way
  /// first, a file created between the listing and the folder's removal
  /// left it in place: seen once in CI as `.stopped.partial-779`.)
  func testAFolderBeingWrittenIntoIsRemovedWhole() throws {
    let parent = FileManager.default.temporaryDirectory
      .appendingPathComponent("partial-outputs-\(getpid())-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: parent) }
    for round in 0..<20 {
      let folder = parent.appendingPathComponent(".seq\(round).partial")
      let rgb = folder.appendingPathComponent("rgb")
      try FileManager.default.createDirectory(at: rgb, withIntermediateDirectories: true)
      for index in 0..<200 {
        XCTAssertTrue(
          FileManager.default.createFile(atPath: rgb.path + "/pre\(index)", contents: Data([1])))
      }
      let token = PartialOutputs.register(folder.path)
      let stop = NSLock()
      nonisolated(unsafe) var stopped = false
      let writer = Thread {
        var index = 0
        while !stop.withLock({ stopped }) {
          // Fails once the folder is gone, as the real writer's next frame does.
          let file = open(rgb.path + "/frame\(index)", O_WRONLY | O_CREAT | O_CLOEXEC, 0o644)
          if file >= 0 { close(file) }
          index += 1
        }
      }
      writer.start()
      Thread.sleep(forTimeInterval: 0.002)
      PartialOutputs.removeAll()
      stop.withLock { stopped = true }
      PartialOutputs.unregister(token)
      let left = try FileManager.default.contentsOfDirectory(atPath: parent.path)
      XCTAssertEqual(left, [], "round \(round) left the folder being written into")
      if !left.isEmpty { return }
    }
  }
}
