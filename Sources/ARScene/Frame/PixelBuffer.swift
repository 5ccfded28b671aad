internal import CVisionCore
import Foundation

/// An image in memory: colour, grey or depth. Copies share their pixels, which
/// are immutable.
///
/// Images decoded by the core keep the core's pixels (no copy), so decoding a
/// PNG and handing it to ``Session/process(_:)`` moves each pixel once.
public struct PixelBuffer: @unchecked Sendable {
  /// How each pixel is stored.
  public let format: PixelFormat
  /// Pixels per row.
  public let width: Int
  /// Rows of pixels.
  public let height: Int
  /// Distance between the starts of two rows, at least `width * format.bytesPerPixel`.
  public let bytesPerRow: Int
  private let storage: Storage

  /// Wraps pixel bytes; `bytes.count` must be `bytesPerRow * height`.
  public init(
    format: PixelFormat, width: Int, height: Int, bytesPerRow: Int? = nil, bytes: [UInt8]
  ) throws(ARSceneError) {
    let rowBytes = bytesPerRow ?? width * format.bytesPerPixel
    guard width > 0, height > 0 else {
      throw ARSceneError(.invalidImage, "image is \(width)x\(height): width and height must be > 0")
    }
    guard rowBytes >= width * format.bytesPerPixel else {
      throw ARSceneError(
        .invalidImage,
        "bytesPerRow \(rowBytes) is smaller than a row of \(width * format.bytesPerPixel) bytes")
    }
    guard bytes.count >= rowBytes * height else {
      throw ARSceneError(
        .invalidImage,
        "\(bytes.count) bytes are too few for a \(width)x\(height) \(format.rawValue) image"
          + " (\(rowBytes * height) needed)")
    }
    self.format = format
    self.width = width
    self.height = height
    self.bytesPerRow = rowBytes
    self.storage = Storage(copying: Array(bytes[0..<rowBytes * height]))
  }

  /// An image of tightly packed rows that `fill` writes into memory the
  /// buffer then owns (zeroed first), so that the core can write its output
  /// in place with no copy.
  init<E: Error>(
    format: PixelFormat, width: Int, height: Int,
    filling fill: (UnsafeMutableRawBufferPointer) throws(E) -> Void
  ) throws(E) {
    let rowBytes = width * format.bytesPerPixel
    let memory = UnsafeMutableRawBufferPointer.allocate(
      byteCount: max(rowBytes * height, 1), alignment: 16)
    memory.initializeMemory(as: UInt8.self, repeating: 0)
    let storage = Storage(owning: memory)
    try fill(UnsafeMutableRawBufferPointer(rebasing: memory[0..<rowBytes * height]))
    self.format = format
    self.width = width
    self.height = height
    self.bytesPerRow = rowBytes
    self.storage = storage
  }

  private init(storage: Storage, view: vc_image_view_t) {
    format = PixelFormat(view.format)
    width = Int(view.width)
    height = Int(view.height)
    bytesPerRow = Int(view.stride_bytes)
    self.storage = storage
  }

  /// Decodes PNG or JPEG bytes. Colour comes out as ``PixelFormat/bgr8``, grey as
  /// ``PixelFormat/gray8`` and 16-bit single-channel images as ``PixelFormat/depthUInt16``.
  public static func decode(_ data: Data) throws(ARSceneError) -> PixelBuffer {
    var handle: OpaquePointer?
    let status = data.withUnsafeBytes { raw in
      vc_image_decode(raw.bindMemory(to: UInt8.self).baseAddress, raw.count, &handle)
    }
    try CoreStatus.check(status)
    guard let handle else {
      throw ARSceneError(.internalError, "vc_image_decode returned no image")
    }
    var view = vc_image_view_t()
    let viewStatus = vc_image_get_view(handle, &view)
    guard viewStatus == VC_STATUS_OK, let base = view.data else {
      vc_image_destroy(handle)
      try CoreStatus.check(viewStatus)
      throw ARSceneError(.internalError, "decoded image has no pixels")
    }
    return PixelBuffer(storage: Storage(decodedImage: handle, base: base), view: view)
  }

  /// The size a PNG or JPEG declares in its header, read without decoding
  /// it; nil for other data or an unreadable header. A file of a megabyte
  /// can declare 20000 x 20000 pixels: check before paying for the decode.
  public static func declaredSize(of data: Data) -> (width: Int, height: Int)? {
    var width: Int32 = 0
    var height: Int32 = 0
    let status = data.withUnsafeBytes { raw in
      vc_image_read_size(raw.bindMemory(to: UInt8.self).baseAddress, raw.count, &width, &height)
    }
    return status == VC_STATUS_OK ? (Int(width), Int(height)) : nil
  }

  /// Reads and decodes an image file; errors name the file. With
  /// `expectedSize`, an image whose header declares another size is refused
  /// before it is decoded, with `mismatch` (given the declared size)
  /// saying why.
  public static func read(
    contentsOf url: URL, expectedSize: (width: Int, height: Int)? = nil,
    mismatch: (Int, Int) -> String = { "image is \($0)x\($1)" }
  ) throws(ARSceneError) -> PixelBuffer {
    let data: Data
    do {
      data = try Data(contentsOf: url)
    } catch {
      let reason =
        FileManager.default.fileExists(atPath: url.path) ? "cannot be read" : "does not exist"
      throw ARSceneError(.ioError, "\(url.path): \(reason)")
    }
    if let expectedSize, let declared = declaredSize(of: data),
      declared.width != expectedSize.width || declared.height != expectedSize.height
    {
      throw ARSceneError(.invalidImage, "\(url.path): \(mismatch(declared.width, declared.height))")
    }
    do {
      return try decode(data)
    } catch {
      throw ARSceneError(error.code, "\(url.path): \(error.message)")
    }
  }

