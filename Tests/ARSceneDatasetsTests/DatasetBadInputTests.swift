import ARScene
import ARSceneDatasets
import Foundation
import XCTest

/// Every way a sequence can be broken gives a ``DatasetError`` that names the
/// file, the line where there is one, and what is wrong; nothing crashes.
final class DatasetBadInputTests: XCTestCase {
  private let camera = CameraIntrinsics(fx: 30, fy: 30, cx: 16, cy: 12, width: 32, height: 24)

  /// A valid two-frame TUM folder (32x24) whose files the tests then break.
  private func makeFolder(name: String = "broken") throws -> URL {
    let folder = try SequenceFixtures.temporaryFolder(self, name: name)
    for (index, time) in ["1.0", "2.0"].enumerated() {
      try SequenceFixtures.write(
        try SequenceFixtures.colorImage(seed: index),
        to: folder.appendingPathComponent("rgb/\(time).png"))
      try SequenceFixtures.write(
        try SequenceFixtures.depthImage(seed: index),
        to: folder.appendingPathComponent("depth/\(time).png"))
    }
    try write(
      "# color images\n# timestamp filename\n1.0 rgb/1.0.png\n2.0 rgb/2.0.png\n", "rgb.txt",
      in: folder)
    try write("# depth\n1.0 depth/1.0.png\n2.0 depth/2.0.png\n", "depth.txt", in: folder)
    return folder
  }

  private func write(_ text: String, _ name: String, in folder: URL) throws {
    try SequenceFixtures.write(text, to: folder.appendingPathComponent(name))
  }

  private func path(_ name: String, in folder: URL) -> String {
    folder.appendingPathComponent(name).standardizedFileURL.path
  }

  private func openError(_ folder: URL, intrinsics: CameraIntrinsics? = nil) -> DatasetError? {
    SequenceFixtures.datasetError {
      try SequenceLoader.open(folder, intrinsics: intrinsics ?? camera)
    }
  }

  private func assertError(
    _ error: DatasetError?, file: String?, line: Int?, contains parts: [String],
    sourceFile: StaticString = #filePath, sourceLine: UInt = #line
  ) {
    guard let error else { return }
    XCTAssertEqual(error.file, file, "\(error)", file: sourceFile, line: sourceLine)
    XCTAssertEqual(error.line, line, "\(error)", file: sourceFile, line: sourceLine)
    for part in parts {
      XCTAssertTrue(
        error.message.contains(part), "'\(error.message)' lacks '\(part)'", file: sourceFile,
        line: sourceLine)
    }
  }

  // MARK: Folders

  func testMissingFolder() throws {
    let folder = try SequenceFixtures.temporaryFolder(self).appendingPathComponent("nowhere")
    assertError(openError(folder), file: folder.path, line: nil, contains: ["does not exist"])
  }

  func testEmptyFolder() throws {
    let folder = try SequenceFixtures.temporaryFolder(self)
    assertError(
      openError(folder), file: folder.path, line: nil, contains: ["no rgb.txt or sequence.json"])
  }

  func testUnknownIntrinsics() throws {
    let folder = try makeFolder(name: "my-own-recording")
    let error = SequenceFixtures.datasetError { try SequenceLoader.open(folder) }
    assertError(
      error, file: folder.path, line: nil,
      contains: ["no camera intrinsics", "--intrinsics fx,fy,cx,cy", "sequence.json"])
  }

  /// Intrinsics the caller gives are blamed on the caller, whichever the
  /// format, not on a file of the sequence that they replaced.
  func testGivenIntrinsicsThatCannotBeACameraNameTheirSource() throws {
    let absurd = CameraIntrinsics(fx: 1e308, fy: 30, cx: 16, cy: 12, width: 0, height: 0)
    let folders = [
      try FormatFixtures.tum(self), try FormatFixtures.sevenScenes(self),
      try FormatFixtures.euroc(self), try FormatFixtures.arkitScenes(self),
    ]
    for folder in folders {
      let error = SequenceFixtures.datasetError {
        try SequenceLoader.open(folder, intrinsics: absurd)
      }
      assertError(
        error, file: nil, line: nil,
        contains: ["the given intrinsics (--intrinsics)", "focal lengths", "fx=1e+308"])
    }
  }

