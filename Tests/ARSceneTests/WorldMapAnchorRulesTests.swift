import Foundation
import XCTest

@testable import ARScene

/// Issue 46: the anchors a world map holds are read by the document's rules
/// (Datasets/WORLD_MAP.md, ANCH): every identifier a UUID and used once,
/// every transform a rotation and a translation.
final class WorldMapAnchorRulesTests: XCTestCase {
  private let identity: [Float] = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0.5, 1, -2, 1]

  private func json(_ entries: [(id: String, transform: [Float])]) -> Data {
    let anchors = entries.map { entry in
      #"{"identifier":"\#(entry.id)","kind":"app","name":"spot","transform":[\#(entry.transform.map { "\($0)" }.joined(separator: ","))]}"#
    }
    return Data(#"{"anchors":[\#(anchors.joined(separator: ","))]}"#.utf8)
  }

  private func refusal(_ data: Data) -> String {
    do {
      _ = try WorldMapAnchor.decodeList(data)
      return ""
    } catch {
      return error.message
    }
  }

  func testGoodAnchorsAreRead() throws {
    let id = UUID().uuidString
    let anchors = try WorldMapAnchor.decodeList(json([(id, identity)]))
    XCTAssertEqual(anchors.map(\.identifier), [id])
  }

  func testIdentifiersMustBeUUIDsUsedOnce() {
    XCTAssertTrue(refusal(json([("spot-1", identity)])).contains("is not a UUID"))
    XCTAssertTrue(refusal(json([("", identity)])).contains("is not a UUID"))
    let id = UUID().uuidString
    XCTAssertTrue(
      refusal(json([(id, identity), (id.lowercased(), identity)])).contains(
        "repeats the identifier"))
  }

  func testTransformsMustBeRigid() {
    var singular = identity
    singular[0] = 0
    var scaled = identity
    scaled[0] = 2
    scaled[5] = 2
    scaled[10] = 2
    var mirrored = identity
    mirrored[0] = -1
    var projective = identity
    projective[3] = 0.1
    for (name, transform) in [
      ("singular", singular), ("scaled", scaled), ("mirrored", mirrored),
      ("projective", projective),
    ] {
      XCTAssertTrue(
        refusal(json([(UUID().uuidString, transform)])).contains("no valid 4x4 transform"), name)
    }
  }

  func testASessionRefusesAnAnchorItCouldNotSave() throws {
    let session = try Session()
    var transform = Transform.identity
    transform.columns.0.x = 3
    XCTAssertThrowsError(
      try session.add(anchor: AppAnchor(name: "stretched", transform: transform))
    ) { error in
      XCTAssertTrue("\(error)".contains("not a rotation and a translation"), "\(error)")
    }
  }
}
