import Foundation
import XCTest

@testable import ARSceneDatasets

final class JSONLineTests: XCTestCase {
  func testKeysKeepTheirOrderAndFloatsTheirPrecision() {
    var line = JSONLine()
    line.add("type", "frame")
    line.add("t", 1.0 / 3.0)
    line.add("n", 3)
    line.add("ok", true)
    line.add("v", [0.5, -0.0000001], decimals: 3)
    XCTAssertEqual(line.text, #"{"type":"frame","t":0.333333,"n":3,"ok":true,"v":[0.500,0.000]}"#)
  }

  func testNonFiniteNumbersBecomeNullAndStringsAreEscaped() throws {
    var line = JSONLine()
    line.add("nan", Double.nan)
    line.add("text", "a \"quoted\"\\ line\n\u{1}")
    let parsed = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(line.text.utf8)) as? [String: Any])
    XCTAssertTrue(parsed["nan"] is NSNull)
    XCTAssertEqual(parsed["text"] as? String, "a \"quoted\"\\ line\n\u{1}")
  }
}
