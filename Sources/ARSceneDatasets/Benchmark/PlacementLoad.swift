import ARScene
import Foundation

/// The placement work a benchmark adds to the loop: `count` objects tapped
/// onto a grid of image points on the first normally tracked frame, then
/// their upkeep on every tick. Timed apart from the frame and the loop.
struct PlacementLoad {
  private let count: Int
  private let controller: PlacementController
  private var placed = false

  init(count: Int) throws {
    self.count = count
    controller = try PlacementController()
  }

  /// Milliseconds of this tick's taps (nil when none were made) and of its
  /// placement upkeep.
  mutating func step(after update: TickUpdate, session: Session) -> (taps: Double?, tick: Double) {
    var taps: Double?
    if !placed, let frame = update.frameUpdates.last?.frame, frame.camera.trackingState == .normal {
      placed = true
      let start = DispatchTime.now().uptimeNanoseconds
      let side = Int(Double(count).squareRoot().rounded(.up))
      for index in 0..<count {
        let point = SIMD2(Float(index % side) + 0.5, Float(index / side) + 0.5) / Float(side)
        _ = controller.place(
          name: "object \(index)", constraint: .anySurface, at: SIMD2(point.x, 0.5 + 0.5 * point.y),
          in: session)
      }
      taps = Self.milliseconds(since: start) / Double(max(count, 1))
    }
    let start = DispatchTime.now().uptimeNanoseconds
    for frameUpdate in update.frameUpdates { controller.observe(frameUpdate) }
    _ = controller.advance(update.tick, in: session)
    return (taps, Self.milliseconds(since: start))
  }

  private static func milliseconds(since start: UInt64) -> Double {
    Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
  }
}
