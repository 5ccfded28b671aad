import ARScene
import Foundation

/// The placement work a benchmark adds to each frame: `count` objects
/// tapped onto a grid of image points on the first normally tracked frame,
/// then one tick per frame of tracked raycasts and placed objects (what the
/// 60 Hz loop runs on a frame's tick). Timed apart from the core's frame.
struct PlacementLoad {
  private let count: Int
  private let controller: PlacementController
  private var placed = false
  private var previousTime: Double?

  init(count: Int) throws {
    self.count = count
    controller = try PlacementController()
  }

  /// Milliseconds of this frame's taps (nil when none were made) and of its
  /// tick.
  mutating func step(after update: FrameUpdate, session: Session) -> (
    taps: Double?, tick: Double
  ) {
    var taps: Double?
    if !placed, update.frame.camera.trackingState == .normal {
      placed = true
      let start = DispatchTime.now().uptimeNanoseconds
      let side = Int(Double(count).squareRoot().rounded(.up))
      for index in 0..<count {
        let point =
          SIMD2(
            Float(index % side) + 0.5, Float(index / side) + 0.5) / Float(side)
        _ = controller.place(
          name: "object \(index)", constraint: .anySurface, at: SIMD2(point.x, 0.5 + 0.5 * point.y),
          in: session)
      }
      taps = Self.milliseconds(since: start) / Double(max(count, 1))
    }
    let start = DispatchTime.now().uptimeNanoseconds
    let time = update.frame.timestamp
    let tick = Tick(
      index: update.frame.index, time: time, duration: previousTime.map { time - $0 } ?? 0,
      camera: update.frame.camera, isCameraPredicted: false)
    previousTime = time
    controller.observe(update)
    session.advance(tick)
    _ = controller.advance(tick, in: session)
    return (taps, Self.milliseconds(since: start))
  }

  private static func milliseconds(since start: UInt64) -> Double {
    Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
  }
}
