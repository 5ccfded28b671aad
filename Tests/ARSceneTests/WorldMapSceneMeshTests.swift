import ARScene
import Foundation
import XCTest

/// A world map saved by a session with scene reconstruction carries the
/// fused volume and its mesh (Datasets/WORLD_MAP.md, section MESH): a
/// session that opens the map shows the saved mesh before its first frame
/// and goes on fusing into the same volume; a session without scene
/// reconstruction keeps the mesh for the maps it saves; a mesh fused with
/// other voxels, or a damaged MESH section, is refused by name.
final class WorldMapSceneMeshTests: XCTestCase {
  private static let frameCount = 24

  private func configuration(reconstruction: Bool = true, voxelSize: Float = 0.02)
    -> WorldTrackingConfiguration
  {
    var configuration = RoomWalk.configuration
    configuration.planeDetection = [.horizontal, .vertical]
    configuration.sceneReconstruction = reconstruction ? .meshWithClassification : .none
    configuration.meshVoxelSize = voxelSize
    return configuration
  }

  /// The walk's map, saved after its mesh was finished, and that mesh.
  private func mappedWalk() throws -> (map: WorldMap, anchors: [MeshAnchor]) {
    let session = try Session(configuration: configuration())
    for frame in RoomWalk.frames(Self.frameCount) { _ = try session.process(frame) }
    try session.finishSceneReconstruction()
    return (try session.currentWorldMap(), try session.meshAnchors())
  }

  private func faces(_ anchors: [MeshAnchor]) -> Int {
    anchors.reduce(0) { $0 + $1.faceCount }
  }

  func testASessionThatOpensTheMapStartsFromItsMesh() throws {
    let (map, anchors) = try mappedWalk()
    let mesh = try XCTUnwrap(map.sceneMesh, "the map carries the mesh")
    XCTAssertEqual(map.formatVersion, 3)
    XCTAssertEqual(mesh.chunkCount, anchors.count)
    XCTAssertEqual(mesh.faceCount, faces(anchors))
    XCTAssertGreaterThan(mesh.voxelBlockCount, 100)
    XCTAssertEqual(mesh.voxelSize, 0.02, accuracy: 1e-6)

    // Through the file's bytes, into a new session, before any frame.
    let read = try WorldMap(fileBytes: try map.fileBytes())
    XCTAssertEqual(read.sceneMesh, mesh)
    XCTAssertEqual(try read.fileBytes(), try map.fileBytes(), "the same map, the same bytes")
    var opening = configuration()
    opening.initialWorldMap = read
    let session = try Session(configuration: opening)
    let restored = try session.meshAnchors()
    XCTAssertEqual(restored.count, anchors.count)
    XCTAssertEqual(faces(restored), faces(anchors))
    // The walk again fuses into the same volume: the surface stays whole.
    for frame in RoomWalk.frames(10) { _ = try session.process(frame) }
    try session.finishSceneReconstruction()
    XCTAssertGreaterThanOrEqual(
      Double(faces(try session.meshAnchors())), 0.95 * Double(faces(anchors)))
  }

  /// The map waits for the meshing job and leaves its output for the next
  /// frame, as if nothing had asked: the mesh is the same.
  func testSavingAMapMidwayChangesNoMesh() throws {
    var meshes: [[MeshAnchor]] = []
    for savesMidway in [false, true] {
      let session = try Session(configuration: configuration())
      for (index, frame) in RoomWalk.frames(Self.frameCount).enumerated() {
        _ = try session.process(frame)
        if savesMidway && index == Self.frameCount / 2 {
          XCTAssertNotNil(try session.currentWorldMap().sceneMesh)
        }
      }
      try session.finishSceneReconstruction()
      meshes.append(try session.meshAnchors())
    }
    XCTAssertEqual(meshes[0], meshes[1])
  }

  func testASessionWithoutReconstructionKeepsTheMeshForItsMaps() throws {
    let (map, _) = try mappedWalk()
    var opening = configuration(reconstruction: false)
    opening.initialWorldMap = map
    let session = try Session(configuration: opening)
    for frame in RoomWalk.frames(10) { _ = try session.process(frame) }
    XCTAssertEqual(try session.meshAnchors().count, 0)
    XCTAssertEqual(try session.currentWorldMap().sceneMesh, map.sceneMesh)
  }

  func testAMeshOfOtherVoxelsIsRefusedByName() throws {
    let (map, _) = try mappedWalk()
    var opening = configuration(voxelSize: 0.04)
    opening.initialWorldMap = map
    XCTAssertThrowsError(try Session(configuration: opening)) { error in
      let message = "\(error)"
      XCTAssertTrue(message.contains("0.02") && message.contains("voxel"), message)
    }
  }

  func testADamagedMeshSectionIsRefusedWithItsReason() throws {
    let bytes = try mappedWalk().map.fileBytes()
    let mesh = try XCTUnwrap(bytes.firstRange(of: Data("MESH".utf8))).lowerBound
    // Tag, length (u64) and checksum (u32), then the payload.
    let payload = mesh + 16
    func refused(_ damaged: Data, because reason: String) {
      XCTAssertThrowsError(try WorldMap(fileBytes: damaged)) { error in
        XCTAssertTrue("\(error)".contains(reason), "\(error)")
      }
    }
    var flipped = bytes
    flipped[payload + 20] ^= 0x40
    refused(flipped, because: "mesh section is corrupt (checksum mismatch)")
    // A voxel size of 1 m, with the checksum made good.
    var huge = bytes
    huge.replaceSubrange(payload..<payload + 4, with: withUnsafeBytes(of: Float(1)) { Data($0) })
    refused(Self.withChecksum(huge, payload: payload), because: "voxel size is 1.0")
    refused(bytes.prefix(payload + 100), because: "truncated")
  }

  /// The bytes with the MESH payload's CRC-32 written anew.
  private static func withChecksum(_ bytes: Data, payload: Int) -> Data {
    let length = bytes[(payload - 12)..<(payload - 4)].enumerated().reduce(0) {
      $0 | Int($1.element) << (8 * $1.offset)
    }
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes[payload..<(payload + length)] {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 != 0 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
    }
    crc ^= 0xFFFF_FFFF
    var fixed = bytes
    fixed.replaceSubrange(
      (payload - 4)..<payload, with: withUnsafeBytes(of: crc.littleEndian) { Data($0) })
    return fixed
  }
}
