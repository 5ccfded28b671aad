import CVisionCore
import Foundation

/// Turns fuzz input into the values a harness needs: mostly plausible ones,
/// so that inputs get past the first checks, with the edge cases (zero,
/// negative, just over a limit, NaN, infinities, the type's extremes) often
/// enough to be found. Reads zeros once the input is used up.
struct FuzzReader {
  private let bytes: [UInt8]
  private var offset = 0

  init(_ data: Data) { bytes = Array(data) }

  mutating func byte() -> UInt8 {
    guard offset < bytes.count else { return 0 }
    defer { offset += 1 }
    return bytes[offset]
  }

  /// An image side: 1...64 mostly, else a limit or an absurd value.
  mutating func dimension() -> Int32 {
    let b = byte()
    if b < 200 { return Int32(b % 64) + 1 }
    return [0, -1, 16384, 16385, 8193, Int32.max, Int32.min][Int(b) % 7]
  }

  static func pixelSize(_ format: vc_pixel_format_t) -> Int32 {
    switch format {
    case VC_PIXEL_FORMAT_RGB8, VC_PIXEL_FORMAT_BGR8: return 3
    case VC_PIXEL_FORMAT_DEPTH_U16: return 2
    case VC_PIXEL_FORMAT_DEPTH_F32: return 4
    default: return 1
    }
  }

  /// Row stride for width pixels of format: the packed stride plus padding
  /// mostly, else one byte short, zero, negative or the extreme.
  mutating func stride(width: Int32, format: vc_pixel_format_t) -> Int32 {
    let packed = Int64(width) * Int64(Self.pixelSize(format))
    let b = byte()
    if b < 200, packed > 0, packed < Int64(Int32.max) - 8 { return Int32(packed) + Int32(b % 8) }
    return [0, -1, Int32(clamping: packed - 1), Int32.max][Int(b) % 4]
  }

  /// Around typical mostly, else zero, negative, NaN, infinite or extreme.
  mutating func scalar(typical: Double) -> Double {
    let b = byte()
    if b < 220 { return typical * (0.5 + Double(byte()) / 255) }
    return [0, -1, .nan, .infinity, -.infinity, 1e300, 1e-300, -1e300][Int(b) % 8]
  }

  mutating func float() -> Float {
    let b = byte()
    if b < 240 { return (Float(byte()) - 128) / 8 }
    return [Float.nan, .infinity, -.infinity, .greatestFiniteMagnitude][Int(b) % 4]
  }

  /// Time to the next frame: a frame period mostly, else none, backwards or
  /// a leap.
  mutating func timestampStep() -> Int64 {
    let b = byte()
    if b < 220 { return 33_333_333 }
    return [0, -1, -33_333_333, Int64.max / 2, 1, 600_000_000_000][Int(b) % 6]
  }
}

/// Pixels the harness really owns: rows x stride bytes, filled from a seed
/// in the input. Nil when the declared size is too large to allocate for a
/// fuzz run (the core's own limits are tested with sizes below that).
final class FuzzBuffer {
  private var bytes: [UInt8]
  private let absent: Bool

  init?(rows: Int32, stride: Int32, reader: inout FuzzReader) {
    let seed = reader.byte()
    absent = seed == 255
    guard rows > 0, stride > 0 else {
      // Invalid sizes the core must refuse before reading anything.
      bytes = [UInt8](repeating: 0, count: 16)
      return
    }
    let count = Int64(rows) * Int64(stride)
    guard count <= 1 << 22 else { return nil }
    // Filled through a buffer pointer, not a generic map: the harness is a
    // debug build under ASan and coverage, where a closure per byte made a
    // 4 MiB frame take over libFuzzer's 10 s timeout in the harness alone.
    var state = UInt32(seed) &* 2_654_435_761 &+ 1
    bytes = [UInt8](unsafeUninitializedCapacity: Int(count)) { buffer, initialized in
      for index in 0..<buffer.count {
        state = state &* 1_664_525 &+ 1_013_904_223
        buffer[index] = UInt8(truncatingIfNeeded: state >> 24)
      }
      initialized = buffer.count
    }
  }

  /// body gets the pixels, or nil when the input asked for a missing buffer.
  func withPointer<Result>(_ body: (UnsafeRawPointer?) -> Result) -> Result {
    if absent { return body(nil) }
    return bytes.withUnsafeBytes { body($0.baseAddress) }
  }
}
