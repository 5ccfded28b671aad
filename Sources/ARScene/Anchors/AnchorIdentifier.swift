import Foundation

/// Turns the core's anchor counters into ``Anchor/identifier``s.
///
/// The core numbers anchors 1, 2, 3, ... in order of creation, so a replay
/// gives the same numbers every time; the identifier is that number under a
/// fixed namespace, laid out as an RFC 9562 version-8 (custom) UUID whose
/// last twelve hex digits read as the number:
/// plane anchor 42 is `41525363-504C-8000-8000-00000000002A`.
enum AnchorIdentifier {
  /// What kind of anchor a counter belongs to; each kind counts on its own.
  enum Kind: UInt16 {
    /// "PL".
    case plane = 0x504C
    /// "OB": objects placed by a PlacementController.
    case placedObject = 0x4F42
    /// "IM".
    case image = 0x494D
    /// "ME": chunks of the scene's mesh.
    case mesh = 0x4D45
  }

  /// "ARSc", the first four bytes of every identifier.
  private static let namespace: (UInt8, UInt8, UInt8, UInt8) = (0x41, 0x52, 0x53, 0x63)

  static func uuid(kind: Kind, coreID: UInt64) -> UUID {
    let id = coreID
    return UUID(
      uuid: (
        namespace.0, namespace.1, namespace.2, namespace.3,
        UInt8(kind.rawValue >> 8), UInt8(kind.rawValue & 0xFF),
        // Version 8; the counter's top two bits go in the next byte so that
        // every 64-bit counter has its own identifier.
        0x80, UInt8(id >> 62),
        // Variant 0b10, then the counter's next six bits and its low 56.
        0x80 | UInt8((id >> 56) & 0x3F),
        UInt8((id >> 48) & 0xFF), UInt8((id >> 40) & 0xFF), UInt8((id >> 32) & 0xFF),
        UInt8((id >> 24) & 0xFF), UInt8((id >> 16) & 0xFF), UInt8((id >> 8) & 0xFF),
        UInt8(id & 0xFF)
      ))
  }

  static func plane(_ coreID: UInt64) -> UUID { uuid(kind: .plane, coreID: coreID) }

  static func image(_ counter: UInt64) -> UUID { uuid(kind: .image, coreID: counter) }
}