  // MARK: Lists

  func testListedImageThatDoesNotExist() throws {
    let folder = try makeFolder()
    try write("# color images\n1.0 rgb/1.0.png\n\n2.0 rgb/missing.png\n", "rgb.txt", in: folder)
    assertError(
      openError(folder), file: path("rgb.txt", in: folder), line: 4,
      contains: ["does not exist", path("rgb/missing.png", in: folder)])
  }

  func testListedDepthImageThatDoesNotExist() throws {
    let folder = try makeFolder()
    try write("1.0 depth/1.0.png\n2.0 depth/gone.png\n", "depth.txt", in: folder)
    assertError(
      openError(folder), file: path("depth.txt", in: folder), line: 2,
      contains: [path("depth/gone.png", in: folder)])
  }

  func testTimestampsGoingBackwards() throws {
    let folder = try makeFolder()
    try write("# c\n2.0 rgb/2.0.png\n1.0 rgb/1.0.png\n", "rgb.txt", in: folder)
    assertError(
      openError(folder), file: path("rgb.txt", in: folder), line: 3,
      contains: ["timestamp 1.0 goes backwards", "line 2"])
  }

  func testGroundTruthGoingBackwards() throws {
    let folder = try makeFolder()
    try write("1.0 0 0 0 0 0 0 1\n0.5 0 0 0 0 0 0 1\n", "groundtruth.txt", in: folder)
    assertError(
      openError(folder), file: path("groundtruth.txt", in: folder), line: 2, contains: ["backwards"]
    )
  }

  func testDuplicateTimestampKeepsTheFirstFrame() throws {
    let folder = try makeFolder()
    try write("# c\n1.0 rgb/1.0.png\n1.0 rgb/2.0.png\n2.0 rgb/2.0.png\n", "rgb.txt", in: folder)
    let sequence = try SequenceLoader.open(folder, intrinsics: camera)
    XCTAssertEqual(sequence.frames.map(\.timestamp), [1.0, 2.0])
    XCTAssertEqual(sequence.frames.map(\.index), [0, 1])
    XCTAssertEqual(URL(fileURLWithPath: sequence.frames[0].colorPath).lastPathComponent, "1.0.png")
    XCTAssertEqual(
      sequence.problems,
      ["rgb.txt:3: duplicate timestamp 1.0 dropped (line 2 with the same time is kept)"])
  }

  func testNaNQuaternion() throws {
    let folder = try makeFolder()
    try write("# gt\n1.0 0 0 0 0 0 0 1\n1.5 0 0 0 nan 0 0 1\n", "groundtruth.txt", in: folder)
    assertError(
      openError(folder), file: path("groundtruth.txt", in: folder), line: 3,
      contains: ["qx is nan, not a finite number"])
  }

  func testNonUnitQuaternion() throws {
    let folder = try makeFolder()
    try write("1.0 0 0 0 0 0 0 1.1\n", "groundtruth.txt", in: folder)
    assertError(
      openError(folder), file: path("groundtruth.txt", in: folder), line: 1,
      contains: ["norm 1.1", "must be 1 within 0.001"])
  }

  func testNearlyUnitQuaternionIsNormalised() throws {
    let folder = try makeFolder()
    try write("1.0 0 0 0 0.6 0 0 0.8004\n", "groundtruth.txt", in: folder)
    let pose = try XCTUnwrap(try SequenceLoader.open(folder, intrinsics: camera).groundTruth.first)
    XCTAssertEqual(pose.rotation.norm, 1, accuracy: 1e-12)
    XCTAssertEqual(pose.rotation.w, 0.8004 / (0.36 + 0.8004 * 0.8004).squareRoot(), accuracy: 1e-12)
  }

