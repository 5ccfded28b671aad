import CVisionCore
import XCTest

@testable import ARScene

final class TrackingConfigurationTests: XCTestCase {
  /// The Swift defaults are the core's: one source of truth, checked.
  func testDefaultsAreTheCoreDefaults() {
    var core = vc_session_options_t()
    vc_session_options_init(&core)
    let swift = WorldTrackingConfiguration().coreOptions
    withUnsafeBytes(of: core.tracking) { expected in
      withUnsafeBytes(of: swift.tracking) { actual in
        XCTAssertEqual(Array(actual), Array(expected))
      }
    }
    XCTAssertNoThrow(try WorldTrackingConfiguration().validate())
  }

  func testBadValuesAreNamed() {
    func message(_ change: (inout WorldTrackingConfiguration) -> Void) -> String? {
      validationMessage(
        WorldTrackingConfiguration(),
        validate: { configuration throws(ARSceneError) in try configuration.validate() }, change)
    }
    XCTAssertEqual(
      message { $0.tracking.maximumFeatures = 3 },
      "tracking.maximumFeatures must be 8...4096, got 3")
    XCTAssertEqual(
      message { $0.tracking.opticalFlowWindowSize = 16 },
      "tracking.opticalFlowWindowSize must be odd and 5...63, got 16")
    XCTAssertNotNil(message { $0.tracking.depthRange = 0...4 })
    XCTAssertNotNil(message { $0.tracking.inlierThreshold = .nan })
    XCTAssertNotNil(message { $0.tracking.minimumInliersForNormal = 10 })
    XCTAssertNotNil(message { $0.tracking.reanchorDelay = -1 })
    XCTAssertEqual(
      message { $0.tracking.gravitySettleDuration = 61 },
      "tracking.gravitySettleDuration must be 0...60, got 61.0")
    XCTAssertNotNil(message { $0.initialUpDirection = .zero })
    XCTAssertNil(message { $0.initialUpDirection = SIMD3(0, 2, 0) })
  }

  /// The properties read and write the core's fields: a value reads back as
  /// it was set (seconds included, though the core holds a float), and
  /// equality follows every field.
  func testSettingsReadBackAsSetAndDecideEquality() {
    var configuration = WorldTrackingConfiguration()
    XCTAssertEqual(configuration.tracking.reanchorDelay, 0.3)
    XCTAssertEqual(configuration.interruptionThreshold, 0.5)
    configuration.tracking.reanchorDelay = 0.25
    configuration.tracking.cornerThreshold = 31
    XCTAssertEqual(configuration.tracking.reanchorDelay, 0.25)
    XCTAssertEqual(configuration.coreOptions.tracking.corner_threshold, 31)
    XCTAssertNotEqual(configuration, WorldTrackingConfiguration())
    configuration.tracking.reanchorDelay = 0.3
    configuration.tracking.cornerThreshold = 20
    XCTAssertEqual(configuration, WorldTrackingConfiguration())
    configuration.worldAlignment = .camera
    XCTAssertEqual(configuration.coreOptions.tracking.world_alignment, VC_WORLD_ALIGNMENT_CAMERA)
    XCTAssertNotEqual(configuration, WorldTrackingConfiguration())
    var raycast = RaycastConfiguration()
    raycast.patchStep = 3
    XCTAssertEqual(raycast.coreOptions.patch_step, 3)
    XCTAssertNotEqual(raycast, RaycastConfiguration())
  }

  /// A whole number too large for the core's 32-bit field is refused, not
  /// silently clamped to one that passes.
  func testNumbersBeyondTheCoreFieldsAreRefused() {
    var configuration = WorldTrackingConfiguration()
    configuration.maximumIMUSamplesPerFrame = 5_000_000_000
    XCTAssertThrowsError(try configuration.validate())
    var raycast = RaycastConfiguration()
    raycast.minimumPatchPoints = 1 << 40
    XCTAssertThrowsError(try raycast.validate())
  }

  /// What validate() accepts the core accepts too, for the edges of each range.
  func testTheCoreAcceptsWhatValidateAccepts() throws {
    var configuration = WorldTrackingConfiguration()
    configuration.tracking.maximumFeatures = 8
    configuration.tracking.minimumInliers = 6
    configuration.tracking.minimumInliersForNormal = 8
    configuration.tracking.opticalFlowPyramidLevels = 0
    configuration.tracking.keyframeFeatureFraction = 1
    configuration.tracking.reanchorDelay = 0
    configuration.worldAlignment = .camera
    XCTAssertNoThrow(try Session(configuration: configuration))
  }
}
