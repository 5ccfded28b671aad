import Foundation
import XCTest

/// `arscene replay --tap/--drag/--rotate`: objects placed on the tap's
/// frame, rejections with reasons, gestures, byte-identical events, and
/// usage errors naming the bad field.
final class PlacementCommandTests: XCTestCase {
  private var workspace: AcceptanceWorkspace!

  override func setUpWithError() throws {
    workspace = try AcceptanceWorkspace(releaseBuild: false)
  }

  override func tearDownWithError() throws {
    workspace.remove()
  }

  /// 24 frames (0.8 s) of the room at 160 x 120; at 0.5 s the lower left of
  /// the image shows the floor.
  private func synthesize() throws -> String {
    try workspace.synthesize(
      ["--scene", "room", "--frames", "24", "--width", "160", "--height", "120"], name: "seq")
  }

  private func events(_ stdout: String) throws -> [[String: Any]] {
    try stdout.split(separator: "\n").map {
      try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
  }

  func testTapsPlaceOrAreRejectedAndGesturesMoveTheObject() throws {
    let sequence = try synthesize()
    let arguments = [
      "replay", sequence, "--events", "-", "--no-timings", "--quiet",
      "--tap", "t=0.5,x=0.3,y=0.8,object=chair,on=floor",
      "--tap", "t=0.5,x=0.3,y=0.8,object=game,on=table",
      "--tap", "t=0.5,x=0.3,y=0.8,object=picture,on=wall",
      "--rotate", "t=0.6,object=chair,degrees=90",
      "--drag", "t=0.7,object=chair,x=0.35,y=0.8",
      // The game's tap is refused (no table there), so at run time there is
      // no game to drag: rejected as unknownObject. (A drag of a name no tap
      // places at all is a usage error, below.)
      "--drag", "t=0.7,object=game,x=0.35,y=0.8",
    ]
    let result = try CommandRunner.run(arguments)
    XCTAssertEqual(result.status, 0, result.stderr)
    let all = try events(result.stdout)
    let placed = try XCTUnwrap(all.first { $0["type"] as? String == "objectPlaced" })
    XCTAssertEqual(placed["t"] as? Double, 0.5, "on the tap's own frame")
    XCTAssertEqual(placed["frame"] as? Int, 15)
    let object = try XCTUnwrap(placed["object"] as? [String: Any])
    XCTAssertEqual(object["name"] as? String, "chair")
    XCTAssertEqual(object["id"] as? String, "41525363-4F42-8000-8000-000000000001")
    XCTAssertEqual((object["transform"] as? [Double])?.count, 16)

    let rejections = all.filter { $0["type"] as? String == "placementRejected" }
    XCTAssertEqual(
      rejections.map { $0["reason"] as? String },
      ["wrongClassification", "wrongAlignment", "unknownObject"])
    XCTAssertEqual(rejections[0]["found"] as? String, "floor")
    XCTAssertEqual(rejections[0]["needed"] as? [String], ["table"])
    XCTAssertEqual((rejections[1]["object"] as? [String: Any])?["name"] as? String, "picture")

    let causes = all.filter { $0["type"] as? String == "objectMoved" }.compactMap {
      $0["cause"] as? String
    }
    XCTAssertTrue(causes.contains("rotate"))
    XCTAssertTrue(causes.contains("drag"))
    XCTAssertTrue(all.contains { $0["type"] as? String == "raycastUpdated" })
    // A tick's placement events follow its frames' events and name the
    // newest processed frame and the tick.
    var lastFrame: Int?
    for event in all {
      let type = event["type"] as? String
      if type == "frame" { lastFrame = event["frame"] as? Int }
      if ["objectPlaced", "objectMoved", "placementRejected", "raycastUpdated"].contains(type) {
        XCTAssertEqual(event["frame"] as? Int, lastFrame)
        XCTAssertNotNil(event["tick"] as? Int)
      }
    }
    XCTAssertEqual(placed["tick"] as? Int, 30, "t=0.5 s is tick 30 of the 60 Hz loop")
    XCTAssertEqual(try CommandRunner.run(arguments).stdout, result.stdout, "byte-identical")
  }

  func testBadScriptsAreUsageErrorsNamingTheField() throws {
    let cases: [([String], String)] = [
      (["--tap", "t=1,x=1.5,y=0.5,object=chair"], "x=1.5 must be in 0...1"),
      (["--tap", "t=1,x=0.5,y=0.5,object=chair,on=sofa"], "on=sofa is not a surface"),
      (["--tap", "t=1,x=0.5,y=0.5"], "field object is missing"),
      (["--tap", "t=1,x=0.5,y=0.5,z=2,object=chair"], "unknown field \"z\""),
      (["--tap", "t=-1,x=0.5,y=0.5,object=chair"], "t=-1.0 must be >= 0"),
      (["--tap", "t=abc,x=0.5,y=0.5,object=chair"], "t=abc is not a finite number"),
      (["--tap", "t=1,x=0.5,x=0.6,y=0.5,object=chair"], "field x is given twice"),
      (["--tap", "t=1,x"], "field \"x\" is not key=value"),
      (["--drag", "t=1,object=chair,x=0.5"], "field y is missing"),
      (["--rotate", "t=1,object=chair,degrees=nan"], "degrees=nan is not a finite number"),
      // Once ignored in silence (issue 18 row 6): moving what no tap placed.
      (["--drag", "t=1,object=sofa,x=0.5,y=0.5"], "no --tap places an object of that name"),
      (
        ["--rotate", "t=0.5,object=chair,degrees=10", "--tap", "t=1,x=0.5,y=0.5,object=chair"],
        "moves object=chair, but no --tap places an object of that name by then"
      ),
    ]
    for (arguments, words) in cases {
      let result = try CommandRunner.run(["replay", "x"] + arguments)
      XCTAssertEqual(result.status, 2, "\(arguments): \(result.stderr)")
      XCTAssertTrue(result.stderr.contains(words), "\(arguments): \(result.stderr)")
      XCTAssertTrue(result.stderr.contains(arguments[0]), "names the option: \(result.stderr)")
    }
  }

  func testHelpDocumentsTheScriptSyntax() throws {
    let result = try CommandRunner.run(["replay", "--help"])
    XCTAssertEqual(result.status, 0)
    for words in [
      "--tap", "--drag", "--rotate", "object=chair,on=floor", "degrees=45", "objectPlaced",
    ] {
      XCTAssertTrue(result.stdout.contains(words), "help lacks \(words)")
    }
  }
}