  func testWrongNumberOfFields() throws {
    let folder = try makeFolder()
    try write("1.0 rgb/1.0.png extra\n", "rgb.txt", in: folder)
    assertError(
      openError(folder), file: path("rgb.txt", in: folder), line: 1,
      contains: ["expected 2 fields (timestamp path), found 3"])

    try write("1.0 rgb/1.0.png\n", "rgb.txt", in: folder)
    try write("# gt\n1.0 0 0 0 0 0 1\n", "groundtruth.txt", in: folder)
    assertError(
      openError(folder), file: path("groundtruth.txt", in: folder), line: 2,
      contains: ["expected 8 fields (timestamp tx ty tz qx qy qz qw), found 7"])
  }

  func testNonNumericFields() throws {
    let folder = try makeFolder()
    try write("1.0 rgb/1.0.png\nsoon rgb/2.0.png\n", "rgb.txt", in: folder)
    assertError(
      openError(folder), file: path("rgb.txt", in: folder), line: 2,
      contains: ["timestamp 'soon' is not a number"])

    try write("1.0 rgb/1.0.png\n", "rgb.txt", in: folder)
    try write("1.0 0.1 9.8 zero\n", "accelerometer.txt", in: folder)
    assertError(
      openError(folder), file: path("accelerometer.txt", in: folder), line: 1,
      contains: ["az 'zero' is not a number"])

    try write("1.0 0.1 9.8 0 0 0 1e99\n", "imu.txt", in: folder)
    assertError(
      openError(folder), file: path("imu.txt", in: folder), line: 1,
      contains: ["gz is out of range"])
  }

  func testEmptyColourList() throws {
    let folder = try makeFolder()
    try write("# nothing yet\n", "rgb.txt", in: folder)
    assertError(
      openError(folder), file: path("rgb.txt", in: folder), line: nil, contains: ["lists no images"]
    )
  }

  /// A list line naming a file outside the folder (`../`, or an absolute
  /// path elsewhere) is refused, naming the line and where it points, unless
  /// the caller allows it; `..` that stays inside is fine.
  func testListedPathsStayInsideTheFolderUnlessAllowed() throws {
    let folder = try makeFolder()
    let outside = folder.deletingLastPathComponent().appendingPathComponent("elsewhere.png")
    try SequenceFixtures.write(try SequenceFixtures.colorImage(seed: 3), to: outside)
    for listed in ["../elsewhere.png", outside.path, "rgb/../../elsewhere.png"] {
      try write("# color\n1.0 \(listed)\n2.0 rgb/2.0.png\n", "rgb.txt", in: folder)
      assertError(
        openError(folder), file: path("rgb.txt", in: folder), line: 2,
        contains: ["'\(listed)' points outside the folder", "--allow-outside-paths"])
      let sequence = try SequenceLoader.open(
        folder, intrinsics: camera, allowingOutsidePaths: true)
      XCTAssertEqual(sequence.frames.first?.colorPath, outside.standardizedFileURL.path)
    }
    try write("# color\n1.0 depth/../rgb/1.0.png\n2.0 rgb/2.0.png\n", "rgb.txt", in: folder)
    XCTAssertNoThrow(
      try SequenceLoader.open(folder, intrinsics: camera), "a path that stays inside is read")
  }

  /// references.json naming a picture outside its folder: refused when read.
  func testReferencePicturesStayInsideTheirFolderUnlessAllowed() throws {
    let folder = try SequenceFixtures.temporaryFolder(self, name: "references")
    try SequenceFixtures.write(
      try SequenceFixtures.colorImage(width: 64, height: 48, seed: 1),
      to: folder.deletingLastPathComponent().appendingPathComponent("poster.png"))
    try write(
      #"[{"name": "poster", "file": "../poster.png", "physicalWidth": 0.5}]"#,
      ReferenceImageList.fileName, in: folder)
    let list = try ReferenceImageList(directory: folder)
    let error = SequenceFixtures.datasetError { try list.referenceImage(list.entries[0]) }
    assertError(
      error, file: folder.appendingPathComponent(ReferenceImageList.fileName).path, line: nil,
      contains: ["reference 'poster'", "'../poster.png' points outside the folder"])
    let allowed = try ReferenceImageList(directory: folder, allowingOutsidePaths: true)
    XCTAssertEqual(try allowed.referenceImage(allowed.entries[0]).name, "poster")
  }

