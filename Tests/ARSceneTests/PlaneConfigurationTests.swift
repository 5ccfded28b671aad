import CVisionCore
import XCTest

@testable import ARScene

/// Plane detection's configuration: ARKit's default (off), the core's
/// defaults, and a message naming every bad value.
final class PlaneConfigurationTests: XCTestCase {
  func testDetectionIsOffByDefaultAsInARKit() {
    XCTAssertEqual(WorldTrackingConfiguration().planeDetection, [])
    XCTAssertEqual(WorldTrackingConfiguration().coreOptions.planes.detection, 0)
  }

  /// The Swift defaults are the core's: one source of truth, checked byte for byte.
  func testDefaultsAreTheCoreDefaults() {
    var core = vc_session_options_t()
    vc_session_options_init(&core)
    let swift = WorldTrackingConfiguration().coreOptions
    withUnsafeBytes(of: core.planes) { expected in
      withUnsafeBytes(of: swift.planes) { actual in
        XCTAssertEqual(Array(actual), Array(expected))
      }
    }
  }

  func testDetectionKindsMapToTheCoreBits() {
    func bits(_ detection: WorldTrackingConfiguration.PlaneDetection) -> Int32 {
      var configuration = WorldTrackingConfiguration()
      configuration.planeDetection = detection
      return configuration.coreOptions.planes.detection
    }
    XCTAssertEqual(bits(.horizontal), Int32(VC_PLANE_DETECTION_HORIZONTAL.rawValue))
    XCTAssertEqual(bits(.vertical), Int32(VC_PLANE_DETECTION_VERTICAL.rawValue))
    XCTAssertEqual(
      bits([.horizontal, .vertical]),
      Int32(VC_PLANE_DETECTION_HORIZONTAL.rawValue | VC_PLANE_DETECTION_VERTICAL.rawValue))
  }

  func testTunablesReachTheCore() {
    var configuration = WorldTrackingConfiguration()
    configuration.planes.cellSize = 16
    configuration.planes.depthRange = 0.3...4.5
    configuration.planes.depthNoise = 0.002
    configuration.planes.alignmentToleranceDegrees = 7
    configuration.planes.minimumAnchorArea = 0.1
    let planes = configuration.coreOptions.planes
    XCTAssertEqual(planes.cell_size, 16)
    XCTAssertEqual(planes.min_depth, 0.3)
    XCTAssertEqual(planes.max_depth, 4.5)
    XCTAssertEqual(planes.depth_noise, 0.002)
    XCTAssertEqual(planes.alignment_tolerance_degrees, 7)
    XCTAssertEqual(planes.min_anchor_area, 0.1)
  }

  func testBadValuesAreNamed() {
    func message(_ change: (inout WorldTrackingConfiguration) -> Void) -> String? {
      validationMessage(
        WorldTrackingConfiguration(),
        validate: { configuration throws(ARSceneError) in try configuration.validate() }, change)
    }
    XCTAssertEqual(message { $0.planes.cellSize = 3 }, "planes.cellSize must be 4...64, got 3")
    XCTAssertEqual(message { $0.planes.cellSize = 65 }, "planes.cellSize must be 4...64, got 65")
    XCTAssertEqual(
      message { $0.planes.depthRange = 0...4 },
      "planes.depthRange must be > 0, got 0.0")
    XCTAssertEqual(
      message { $0.planes.depthNoise = 0 }, "planes.depthNoise must be > 0, got 0.0")
    XCTAssertEqual(
      message { $0.planes.alignmentToleranceDegrees = 45 },
      "planes.alignmentToleranceDegrees must be in (0, 45), got 45.0")
    XCTAssertEqual(
      message { $0.planes.minimumAnchorArea = -1 },
      "planes.minimumAnchorArea must be > 0, got -1.0")
    XCTAssertNotNil(message { $0.planes.depthNoise = .nan })
    XCTAssertNotNil(message { $0.planes.depthRange = 1...Float.infinity })
    XCTAssertEqual(
      message { $0.planeDetection = WorldTrackingConfiguration.PlaneDetection(rawValue: 0b110) },
      "planeDetection must have no bits outside 0x3, got 6")
    XCTAssertNil(message { $0.planeDetection = [.horizontal, .vertical] })
  }

  /// What validate() accepts the core accepts too, at the edges of each range.
  func testTheCoreAcceptsWhatValidateAccepts() throws {
    for edge in 0..<2 {
      var configuration = WorldTrackingConfiguration()
      configuration.planeDetection = [.horizontal, .vertical]
      configuration.planes.cellSize = edge == 0 ? 4 : 64
      configuration.planes.depthRange = edge == 0 ? 0.001...0.002 : 0.5...100
      configuration.planes.alignmentToleranceDegrees = edge == 0 ? 0.01 : 44.9
      configuration.planes.minimumAnchorArea = edge == 0 ? 1e-6 : 100
      XCTAssertNoThrow(try configuration.validate())
      XCTAssertNoThrow(try Session(configuration: configuration))
    }
  }

  /// And what it refuses the core would refuse too: the two agree.
  func testTheCoreRefusesWhatValidateRefuses() {
    var options = WorldTrackingConfiguration().coreOptions
    options.planes.cell_size = 3
    var session: OpaquePointer?
    XCTAssertEqual(vc_session_create(&options, &session), VC_STATUS_INVALID_ARGUMENT)
    XCTAssertNil(session)
    XCTAssertTrue(
      String(cString: vc_last_error_message()).contains("planes.cell_size"),
      String(cString: vc_last_error_message()))
  }
}
