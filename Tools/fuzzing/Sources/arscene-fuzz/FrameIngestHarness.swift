import CVisionCore
import Foundation

/// Frames through the core's C API, as a C or C++ user hands them over: the
/// input decides each frame's size, stride, pixel format, intrinsics,
/// timestamp, depth and IMU samples, within buffers the harness really
/// allocates (stride x height bytes). Whatever the values, the core must
/// answer with a status and never read outside the buffers (AddressSanitizer
/// watches), and a refused frame must leave the session usable.
enum FrameIngestHarness {
  static let target = FuzzTarget(
    name: "frame-ingest", summary: "frames through vc_session_process_frame", prepare: {},
    run: { data in
      var reader = FuzzReader(data)
      var options = vc_session_options_t()
      vc_session_options_init(&options)
      var session: OpaquePointer?
      guard vc_session_create(&options, &session) == VC_STATUS_OK, let session else {
        fuzzFailure("default session options were refused")
      }
      defer { vc_session_destroy(session) }
      var timestamp: Int64 = 0
      for _ in 0..<Int(reader.byte() % 4 + 1) {
        timestamp = timestamp &+ reader.timestampStep()
        ingest(&reader, session: session, timestamp: timestamp)
      }
    })

  private static let formats: [vc_pixel_format_t] = [
    VC_PIXEL_FORMAT_RGB8, VC_PIXEL_FORMAT_BGR8, VC_PIXEL_FORMAT_GRAY8,
    VC_PIXEL_FORMAT_DEPTH_U16, VC_PIXEL_FORMAT_DEPTH_F32, vc_pixel_format_t(rawValue: 0),
    vc_pixel_format_t(rawValue: 99),
  ]

  private static func ingest(_ reader: inout FuzzReader, session: OpaquePointer, timestamp: Int64) {
    let width = reader.dimension()
    let height = reader.dimension()
    let format = formats[Int(reader.byte()) % formats.count]
    let stride = reader.stride(width: width, format: format)
    let intrinsics = vc_camera_intrinsics_t(
      fx: reader.scalar(typical: 30), fy: reader.scalar(typical: 30),
      cx: reader.scalar(typical: Double(width) / 2), cy: reader.scalar(typical: Double(height) / 2),
      width: reader.byte() < 240 ? width : reader.dimension(),
      height: reader.byte() < 240 ? height : reader.dimension())
    guard let color = FuzzBuffer(rows: height, stride: stride, reader: &reader) else { return }
    let depthFormat = reader.byte() % 2 == 0 ? VC_PIXEL_FORMAT_DEPTH_U16 : VC_PIXEL_FORMAT_DEPTH_F32
    let depthWidth = reader.byte() < 230 ? width : reader.dimension()
    let depthHeight = reader.byte() < 230 ? height : reader.dimension()
    let depthStride = reader.stride(width: depthWidth, format: depthFormat)
    let withDepth = reader.byte() % 3 != 0
    let depth =
      withDepth
      ? FuzzBuffer(rows: depthHeight, stride: depthStride, reader: &reader) : nil
    var samples: [vc_imu_sample_t] = []
    for _ in 0..<Int(reader.byte() % 5) {
      samples.append(
        vc_imu_sample_t(
          timestamp_ns: timestamp &- Int64(reader.byte()) * 1_000_000,
          acceleration: (reader.float(), reader.float(), reader.float()),
          rotation_rate: (reader.float(), reader.float(), reader.float())))
    }
    let unitsPerMeter = Float(reader.scalar(typical: 1000))
    color.withPointer { colorPointer in
      var input = vc_frame_input_t()
      input.timestamp_ns = timestamp
      input.intrinsics = intrinsics
      input.color = vc_image_view_t(
        data: colorPointer, width: width, height: height, stride_bytes: stride, format: format)
      var result = vc_frame_result_t()
      samples.withUnsafeBufferPointer { imu in
        input.imu_samples = imu.baseAddress
        input.imu_sample_count = Int32(imu.count)
        if let depth {
          depth.withPointer { depthPointer in
            var view = vc_depth_view_t(
              image: vc_image_view_t(
                data: depthPointer, width: depthWidth, height: depthHeight,
                stride_bytes: depthStride, format: depthFormat),
              units_per_metre: unitsPerMeter)
            withUnsafePointer(to: &view) { viewPointer in
              input.depth = viewPointer
              _ = vc_session_process_frame(session, &input, &result)
            }
          }
        } else {
          _ = vc_session_process_frame(session, &input, &result)
        }
      }
    }
  }
}