  // MARK: Images

  func testCorruptPNG() throws {
    let folder = try makeFolder()
    try Data("not a png at all".utf8).write(to: folder.appendingPathComponent("rgb/2.0.png"))
    let sequence = try SequenceLoader.open(folder, intrinsics: camera)
    XCTAssertNoThrow(try sequence.loadFrame(sequence.frames[0]))
    let error = SequenceFixtures.datasetError { try sequence.loadFrame(sequence.frames[1]) }
    assertError(
      error, file: path("rgb/2.0.png", in: folder), line: nil, contains: ["not a readable image"])
  }

  func testDepthOfAnotherSize() throws {
    let folder = try makeFolder()
    try SequenceFixtures.write(
      try SequenceFixtures.depthImage(width: 16, height: 12),
      to: folder.appendingPathComponent("depth/2.0.png"))
    let sequence = try SequenceLoader.open(folder, intrinsics: camera)
    let error = SequenceFixtures.datasetError { try sequence.loadFrame(sequence.frames[1]) }
    assertError(
      error, file: path("depth/2.0.png", in: folder), line: nil,
      contains: ["16x12", "32x24", path("rgb/2.0.png", in: folder)])
  }

  func testColourImageOfAnotherSizeThanTheCamera() throws {
    let folder = try makeFolder()
    let wide = CameraIntrinsics(fx: 30, fy: 30, cx: 16, cy: 12, width: 64, height: 48)
    let sequence = try SequenceLoader.open(folder, intrinsics: wide)
    let error = SequenceFixtures.datasetError { try sequence.loadFrame(sequence.frames[0]) }
    assertError(
      error, file: path("rgb/1.0.png", in: folder), line: nil, contains: ["32x24", "64x48"])
  }

  func testDepthStoredAsColour() throws {
    let folder = try makeFolder()
    try SequenceFixtures.write(
      try SequenceFixtures.colorImage(), to: folder.appendingPathComponent("depth/1.0.png"))
    let sequence = try SequenceLoader.open(folder, intrinsics: camera)
    let error = SequenceFixtures.datasetError { try sequence.loadFrame(sequence.frames[0]) }
    assertError(error, file: path("depth/1.0.png", in: folder), line: nil, contains: ["16-bit"])
  }

  // MARK: sequence.json

  private func sequenceJSON(_ text: String) throws -> (folder: URL, error: DatasetError?) {
    let folder = try makeFolder()
    try write(text, "sequence.json", in: folder)
    return (folder, SequenceFixtures.datasetError { try SequenceLoader.open(folder) })
  }

  private let validCamera = #""width": 32, "height": 24, "fx": 30, "fy": 30, "cx": 16, "cy": 12"#

  func testMalformedSequenceJSON() throws {
    let (folder, error) = try sequenceJSON("{\n  \"name\": \"x\",\n  \"camera\": {\n")
    assertError(
      error, file: path("sequence.json", in: folder), line: nil,
      contains: ["is not valid JSON", "end of file"])
  }

  func testSequenceJSONSyntaxErrorNamesTheLine() throws {
    let (folder, error) = try sequenceJSON("{\n  \"name\": x\n}\n")
    assertError(
      error, file: path("sequence.json", in: folder), line: 2, contains: ["is not valid JSON"])
  }

  func testSequenceJSONThatIsNotAnObject() throws {
    let (folder, error) = try sequenceJSON("[1, 2]")
    assertError(
      error, file: path("sequence.json", in: folder), line: nil, contains: ["JSON object"])
  }