  /// Encodes the image into the format named by the file extension (.png, .jpg).
  /// Depth must be ``PixelFormat/depthUInt16`` written as PNG.
  public func write(to url: URL) throws(ARSceneError) {
    try withCoreView { (view) throws(ARSceneError) in
      var view = view
      try CoreStatus.check(vc_image_write(&view, url.path))
    }
  }

  /// Writes the image as a PNG (`url` must end in .png) deflated at
  /// `compressionLevel`: 0 stores the pixels, quickest to write and read
  /// (about 1.7 times the bytes of level 1 on noisy camera images), 9 is
  /// the smallest. Every level decodes to the same pixels.
  public func writePNG(to url: URL, compressionLevel: Int) throws(ARSceneError) {
    guard let level = Int32(exactly: compressionLevel) else {
      throw ARSceneError(.invalidArgument, "PNG compression level \(compressionLevel) is not 0...9")
    }
    try withCoreView { (view) throws(ARSceneError) in
      var view = view
      try CoreStatus.check(vc_image_write_png(&view, url.path, level))
    }
  }

  /// Calls `body` with the pixel bytes (`bytesPerRow * height` of them).
  public func withUnsafeBytes<R, E: Error>(
    _ body: (UnsafeRawBufferPointer) throws(E) -> R
  ) throws(E) -> R {
    try body(UnsafeRawBufferPointer(start: storage.base, count: bytesPerRow * height))
  }

  /// The pixel value at (x, y) as a Double: grey level, depth unit or metres;
  /// for colour formats the first channel. For tests and tools, not hot loops.
  public func value(x: Int, y: Int, channel: Int = 0) -> Double {
    withUnsafeBytes { bytes in
      let offset = y * bytesPerRow + x * format.bytesPerPixel
      switch format {
      case .rgb8, .bgr8, .gray8:
        return Double(bytes[offset + channel])
      case .depthUInt16:
        return Double(bytes.loadUnaligned(fromByteOffset: offset, as: UInt16.self))
      case .depthFloat32:
        return Double(bytes.loadUnaligned(fromByteOffset: offset, as: Float.self))
      }
    }
  }

  func withCoreView<R, E: Error>(_ body: (vc_image_view_t) throws(E) -> R) throws(E) -> R {
    try withUnsafeBytes { (bytes) throws(E) -> R in
      try body(
        vc_image_view_t(
          data: bytes.baseAddress, width: Int32(width), height: Int32(height),
          stride_bytes: Int32(bytesPerRow), format: format.core))
    }
  }
}

/// Owns a ``PixelBuffer``'s bytes: a Swift allocation, or a core-decoded
/// `vc_image_t` that is destroyed when the last buffer sharing it goes.
private final class Storage: @unchecked Sendable {
  let base: UnsafeRawPointer
  private let decodedImage: OpaquePointer?

  /// Copies bytes into memory of its own.
  init(copying bytes: [UInt8]) {
    let memory = UnsafeMutableRawBufferPointer.allocate(
      byteCount: max(bytes.count, 1), alignment: 16)
    bytes.withUnsafeBytes { memory.copyMemory(from: $0) }
    base = UnsafeRawPointer(memory.baseAddress!)
    decodedImage = nil
  }

  /// Takes ownership of memory allocated with
  /// `UnsafeMutableRawBufferPointer.allocate`.
  init(owning memory: UnsafeMutableRawBufferPointer) {
    base = UnsafeRawPointer(memory.baseAddress!)
    decodedImage = nil
  }

  /// Takes ownership of a decoded image whose pixels start at base.
  init(decodedImage: OpaquePointer, base: UnsafeRawPointer) {
    self.base = base
    self.decodedImage = decodedImage
  }

  deinit {
    if let decodedImage {
      vc_image_destroy(decodedImage)
    } else {
      UnsafeMutableRawPointer(mutating: base).deallocate()
    }
  }
}

extension PixelFormat {
  var core: vc_pixel_format_t {
    switch self {
    case .rgb8: VC_PIXEL_FORMAT_RGB8
    case .bgr8: VC_PIXEL_FORMAT_BGR8
    case .gray8: VC_PIXEL_FORMAT_GRAY8
    case .depthUInt16: VC_PIXEL_FORMAT_DEPTH_U16
    case .depthFloat32: VC_PIXEL_FORMAT_DEPTH_F32
    }
  }

  init(_ core: vc_pixel_format_t) {
    switch core {
    case VC_PIXEL_FORMAT_RGB8: self = .rgb8
    case VC_PIXEL_FORMAT_GRAY8: self = .gray8
    case VC_PIXEL_FORMAT_DEPTH_U16: self = .depthUInt16
    case VC_PIXEL_FORMAT_DEPTH_F32: self = .depthFloat32
    default: self = .bgr8
    }
  }
}
