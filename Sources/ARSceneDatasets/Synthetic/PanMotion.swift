import Foundation

/// A camera on a tripod that pans slowly from side to side: it turns but
/// never moves, so the accelerometer reads gravity alone and image content
/// enters the view at one edge and leaves at the other.
package struct PanMotion: CameraMotion {
  /// Where the tripod stands.
  package var position = SIMD3<Double>(-1.5, 1.5, 1.5)
  /// Heading in the middle of the sweep, in radians from -z towards +x.
  package var centreHeading = 0.87
  /// Half the sweep, in radians; its sign picks the end the pan starts at
  /// (positive: the smaller heading).
  package var amplitude = 0.8
  /// Seconds for a full sweep there and back.
  package var period = 6.0
  /// Downward tilt, in radians, so the floor and furniture stay in view.
  package var tilt = 0.17

  /// From near the +z, -x corner across the room's pictures and the table:
  /// the -z wall's poster, the magazine, the box and the +x wall's poster
  /// enter and leave the view in turn (a sweep from 4 to 96 degrees).
  package init() {}

  /// From beside the chair, starting on the table and the chair and turning
  /// to the bare -x wall: in the textureless scenario the second half of the
  /// sweep sees little but plain paint.
  package static let towardsBareWall: PanMotion = {
    var pan = PanMotion()
    pan.position = SIMD3(0.5, 1.5, 1.2)
    pan.centreHeading = -0.75
    pan.amplitude = -0.95
    return pan
  }()

  /// From between the table and the -z/+x corner, close to both walls'
  /// posters: each comes into view, fills a sixth to a quarter of the image
  /// at 15-25 degrees and leaves again within one sweep (6.4 s), turning at
  /// most 1 rad/s (close to the default pan's 0.84, well below excessive
  /// motion), for the image scenario's recognition delays and poses.
  package static let acrossPictures: PanMotion = {
    var pan = PanMotion()
    pan.position = SIMD3(1.2, 1.5, -0.9)
    pan.centreHeading = 0.89
    pan.amplitude = 2.04
    pan.period = 12.8
    pan.tilt = 0.05
    return pan
  }()

  /// The heading at t: it starts at one end of the sweep and eases in and
  /// out at both ends, as a hand on a tripod does.
  package func heading(at t: Double) -> Double {
    centreHeading - amplitude * cos(2 * .pi * t / period)
  }

  package func pose(at t: Double) -> CameraPose {
    let heading = heading(at: t)
    let forward = SIMD3(sin(heading) * cos(tilt), -sin(tilt), -cos(heading) * cos(tilt))
    return .looking(from: position, at: position + forward)
  }
}
