import Foundation
import TestSupport
import XCTest

/// ROS bags in: a synthetic sequence written as a rosbag2 (SQLite3 and MCAP)
/// and a ROS 1 bag (Tools/convert/native-to-rosbag), converted back by
/// `arscene dataset convert`, replays with the same poses and planes; bad
/// bags are refused naming the topic and the problem.
final class RosBagConvertTests: XCTestCase {
  private let tools = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Tools")

  private func requireRosbags() throws {
    guard try CommandRunner.python(["-c", "import rosbags, PIL, numpy"]).status == 0 else {
      throw XCTSkip(
        "the rosbags, Pillow and numpy packages are not installed (python3 -m pip install rosbags pillow)"
      )
    }
  }

  private func workspace() throws -> URL {
    let folder = try TemporaryFolder.make("arscene-rosbag", removedAfter: self)
    return folder
  }

  /// The replay's events without its first and last (they name the sequence
  /// and say how long the replay took): what the frames caused.
  private func frameEvents(_ sequence: String) throws -> [String] {
    let run = try CommandRunner.run([
      "replay", sequence, "--events", "-", "--no-timings", "--quiet",
    ])
    XCTAssertEqual(run.status, 0, run.stderr)
    return run.stdout.split(separator: "\n").map(String.init).filter {
      !$0.contains(#""type":"session""#) && !$0.contains(#""type":"summary""#)
    }
  }

  /// Writes `original` as a bag (Tools/convert/native-to-rosbag with
  /// `writing`) at `folder/name`, then converts it back with `dataset
  /// convert` (and `converting`): the bag's path, the converted sequence's
  /// path and what the conversion printed.
  private func bagAndBack(
    _ original: String, in folder: URL, name: String, writing: [String],
    converting: [String] = [], file: StaticString = #filePath, line: UInt = #line
  ) throws -> (bag: String, converted: String, stderr: String) {
    let bag = folder.appendingPathComponent(name).path
    let written = try CommandRunner.python(
      [tools.appendingPathComponent("convert/native-to-rosbag").path, original, "--out", bag]
        + writing)
    XCTAssertEqual(written.status, 0, written.stderr, file: file, line: line)
    let converted = folder.appendingPathComponent("\(name)-native").path
    let convert = try CommandRunner.run(
      ["dataset", "convert", bag, "--out", converted] + converting)
    XCTAssertEqual(convert.status, 0, convert.stderr, file: file, line: line)
    return (bag, converted, convert.stderr)
  }

  func testABagOfEachKindConvertsBackToTheSameReplay() throws {
    try requireRosbags()
    let folder = try workspace()
    let original = try CommandRunner.synthesizedRoom(frames: 45, in: folder)
    let expected = try frameEvents(original)
    XCTAssertTrue(
      expected.contains { $0.contains(#""type":"anchorAdded""#) }, "no planes to compare")
    for (format, name) in [
      ("rosbag2-sqlite3", "room-sqlite3"), ("rosbag2-mcap", "room-mcap"), ("rosbag1", "room.bag"),
    ] {
      let (bag, converted, printed) = try bagAndBack(
        original, in: folder, name: name, writing: ["--format", format])
      let info = try CommandRunner.run(["dataset", "info", bag])
      XCTAssertEqual(info.status, 0, info.stderr)
      XCTAssertTrue(info.stdout.contains("color             /camera/color/image_raw"), info.stdout)
      XCTAssertTrue(info.stdout.contains("--topic ROLE=TOPIC"), info.stdout)
      XCTAssertFalse(info.stdout.contains("--camera-info,"), "an option arscene does not have")
      XCTAssertTrue(printed.contains("45 frames (45 with depth)"), printed)
      XCTAssertEqual(try frameEvents(converted), expected, "\(format): another replay")
    }

    // PNG-compressed colour and ground truth on /tf: still the same replay.
    let (compressed, fromPNG, _) = try bagAndBack(
      original, in: folder, name: "room-png",
      writing: ["--format", "rosbag2-mcap", "--compress", "png", "--ground-truth-as", "tf"],
      converting: ["--tf", "world:camera_color_optical_frame"])
    XCTAssertEqual(try frameEvents(fromPNG), expected, "PNG and tf: another replay")
    let noEdge = try CommandRunner.run([
      "dataset", "convert", compressed, "--out", folder.appendingPathComponent("none").path, "--tf",
      "world:elsewhere",
    ])
    XCTAssertEqual(noEdge.status, 1)
    XCTAssertTrue(noEdge.stderr.contains("no transform from world to elsewhere"), noEdge.stderr)

    // JPEG loses detail: another replay, as accurate.
    let (_, fromJPEG, _) = try bagAndBack(
      original, in: folder, name: "room-jpeg.bag",
      writing: ["--format", "rosbag1", "--compress", "jpeg"])
    func score(_ sequence: String) throws -> (ate: Double, tracked: Double) {
      let run = try CommandRunner.run(["eval", sequence, "--json", "--quiet"])
      XCTAssertEqual(run.status, 0, run.stderr)
      let report = try XCTUnwrap(
        JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
      let ate = try XCTUnwrap((report["ate"] as? [String: Any])?["rmse"] as? Double)
      return (ate, try XCTUnwrap(report["trackedFraction"] as? Double))
    }
    let exact = try score(original)
    let fromLossy = try score(fromJPEG)
    XCTAssertEqual(fromLossy.tracked, exact.tracked, "JPEG changed how much was tracked")
    XCTAssertEqual(fromLossy.ate, exact.ate, accuracy: 0.0005, "JPEG moved the ATE by over 0.5 mm")
  }

  /// A camera with a distorting lens: CameraInfo carries its plumb_bob
  /// coefficients, the conversion keeps them and replay undoes them, so the
  /// converted bag replays as the original sequence does. Frames the lens
  /// was ignored on would track and find planes differently.
  func testABagFromALensWithDistortionReplaysAsTheOriginal() throws {
    try requireRosbags()
    let folder = try workspace()
    let original = folder.appendingPathComponent("lens").path
    let synth = try CommandRunner.run([
      "dataset", "synth", "--frames", "45", "--width", "320", "--height", "240",
      "--lens-distortion=-0.2834,0.0740,0.0002,0.00002", "--out", original, "--quiet",
    ])
    XCTAssertEqual(synth.status, 0, synth.stderr)
    let expected = try frameEvents(original)
    XCTAssertTrue(
      expected.contains { $0.contains(#""type":"anchorAdded""#) }, "no planes to compare")
    let (_, converted, _) = try bagAndBack(
      original, in: folder, name: "lens-mcap", writing: ["--format", "rosbag2-mcap"])
    let description = try XCTUnwrap(
      JSONSerialization.jsonObject(
        with: Data(
          contentsOf: URL(fileURLWithPath: converted).appendingPathComponent("sequence.json")))
        as? [String: Any])
    let distortion = try XCTUnwrap(
      (description["camera"] as? [String: Any])?["distortion"] as? [Double])
    XCTAssertEqual(distortion, [-0.2834, 0.0740, 0.0002, 0.00002], "the lens, kept")
    XCTAssertEqual(try frameEvents(converted), expected, "the lens's bag: another replay")
  }

  /// The numbers of a whitespace-separated list (comment lines skipped).
  private func numbers(_ path: String) throws -> [[Double]] {
    try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
      .filter { !$0.hasPrefix("#") }
      .map { $0.split(separator: " ").compactMap { Double($0) } }
  }

  /// A robot's tf tree: ground truth on /tf from world to base_link, the
  /// camera, its optical frames and the IMU on /tf_static, the IMU samples in
  /// the IMU's own (turned) axes, depth in its own frame with its own
  /// CameraInfo. Converting follows the chain and turns the IMU back: the
  /// ground truth and IMU lists come back to within 1e-9 and the replay is
  /// the same. A depth camera declared 5 cm to the colour camera's right is
  /// written for registration with exactly that pose.
  func testATfTreeIsFollowedAndPlacesTheIMUAndTheDepthCamera() throws {
    try requireRosbags()
    let folder = try workspace()
    let original = try CommandRunner.synthesizedRoom(frames: 45, in: folder)
    let expected = try frameEvents(original)
    let truth = try numbers(original + "/groundtruth.txt")
    let imu = try numbers(original + "/imu.txt")
    for (format, name) in [("rosbag2-sqlite3", "tree-sqlite3"), ("rosbag1", "tree.bag")] {
      let (_, converted, _) = try bagAndBack(
        original, in: folder, name: name,
        writing: ["--format", format, "--ground-truth-as", "tf-tree"],
        converting: ["--tf", "world:camera_color_optical_frame"])
      let chained = try numbers(converted + "/groundtruth.txt")
      XCTAssertEqual(chained.count, truth.count, format)
      for (got, want) in zip(chained, truth) {
        // q and -q are one rotation.
        let sign = zip(got[4..<8], want[4..<8]).map { $0 * $1 }.reduce(0, +) < 0 ? -1.0 : 1.0
        for k in 0..<8 {
          XCTAssertEqual(
            got[k] * (k >= 4 ? sign : 1), want[k], accuracy: 1e-9, "\(format) pose \(k)")
        }
      }
      let turned = try numbers(converted + "/imu.txt")
      XCTAssertEqual(turned.count, imu.count, format)
      for (got, want) in zip(turned, imu) {
        for k in 0..<7 { XCTAssertEqual(got[k], want[k], accuracy: 1e-9, "\(format) IMU \(k)") }
      }
      XCTAssertEqual(try frameEvents(converted), expected, "\(format): another replay")
    }

    let (offset, converted, printed) = try bagAndBack(
      original, in: folder, name: "offset",
      writing: [
        "--format", "rosbag2-mcap", "--ground-truth-as", "tf-tree", "--depth-offset", "0.05",
      ],
      converting: ["--tf", "world:camera_color_optical_frame"])
    XCTAssertTrue(
      printed.contains("is registered to colour (camera_color_optical_frame) by /tf_static"),
      printed)
    let description = try XCTUnwrap(
      JSONSerialization.jsonObject(
        with: Data(contentsOf: URL(fileURLWithPath: converted + "/sequence.json")))
        as? [String: Any])
    let depth = try XCTUnwrap(description["depth"] as? [String: Any])
    let colorFromDepth = try XCTUnwrap(depth["colorFromDepth"] as? [Double])
    let shifted: [Double] = [1, 0, 0, 0.05, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]
    XCTAssertEqual(colorFromDepth.count, 16)
    for (got, want) in zip(colorFromDepth, shifted) { XCTAssertEqual(got, want, accuracy: 1e-12) }
    XCTAssertEqual((depth["intrinsics"] as? [String: Any])?["width"] as? Int, 320)
    let replay = try CommandRunner.run(["replay", converted, "--quiet"])
    XCTAssertEqual(replay.status, 0, replay.stderr)

    for (frames, says) in [
      ("base_link:camera_link", "is static: it is no trajectory"),
      ("world:elsewhere", "no chain of /tf and /tf_static frames joins them"),
    ] {
      let refused = try CommandRunner.run([
        "dataset", "convert", offset, "--out", folder.appendingPathComponent("refused").path,
        "--tf", frames,
      ])
      XCTAssertEqual(refused.status, 1, frames)
      XCTAssertTrue(refused.stderr.contains(says), refused.stderr)
    }
  }

  /// Writes a ROS 1 bag with `body` (Python, given `writer`, `store` (the
  /// typestore), `T` (its types), `header(t)` and `image(t, w, h,
  /// encoding, data)`).
  private func badBag(_ path: String, _ body: String) throws {
    let script = """
      import sys, numpy as np
      from rosbags.rosbag1 import Writer
      from rosbags.typesys import Stores, get_typestore
      store = get_typestore(Stores.ROS1_NOETIC); T = store.types
      def header(t):
          return T['std_msgs/msg/Header'](seq=0, stamp=T['builtin_interfaces/msg/Time'](sec=int(t), nanosec=int((t % 1) * 1e9)), frame_id='camera')
      def image(t, w, h, encoding, size):
          return T['sensor_msgs/msg/Image'](header=header(t), height=h, width=w, encoding=encoding, is_bigendian=0, step=w * size, data=np.zeros(w * h * size, dtype=np.uint8))
      def info(t, w, h):
          k = np.array([100.0, 0, w / 2, 0, 100.0, h / 2, 0, 0, 1])
          return T['sensor_msgs/msg/CameraInfo'](header=header(t), height=h, width=w, distortion_model='plumb_bob', D=np.zeros(5), K=k, R=np.eye(3).flatten(), P=np.zeros(12), binning_x=0, binning_y=0, roi=T['sensor_msgs/msg/RegionOfInterest'](x_offset=0, y_offset=0, height=0, width=0, do_rectify=False))
      def put(writer, connection, t, message, msgtype):
          writer.write(connection, int(t * 1e9), store.serialize_ros1(message, msgtype))
      with Writer(sys.argv[1]) as writer:
          image_t, info_t = 'sensor_msgs/msg/Image', 'sensor_msgs/msg/CameraInfo'
      \(body.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n"))
      """
    let run = try CommandRunner.python(["-c", script, path])
    XCTAssertEqual(run.status, 0, run.stderr)
  }

  /// The body of a good bag for ``badBag(_:_:)``: `frames` colour images at
  /// 30 Hz and their camera.
  private static func colourOnly(frames: Int, width: Int, height: Int) -> String {
    """
    c = writer.add_connection('/camera/color/image_raw', image_t, typestore=store)
    i = writer.add_connection('/camera/color/camera_info', info_t, typestore=store)
    for k in range(\(frames)):
        put(writer, c, 1.0 + k / 30, image(1.0 + k / 30, \(width), \(height), 'rgb8', 3), image_t)
    put(writer, i, 1.0, info(1.0, \(width), \(height)), info_t)
    """
  }

  func testBadBagsAreRefusedNamingTheTopicAndTheProblem() throws {
    try requireRosbags()
    let folder = try workspace()
    let cases: [(name: String, body: String, says: [String])] = [
      (
        "no-images.bag",
        """
        c = writer.add_connection('/camera/color/camera_info', info_t, typestore=store)
        put(writer, c, 1.0, info(1.0, 8, 6), info_t)
        """, ["no image topic"]
      ),
      (
        "unknown-encoding.bag",
        """
        c = writer.add_connection('/camera/color/image_raw', image_t, typestore=store)
        i = writer.add_connection('/camera/color/camera_info', info_t, typestore=store)
        put(writer, c, 1.0, image(1.0, 8, 6, 'yuv422', 2), image_t)
        put(writer, i, 1.0, info(1.0, 8, 6), info_t)
        """, ["/camera/color/image_raw", "encoding yuv422"]
      ),
      (
        "sizes.bag",
        """
        c = writer.add_connection('/camera/color/image_raw', image_t, typestore=store)
        d = writer.add_connection('/camera/depth/image_raw', image_t, typestore=store)
        i = writer.add_connection('/camera/color/camera_info', info_t, typestore=store)
        put(writer, c, 1.0, image(1.0, 8, 6, 'rgb8', 3), image_t)
        put(writer, d, 1.0, image(1.0, 4, 3, '16UC1', 2), image_t)
        put(writer, i, 1.0, info(1.0, 8, 6), info_t)
        """, ["/camera/depth/image_raw", "depth is 4x3 but colour is 8x6"]
      ),
      (
        "backwards.bag",
        """
        c = writer.add_connection('/camera/color/image_raw', image_t, typestore=store)
        i = writer.add_connection('/camera/color/camera_info', info_t, typestore=store)
        put(writer, c, 1.0, image(2.0, 8, 6, 'rgb8', 3), image_t)
        put(writer, c, 1.1, image(1.0, 8, 6, 'rgb8', 3), image_t)
        put(writer, i, 1.0, info(1.0, 8, 6), info_t)
        """, ["/camera/color/image_raw", "timestamps go backwards"]
      ),
    ]
    // Issue 46: calibrations that cannot be right, an empty colour topic and
    // frames sharing a stamp, each refused at conversion naming the topic.
    let badInfo: [(name: String, change: String, says: [String])] = [
      ("nan-k.bag", "m.K[0] = float('nan')", ["K[0] (fx) is nan"]),
      ("zero-k.bag", "m.K[:] = 0", ["focal lengths are 0.0 and 0.0"]),
      ("nan-d.bag", "m.D[1] = float('nan')", ["D (distortion) holds a value that is not finite"]),
      (
        "three-d.bag", "m = dataclasses.replace(m, D=np.full(3, 0.01))",
        ["D has 3 coefficients; plumb_bob takes 4 or 5"]
      ),
    ]
    let calibrationCases = badInfo.map { bad in
      (
        name: bad.name,
        body: """
        import dataclasses
        c = writer.add_connection('/camera/color/image_raw', image_t, typestore=store)
        i = writer.add_connection('/camera/color/camera_info', info_t, typestore=store)
        put(writer, c, 1.0, image(1.0, 8, 6, 'rgb8', 3), image_t)
        m = info(1.0, 8, 6)
        \(bad.change)
        put(writer, i, 1.0, m, info_t)
        """, says: ["/camera/color/camera_info message 0"] + bad.says
      )
    }
    let emptyAndShared: [(name: String, body: String, says: [String])] = [
      (
        "empty-colour.bag",
        """
        c = writer.add_connection('/camera/color/image_raw', image_t, typestore=store)
        i = writer.add_connection('/camera/color/camera_info', info_t, typestore=store)
        put(writer, i, 1.0, info(1.0, 8, 6), info_t)
        """, ["/camera/color/image_raw", "has no messages"]
      ),
      (
        "one-stamp.bag",
        """
        c = writer.add_connection('/camera/color/image_raw', image_t, typestore=store)
        i = writer.add_connection('/camera/color/camera_info', info_t, typestore=store)
        put(writer, c, 1.0, image(1.0, 8, 6, 'rgb8', 3), image_t)
        put(writer, c, 1.1, image(1.0, 8, 6, 'rgb8', 3), image_t)
        put(writer, i, 1.0, info(1.0, 8, 6), info_t)
        """, ["/camera/color/image_raw", "two images have the stamp 1.000000 s"]
      ),
    ]
    for bad in cases + calibrationCases + emptyAndShared {
      let bag = folder.appendingPathComponent(bad.name).path
      try badBag(bag, bad.body)
      let run = try CommandRunner.run([
        "dataset", "convert", bag, "--out", folder.appendingPathComponent("out").path,
      ])
      XCTAssertEqual(run.status, 1, "\(bad.name): \(run.stderr)")
      for words in bad.says + [bad.name] {
        XCTAssertTrue(run.stderr.contains(words), "\(bad.name) should say \(words): \(run.stderr)")
      }
      XCTAssertFalse(
        FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path),
        "\(bad.name) left an output")
    }
    // Cut short: half of a good bag.
    let good = folder.appendingPathComponent("good.bag").path
    try badBag(good, Self.colourOnly(frames: 20, width: 64, height: 48))
    let bytes = try Data(contentsOf: URL(fileURLWithPath: good))
    let cut = folder.appendingPathComponent("cut.bag")
    try bytes.prefix(bytes.count / 2).write(to: cut)
    let run = try CommandRunner.run([
      "dataset", "convert", cut.path, "--out", folder.appendingPathComponent("out").path,
    ])
    XCTAssertEqual(run.status, 1, run.stderr)
    XCTAssertTrue(run.stderr.contains("cut.bag"), run.stderr)
  }

  /// Issue 46: a conversion writes its own folder and nothing else; it
  /// never removes the user's files, the bag itself above all.
  func testAConversionNeverRemovesWhatIsNotItsOwn() throws {
    try requireRosbags()
    let folder = try workspace()
    let inputs = folder.appendingPathComponent("inputs")
    try FileManager.default.createDirectory(at: inputs, withIntermediateDirectories: true)
    let bag = inputs.appendingPathComponent("good.bag").path
    try badBag(bag, Self.colourOnly(frames: 3, width: 16, height: 12))
    let bagBytes = try Data(contentsOf: URL(fileURLWithPath: bag))
    // A folder holding other files: refused, the files kept.
    let occupied = folder.appendingPathComponent("occupied")
    try FileManager.default.createDirectory(at: occupied, withIntermediateDirectories: true)
    try Data("mine".utf8).write(to: occupied.appendingPathComponent("keep.txt"))
    let intoOccupied = try CommandRunner.run(["dataset", "convert", bag, "--out", occupied.path])
    XCTAssertEqual(intoOccupied.status, 1, intoOccupied.stderr)
    XCTAssertTrue(intoOccupied.stderr.contains("not empty"), intoOccupied.stderr)
    XCTAssertEqual(
      try Data(contentsOf: occupied.appendingPathComponent("keep.txt")), Data("mine".utf8))
    // The folder that holds the bag, and the bag itself: refused, the bag kept.
    for out in [inputs.path, bag] {
      let run = try CommandRunner.run(["dataset", "convert", bag, "--out", out])
      XCTAssertEqual(run.status, 1, "--out \(out): \(run.stderr)")
      XCTAssertTrue(run.stderr.contains("--out"), run.stderr)
      XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: bag)), bagBytes, "--out \(out)")
    }
    // A failed conversion leaves nothing beside --out, and a folder named
    // like the converter's staging folder is not the converter's to remove.
    let pid = ProcessInfo.processInfo.processIdentifier
    let lookalike = folder.appendingPathComponent(".out.partial-\(pid)")
    try FileManager.default.createDirectory(at: lookalike, withIntermediateDirectories: true)
    let bad = folder.appendingPathComponent("bad.bag").path
    try badBag(
      bad,
      """
      c = writer.add_connection('/camera/color/image_raw', image_t, typestore=store)
      i = writer.add_connection('/camera/color/camera_info', info_t, typestore=store)
      put(writer, c, 1.0, image(1.0, 8, 6, 'yuv422', 2), image_t)
      put(writer, i, 1.0, info(1.0, 8, 6), info_t)
      """)
    let failed = try CommandRunner.run([
      "dataset", "convert", bad, "--out", folder.appendingPathComponent("out").path,
    ])
    XCTAssertEqual(failed.status, 1, failed.stderr)
    let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    XCTAssertEqual(
      left, [lookalike.lastPathComponent, "bad.bag", "inputs", "occupied"].sorted(),
      "a failed conversion left something beside --out")
  }

  /// Issue 46: a converter that writes a long message (a 100 kB encoding
  /// name) does not block on a full pipe; the message is cut short.
  func testALongMessageFromTheConverterNeitherHangsNorFloods() throws {
    try requireRosbags()
    let folder = try workspace()
    let bag = folder.appendingPathComponent("long.bag").path
    try badBag(
      bag,
      """
      c = writer.add_connection('/camera/color/image_raw', image_t, typestore=store)
      i = writer.add_connection('/camera/color/camera_info', info_t, typestore=store)
      put(writer, c, 1.0, image(1.0, 8, 6, 'x' * 100000, 2), image_t)
      put(writer, i, 1.0, info(1.0, 8, 6), info_t)
      """)
    let run = try CommandRunner.run(
      ["dataset", "convert", bag, "--out", folder.appendingPathComponent("out").path],
      timeout: 120)
    XCTAssertEqual(run.status, 1, run.stderr)
    XCTAssertTrue(run.stderr.contains("long.bag"), run.stderr)
    XCTAssertLessThan(run.stderr.utf8.count, 2_000, "the message is not cut short")
  }

  func testAReplayWritesItsPathPlanesAndCoachingAsMCAP() throws {
    try requireRosbags()
    guard try CommandRunner.python(["-c", "import mcap"]).status == 0 else {
      throw XCTSkip("the mcap package is not installed (python3 -m pip install mcap)")
    }
    let folder = try workspace()
    let sequence = try CommandRunner.synthesizedRoom(frames: 45, in: folder)
    let file = folder.appendingPathComponent("replay.mcap").path
    let replay = try CommandRunner.run([
      "replay", sequence, "--mcap", file, "--events", "-", "--no-timings", "--quiet",
    ])
    XCTAssertEqual(replay.status, 0, replay.stderr)
    let events = replay.stdout.split(separator: "\n")
    let frames = events.filter { $0.contains(#""type":"frame""#) }.count
    let coaching = events.filter { $0.contains(#""type":"coaching""#) }.count
    let read = try CommandRunner.python([
      "-c",
      """
      import json, sys
      from mcap.reader import make_reader
      with open(sys.argv[1], "rb") as file:
          summary = make_reader(file).get_summary()
      counts = {c.topic: summary.statistics.channel_message_counts.get(c.id, 0) for c in summary.channels.values()}
      schemas = {c.topic: summary.schemas[c.schema_id].name for c in summary.channels.values()}
      print(json.dumps({"counts": counts, "schemas": schemas}))
      """, file,
    ])
    XCTAssertEqual(read.status, 0, read.stderr)
    let json = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(read.stdout.utf8)) as? [String: [String: Any]])
    let counts = try XCTUnwrap(json["counts"] as? [String: Int])
    let schemas = try XCTUnwrap(json["schemas"] as? [String: String])
    XCTAssertEqual(counts["/arscene/camera_pose"], frames)
    XCTAssertEqual(counts["/arscene/coaching"], coaching)
    XCTAssertGreaterThan(counts["/arscene/planes"] ?? 0, 0)
    XCTAssertEqual(schemas["/arscene/camera_pose"], "geometry_msgs/msg/PoseStamped")
    XCTAssertEqual(schemas["/arscene/planes"], "visualization_msgs/msg/MarkerArray")
    XCTAssertEqual(schemas["/arscene/coaching"], "std_msgs/msg/String")

    // Issue 46: a folder of the user's with the name the writer once staged
    // in stays; a device is written through, never replaced by a file.
    let lookalike = folder.appendingPathComponent(".replay.mcap.partial")
    try FileManager.default.createDirectory(at: lookalike, withIntermediateDirectories: true)
    try Data("mine".utf8).write(to: lookalike.appendingPathComponent("mine.txt"))
    let again = try CommandRunner.run(["replay", sequence, "--mcap", file, "--quiet"])
    XCTAssertEqual(again.status, 0, again.stderr)
    XCTAssertEqual(
      try Data(contentsOf: lookalike.appendingPathComponent("mine.txt")), Data("mine".utf8))
    let device = try CommandRunner.run(["replay", sequence, "--mcap", "/dev/null", "--quiet"])
    XCTAssertEqual(device.status, 0, device.stderr)
    var status = stat()
    XCTAssertEqual(stat("/dev/null", &status), 0)
    XCTAssertEqual(status.st_mode & S_IFMT, S_IFCHR, "/dev/null was replaced")
  }
}