  func testSequenceJSONWithoutCamera() throws {
    let (folder, error) = try sequenceJSON(#"{"name": "x"}"#)
    assertError(
      error, file: path("sequence.json", in: folder), line: nil, contains: [#"missing "camera""#])
  }

  func testSequenceJSONCameraFields() throws {
    let cases: [(String, String)] = [
      (#"{"width": 32, "height": 24, "fy": 30, "cx": 16, "cy": 12}"#, #"missing "camera.fx""#),
      (
        #"{"width": 32, "height": 24, "fx": -30, "fy": 30, "cx": 16, "cy": 12}"#,
        #""camera.fx" must be > 0"#
      ),
      (
        #"{"width": 32, "height": 24, "fx": "30", "fy": 30, "cx": 16, "cy": 12}"#,
        #""camera.fx" must be a number"#
      ),
      (
        #"{"width": 32.5, "height": 24, "fx": 30, "fy": 30, "cx": 16, "cy": 12}"#,
        #""camera.width" must be a whole number"#
      ),
      (
        #"{"width": 32, "height": 0, "fx": 30, "fy": 30, "cx": 16, "cy": 12}"#,
        #""camera.height" must be a whole number of pixels > 0"#
      ),
      (#"{"width": 32, "height": 24, "fx": 30, "fy": 30, "cx": 16}"#, #"missing "camera.cy""#),
      (
        #"{\#(validCamera), "distortion": [0.1, 0.2]}"#,
        #""camera.distortion" must have 4, 5, 8, 12 or 14"#
      ),
      (
        #"{\#(validCamera), "distortion": [0.1, 0.2, 0, 5e6]}"#,
        #""camera.distortion" coefficient 3 is 5e+06, not a finite number within ±1000"#
      ),
      (
        #"{\#(validCamera), "distortion": [0.1, "a", 0, 0]}"#,
        #""camera.distortion[1]" must be a number"#
      ),
    ]
    for (camera, message) in cases {
      let (folder, error) = try sequenceJSON(#"{"name": "x", "camera": \#(camera)}"#)
      assertError(error, file: path("sequence.json", in: folder), line: nil, contains: [message])
    }
  }

  func testSequenceJSONOtherFields() throws {
    let cases: [(String, String)] = [
      (#""depth": {}"#, #"missing "depth.scale""#),
      (#""depth": {"scale": -5}"#, #""depth.scale" must be > 0"#),
      // Once reported as "is not valid JSON" (issue 18 row 6).
      (#""depth": {"scale": 1e300}"#, #""depth.scale" must be > 0 and at most 1000000"#),
      (
        #""depth": {"scale": 5000, "colorFromDepth": [1, 0, 0]}"#,
        #""depth.colorFromDepth" must be 16 numbers"#
      ),
      (#""depth": {"scale": 1000, "noise": 0}"#, #""depth.noise" must be > 0 and at most 1.0"#),
      (#""depth": {"scale": 1000, "noise": 7.5}"#, #""depth.noise" must be > 0 and at most 1.0"#),
      (#""depth": {"scale": 1000, "noise": "lidar"}"#, #""depth.noise" must be a number"#),
      (#""frameRate": 0"#, #""frameRate" must be > 0"#),
      (#""sensors": "color""#, #""sensors" must be an array"#),
    ]
    for (member, message) in cases {
      let (folder, error) = try sequenceJSON(
        #"{"name": "x", "camera": {\#(validCamera)}, \#(member)}"#)
      assertError(error, file: path("sequence.json", in: folder), line: nil, contains: [message])
    }
  }

  func testUnregisteredDepthIsRegisteredWhenLoaded() throws {
    let folder = try makeFolder()
    try write(
      #"""
      {"name": "kitchen", "camera": {\#(validCamera)}, "sensors": ["color", "depth"],
       "depth": {"scale": 1000, "intrinsics": {"width": 32, "height": 24, "fx": 29, "fy": 29, "cx": 16, "cy": 12},
                 "colorFromDepth": [1, 0, 0, 0.025, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]}}
      """#, "sequence.json", in: folder)
    let sequence = try SequenceLoader.open(folder)
    XCTAssertEqual(sequence.format, "native")
    XCTAssertEqual(sequence.description.colorFromDepth?.translation, SIMD3(0.025, 0, 0))
    XCTAssertEqual(sequence.description.depthIntrinsics?.fx, 29)
    XCTAssertEqual(sequence.problems, [])
    let depth = try XCTUnwrap(try sequence.loadFrame(sequence.frames[0]).depth)
    XCTAssertEqual(depth.depthMap.width, 32)
    XCTAssertEqual(depth.unitsPerMeter, 1000)
    // The fixture's ramp (5000 + 40x + 70y mm) seen from 2.5 cm to the left
    // and through a 30 px lens instead of 29: the same depths, shifted.
    let measured = try SequenceFixtures.depthImage(seed: 0)
    XCTAssertNotEqual(SequenceFixtures.pixels(depth.depthMap), SequenceFixtures.pixels(measured))
    XCTAssertEqual(depth.depthMap.value(x: 16, y: 12), 5000 + 40 * 16 + 70 * 12, accuracy: 80)
  }

  func testSequenceJSONMismatchesAreProblems() throws {
    let folder = try makeFolder()
    try write(
      #"{"camera": {\#(validCamera)}, "sensors": ["color", "imu", "lidar"], "groundTruth": {"convention": "arkit"}}"#,
      "sequence.json", in: folder)
    let sequence = try SequenceLoader.open(folder)
    XCTAssertEqual(sequence.description.name, "broken")
    XCTAssertEqual(sequence.description.depthUnitsPerMeter, nil)
    XCTAssertTrue(sequence.frames.allSatisfy { $0.depthPath == nil })
    XCTAssertEqual(
      sequence.problems,
      [
        #"sequence.json: unknown sensor "lidar" ignored (known: color, depth, imu, groundTruth)"#,
        #"sequence.json: ground-truth convention "arkit" is passed through unconverted; readers expect "opencv""#,
        #"depth.txt: ignored because sequence.json has no "depth" scale"#,
        #"sequence.json: lists sensor "imu" but imu.txt or accelerometer.txt has no data"#,
      ])
  }

  // MARK: Writer

  func testWriterRefusesANonEmptyFolder() throws {
    let folder = try makeFolder()
    let error = SequenceFixtures.datasetError {
      try NativeSequenceWriter(directory: folder, description: SequenceFixtures.description())
    }
    assertError(error, file: folder.path, line: nil, contains: ["is not empty"])
  }

  func testWriterRefusesTimeGoingBackwards() throws {
    let folder = try SequenceFixtures.temporaryFolder(self)
    let description = SequenceFixtures.description()
    let writer = try NativeSequenceWriter(directory: folder, description: description)
    let image = try SequenceFixtures.colorImage()
    try writer.append(
      CapturedFrame(timestamp: 2, intrinsics: camera, capturedImage: image), groundTruth: nil)
    let error = SequenceFixtures.datasetError {
      try writer.append(
        CapturedFrame(timestamp: 2.0000001, intrinsics: camera, capturedImage: image),
        groundTruth: nil)
    }
    assertError(
      error, file: nil, line: nil,
      contains: ["frame timestamp 2.000000 is not after the previous one"])
  }

  func testWriterRefusesAnInvalidPose() throws {
    let folder = try SequenceFixtures.temporaryFolder(self)
    let writer = try NativeSequenceWriter(
      directory: folder, description: SequenceFixtures.description())
    let frame = CapturedFrame(
      timestamp: 1, intrinsics: camera, capturedImage: try SequenceFixtures.colorImage())
    let pose = TimedPose(
      timestamp: 1, rotation: Quaternion(x: 0, y: 0, z: 0, w: 2), translation: .zero)
    let error = SequenceFixtures.datasetError { try writer.append(frame, groundTruth: pose) }
    assertError(error, file: nil, line: nil, contains: ["quaternion norm is 2.0"])
    // Nothing of the rejected frame was written (where the writer writes
    // until the sequence is finished).
    XCTAssertEqual(
      try FileManager.default.contentsOfDirectory(
        atPath: writer.directory.appendingPathComponent("rgb").path),
      [])
  }

  func testWriterRefusesAnInvalidCamera() throws {
    let folder = try SequenceFixtures.temporaryFolder(self)
    var description = SequenceFixtures.description()
    description.camera.fx = .nan
    let error = SequenceFixtures.datasetError {
      try NativeSequenceWriter(directory: folder, description: description)
    }
    assertError(error, file: nil, line: nil, contains: ["NaN"])
  }
}
