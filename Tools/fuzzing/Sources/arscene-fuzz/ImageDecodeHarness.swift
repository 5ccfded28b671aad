import ARScene
import Foundation

/// Image decoding through the core's C API (what every PNG and JPEG of a
/// sequence or reference folder goes through). The declared size read from
/// the header must match what decoding gives.
enum ImageDecodeHarness {
  static let target = FuzzTarget(
    name: "image-decode", summary: "PNG/JPEG decoding through the C API", prepare: {},
    run: { data in
      let declared = PixelBuffer.declaredSize(of: data)
      guard let image = try? PixelBuffer.decode(data) else { return }
      if let declared, declared.width != image.width || declared.height != image.height {
        fuzzFailure(
          "header says \(declared.width)x\(declared.height), decoded \(image.width)x\(image.height)"
        )
      }
    })
}
