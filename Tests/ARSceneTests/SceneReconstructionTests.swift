import ARScene
import CVisionCore
import CVisionSynthetic
import XCTest

/// Scene reconstruction on the synthetic room's walk with exact depth: the
/// mesh lies on the renderer's surfaces, classes come from the planes, ids
/// are stable, the output does not depend on the thread count, and bad
/// depth readings and settings are handled.
final class SceneReconstructionTests: XCTestCase {
  private static let frameCount = 40

  private func session(threads: Int = 2) throws -> Session {
    var configuration = RoomWalk.configuration
    configuration.planeDetection = [.horizontal, .vertical]
    configuration.sceneReconstruction = .meshWithClassification
    configuration.workerThreads = threads
    return try Session(configuration: configuration)
  }

  /// Runs the walk and returns the session with everything meshed, and the
  /// room's world from the session's (ARKit axes both).
  private func walked(threads: Int = 2) throws -> (Session, Transform) {
    let session = try session(threads: threads)
    var roomFromSession = Transform.identity
    for (index, frame) in RoomWalk.frames(Self.frameCount).enumerated() {
      let update = try session.process(frame)
      if index == 0 {
        roomFromSession = RoomWalk.pose(at: 0) * update.frame.camera.transform.rigidInverse
      }
    }
    try session.finishSceneReconstruction()
    return (session, roomFromSession)
  }

  /// Distances from points (room world) to the nearest surface the renderer
  /// draws.
  private func surfaceDistances(_ points: [SIMD3<Float>]) throws -> [Float] {
    let surfaces = try SyntheticRoomRenderer.withScene { scene in
      var count: Int32 = 0
      XCTAssertEqual(vc_synthetic_scene_get_surfaces(scene, nil, 0, &count), VC_STATUS_OK)
      var all = [vc_synthetic_plane_t](repeating: vc_synthetic_plane_t(), count: Int(count))
      XCTAssertEqual(vc_synthetic_scene_get_surfaces(scene, &all, count, &count), VC_STATUS_OK)
      return all.map { surface in
        let p = withUnsafeBytes(of: surface.polygon) { Array($0.bindMemory(to: Float.self)) }
        return (
          SIMD3(p[0], p[1], p[2]), SIMD3(p[3], p[4], p[5]) - SIMD3(p[0], p[1], p[2]),
          SIMD3(p[9], p[10], p[11]) - SIMD3(p[0], p[1], p[2])
        )
      }
    }
    return points.map { point in
      surfaces.map { origin, u, v in
        let offset = point - origin
        let s = min(max((offset * u).sum() / (u * u).sum(), 0), 1)
        let t = min(max((offset * v).sum() / (v * v).sum(), 0), 1)
        let gap = offset - s * u - t * v
        return (gap * gap).sum().squareRoot()
      }.min() ?? .infinity
    }
  }

  func testTheMeshLiesOnTheRoomsSurfacesWithClassesFromThePlanes() throws {
    let (session, roomFromSession) = try walked()
    let anchors = try session.meshAnchors()
    XCTAssertGreaterThan(anchors.count, 4, "a room seen for more than a second")
    XCTAssertEqual(anchors.map(\.coreID), anchors.map(\.coreID).sorted(), "in order of id")
    XCTAssertEqual(Set(anchors.map(\.identifier)).count, anchors.count)
    var points: [SIMD3<Float>] = []
    var classes: [MeshClassification: Int] = [:]
    for anchor in anchors {
      let geometry = try session.meshGeometry(of: anchor)
      XCTAssertEqual(geometry.vertices.count, anchor.vertexCount)
      XCTAssertEqual(geometry.faces.count, anchor.faceCount)
      XCTAssertEqual(geometry.classifications.count, anchor.faceCount)
      XCTAssertTrue(geometry.faces.allSatisfy { $0.max() < UInt32(anchor.vertexCount) })
      XCTAssertTrue(geometry.normals.allSatisfy { abs(($0 * $0).sum() - 1) < 1e-3 })
      for classification in geometry.classifications { classes[classification, default: 0] += 1 }
      for vertex in geometry.vertices {
        let world = anchor.transform.apply(SIMD4(vertex, 1))
        let room = roomFromSession.apply(world)
        points.append(SIMD3(room.x, room.y, room.z))
      }
    }
    // Every 7th vertex keeps the check quick in a debug build.
    let distances = try surfaceDistances(
      stride(from: 0, to: points.count, by: 7).map { points[$0] }
    )
    .sorted()
    let median = distances[distances.count / 2]
    let p95 = distances[distances.count * 95 / 100]
    XCTAssertLessThan(median, 0.01, "median distance to the true surfaces")
    XCTAssertLessThan(p95, 0.03, "95th percentile distance to the true surfaces")
    XCTAssertGreaterThan(
      classes[.floor] ?? 0, 100, "the floor's plane classes its faces: \(classes)")
  }

  /// The mesh's depth from the last frame's camera is the room's true
  /// depth there, to a centimetre, wherever the mesh is seen.
  func testSceneDepthIsTheTrueDepthFromTheCamera() throws {
    let (session, _) = try walked()
    let camera = try XCTUnwrap(session.currentFrame?.camera)
    let rendered = try session.sceneDepth(for: camera)
    XCTAssertEqual(rendered.depthMap.format, .depthFloat32)
    XCTAssertEqual(rendered.depthMap.width, camera.intrinsics.width)
    let metres = rendered.depthMap.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
    let truth = try RoomWalk.trueDepth(at: Double(Self.frameCount - 1) / 30)
    var differences: [Float] = []
    for (mesh, exact) in zip(metres, truth) where mesh > 0 && exact > 0 {
      differences.append(abs(mesh - Float(exact) / 1000))
    }
    XCTAssertGreaterThan(differences.count, metres.count / 2, "the mesh covers most of the view")
    differences.sort()
    XCTAssertLessThan(differences[differences.count / 2], 0.01)
  }

  /// A ray through the image centre meets the mesh where the room's true
  /// depth says, along the optical axis; a ray away from every surface
  /// meets nothing; without a mesh the target has no hits.
  func testRaysHitTheMeshAtTheTrueDepth() throws {
    let (session, _) = try walked()
    let camera = try XCTUnwrap(session.currentFrame?.camera)
    let k = camera.intrinsics
    // The centre pixel's ray, in normalised screen coordinates.
    let centre = SIMD2(
      Float((k.cx + 0.5) / Double(k.width)), Float((k.cy + 0.5) / Double(k.height)))
    let query = try XCTUnwrap(
      RaycastQuery(screenPoint: centre, camera: camera, allowing: .mesh, alignment: .any))
    let hit = try XCTUnwrap(try session.raycast(query).first, "the mesh is in view")
    XCTAssertEqual(hit.target, .mesh)
    XCTAssertNotNil(hit.meshAnchor)
    XCTAssertNil(hit.anchor)
    let truth = try RoomWalk.trueDepth(at: Double(Self.frameCount - 1) / 30)
    let exact = Float(truth[Int(k.cy.rounded()) * k.width + Int(k.cx.rounded())]) / 1000
    XCTAssertGreaterThan(exact, 0)
    XCTAssertEqual(hit.distance, exact, accuracy: 0.02, "the centre ray runs along the axis")

    let away = RaycastQuery(
      origin: SIMD3(0, 50, 0), direction: SIMD3(0, 1, 0), allowing: .mesh, alignment: .any)
    XCTAssertEqual(try session.raycast(away), [])
    let plain = try Session(configuration: RoomWalk.configuration)
    for frame in RoomWalk.frames(3) { _ = try plain.process(frame) }
    XCTAssertEqual(try plain.raycast(query), [])
  }

  /// With a mesh, an estimated plane is the mesh's surface where the ray
  /// meets it, even where the last frame's depth saw nothing: a ray onto a
  /// meshed surface out of the last camera's view, from 0.3 m in front of
  /// it, finds it in the meshed session and not in one without a mesh.
  func testEstimatedPlanesAnswerFromTheMeshFirst() throws {
    let (session, _) = try walked()
    let camera = try XCTUnwrap(session.currentFrame?.camera)
    let cameraFromWorld = camera.transform.rigidInverse
    let k = camera.intrinsics
    // Out of view by a margin: behind the camera (ARKit axes look down -Z),
    // or projecting 40 pixels or more outside the image.
    func outOfView(_ world: SIMD3<Float>) -> Bool {
      let c = cameraFromWorld.transformPoint(world)
      guard c.z < 0 else { return true }
      let u = k.fx * Double(c.x / -c.z) + k.cx
      let v = k.fy * Double(-c.y / -c.z) + k.cy
      return u < -40 || v < -40 || u > Double(k.width + 40) || v > Double(k.height + 40)
    }
    // A spot out of view where the mesh, hit along a face's normal from
    // 0.3 m in front, is 0.3 m away (no other surface in between).
    var found: RaycastQuery?
    search: for anchor in try session.meshAnchors() {
      let geometry = try session.meshGeometry(of: anchor)
      for face in stride(from: 0, to: geometry.faces.count, by: 25).map({ geometry.faces[$0] }) {
        let corners = [face.x, face.y, face.z].map {
          anchor.transform.transformPoint(geometry.vertices[Int($0)])
        }
        let centre = (corners[0] + corners[1] + corners[2]) / 3
        let (a, b) = (corners[1] - corners[0], corners[2] - corners[0])
        let cross = SIMD3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
        var normal = cross / (cross * cross).sum().squareRoot()
        if (normal * geometry.normals[Int(face.x)]).sum() < 0 { normal = -normal }
        let origin = centre + 0.3 * normal
        guard normal.x.isFinite, outOfView(centre), outOfView(origin) else { continue }
        let onMesh = RaycastQuery(
          origin: origin, direction: -normal, allowing: .mesh, alignment: .any)
        if let hit = try session.raycast(onMesh).first, abs(hit.distance - 0.3) < 0.01 {
          found = onMesh
          break search
        }
      }
    }
    let onMesh = try XCTUnwrap(found, "the walk meshed surface its last camera does not see")
    var query = onMesh
    query.target = .estimatedPlane
    let hit = try XCTUnwrap(try session.raycast(query).first, "the mesh answers")
    XCTAssertEqual(hit.target, .estimatedPlane)
    XCTAssertNil(hit.anchor)
    XCTAssertNil(hit.meshAnchor)
    XCTAssertEqual(try session.raycast(onMesh).first?.distance, hit.distance)

    var configuration = RoomWalk.configuration
    configuration.planeDetection = [.horizontal, .vertical]
    let plain = try Session(configuration: configuration)
    for frame in RoomWalk.frames(Self.frameCount) { _ = try plain.process(frame) }
    XCTAssertEqual(try plain.raycast(query), [], "the last frame's depth did not see it")
  }

  /// A memory limit bounds the volume: past it, the voxels fused longest
  /// ago go, and their surface with them. At 4 MB (1,015 blocks of 16 cm,
  /// about two thirds of what the walk fuses) the mesh shrinks while the
  /// last camera's view, fused last, stays mostly meshed; at 1 MB it holds
  /// no more surface than 253 blocks can.
  func testAMemoryLimitDropsTheSurfaceFusedLongestAgo() throws {
    func walk(limit: Int?) throws -> (area: Double, covered: Int) {
      var configuration = RoomWalk.configuration
      configuration.planeDetection = [.horizontal, .vertical]
      configuration.sceneReconstruction = .mesh
      if let limit { configuration.meshMemoryLimit = limit }
      let session = try Session(configuration: configuration)
      for frame in RoomWalk.frames(Self.frameCount) { _ = try session.process(frame) }
      try session.finishSceneReconstruction()
      var area = 0.0
      for anchor in try session.meshAnchors() {
        let geometry = try session.meshGeometry(of: anchor)
        for face in geometry.faces {
          let (a, b, c) = (
            geometry.vertices[Int(face.x)], geometry.vertices[Int(face.y)],
            geometry.vertices[Int(face.z)]
          )
          let (u, v) = (b - a, c - a)
          let cross = SIMD3(u.y * v.z - u.z * v.y, u.z * v.x - u.x * v.z, u.x * v.y - u.y * v.x)
          area += Double((cross * cross).sum().squareRoot()) / 2
        }
      }
      let camera = try XCTUnwrap(session.currentFrame?.camera)
      let depth = try session.sceneDepth(for: camera).depthMap
      let covered = depth.withUnsafeBytes { bytes in
        bytes.bindMemory(to: Float.self).filter { $0 > 0 }.count
      }
      return (area, covered)
    }
    let unlimited = try walk(limit: nil)
    let fourMegabytes = try walk(limit: 4)
    let oneMegabyte = try walk(limit: 1)
    print(
      "mesh area \(unlimited.area) m² unlimited, \(fourMegabytes.area) m² in 4 MB,"
        + " \(oneMegabyte.area) m² in 1 MB; last view \(unlimited.covered),"
        + " \(fourMegabytes.covered), \(oneMegabyte.covered) pixels")
    XCTAssertLessThan(fourMegabytes.area, 0.8 * unlimited.area, "nothing was dropped")
    XCTAssertGreaterThan(
      Double(fourMegabytes.covered), 0.85 * Double(unlimited.covered),
      "the last view lost its mesh")
    // 1 MB of 4,132-byte blocks; a plane crosses a 16 cm cube in at most
    // sqrt(2) times its face's area.
    let blocks = Double(1 << 20) / 4132
    XCTAssertLessThan(oneMegabyte.area, blocks * 0.16 * 0.16 * 2.0.squareRoot())
    XCTAssertLessThan(oneMegabyte.area, fourMegabytes.area)
  }

  func testTheMeshIsTheSameWithOneThreadOrTwo() throws {
    func meshes(threads: Int) throws -> [MeshGeometry] {
      let (session, _) = try walked(threads: threads)
      return try session.meshAnchors().map { try session.meshGeometry(of: $0) }
    }
    let one = try meshes(threads: 1)
    XCTAssertFalse(one.isEmpty)
    XCTAssertEqual(one, try meshes(threads: 2))
  }

  func testOffByDefault() throws {
    let session = try Session(configuration: RoomWalk.configuration)
    for frame in RoomWalk.frames(5) { _ = try session.process(frame) }
    try session.finishSceneReconstruction()
    XCTAssertEqual(try session.meshAnchors(), [])
  }

  /// The frame with its depth as 32-bit metres, every fifth reading
  /// spoilt (NaN, infinite or negative) when asked.
  private func inMetres(_ frame: CapturedFrame, index: Int, spoilt: Bool) throws -> CapturedFrame {
    let given = try XCTUnwrap(frame.depth)
    var metres = given.depthMap.withUnsafeBytes { bytes in
      bytes.bindMemory(to: UInt16.self).map { Float($0) / given.unitsPerMeter }
    }
    if spoilt {
      for pixel in stride(from: index % 5, to: metres.count, by: 5) {
        metres[pixel] = [Float.nan, .infinity, -1, -.infinity][pixel % 4]
      }
    }
    let depth = try PixelBuffer(
      format: .depthFloat32, width: frame.intrinsics.width, height: frame.intrinsics.height,
      bytes: metres.withUnsafeBytes { Array($0) })
    return CapturedFrame(
      timestamp: frame.timestamp, intrinsics: frame.intrinsics,
      capturedImage: frame.capturedImage, depth: DepthData(depthMap: depth, unitsPerMeter: 1))
  }

  private func meshes(_ frames: [CapturedFrame]) throws -> [MeshGeometry] {
    let session = try session()
    for frame in frames { _ = try session.process(frame) }
    try session.finishSceneReconstruction()
    return try session.meshAnchors().map { try session.meshGeometry(of: $0) }
  }

  /// NaN, infinite and negative depth readings are no surface: the frames
  /// still mesh, and no vertex is made of them.
  func testBadDepthReadingsAreIgnored() throws {
    let frames = try RoomWalk.frames(12).enumerated().map { index, frame in
      try inMetres(frame, index: index, spoilt: true)
    }
    let geometries = try meshes(frames)
    XCTAssertFalse(geometries.isEmpty)
    for geometry in geometries {
      XCTAssertTrue(
        geometry.vertices.allSatisfy { $0.x.isFinite && $0.y.isFinite && $0.z.isFinite })
    }
  }

  /// Fusion reads depth in 16-bit units: millimetres stay as they are, and
  /// metres in floats are rounded to a twelfth of a millimetre. The same
  /// depth either way gives the same mesh to about a millimetre (tracking
  /// reads the floats too, so the poses differ by as much); a wrong scale
  /// would move it by centimetres.
  func testDepthInMetresGivesTheMeshOfTheSameDepthInUnits() throws {
    let frames = RoomWalk.frames(12)
    let inUnits = try meshes(frames)
    let metres = try meshes(
      frames.enumerated().map { index, frame in try inMetres(frame, index: index, spoilt: false) })
    XCTAssertFalse(inUnits.isEmpty)
    XCTAssertEqual(inUnits.count, metres.count, "chunks")
    let mean = { (vertices: [SIMD3<Float>]) in
      vertices.reduce(SIMD3<Float>.zero, +) / Float(max(vertices.count, 1))
    }
    var gaps: [Float] = []
    for (units, floats) in zip(inUnits, metres) {
      XCTAssertEqual(
        Double(floats.vertices.count), Double(units.vertices.count),
        accuracy: 0.02 * Double(units.vertices.count) + 2, "vertices of a chunk")
      let gap = mean(units.vertices) - mean(floats.vertices)
      gaps.append((gap * gap).sum().squareRoot())
    }
    gaps.sort()
    XCTAssertLessThan(gaps[gaps.count / 2], 0.0015, "the median chunk's mean vertex moved")
    XCTAssertLessThan(gaps.last ?? 0, 0.005, "a chunk's mean vertex moved")
  }

  func testAbsurdSettingsAreRefusedByName() throws {
    for size: Float in [0, -0.02, 1, .nan] {
      var configuration = WorldTrackingConfiguration()
      configuration.meshVoxelSize = size
      XCTAssertThrowsError(try configuration.validate(), "voxel size \(size)") { error in
        XCTAssertTrue(
          (error as? ARSceneError)?.message.contains("meshVoxelSize") ?? false, "\(error)")
      }
    }
    var configuration = WorldTrackingConfiguration()
    configuration.meshFusionInterval = 0
    XCTAssertThrowsError(try configuration.validate())
    configuration = WorldTrackingConfiguration()
    configuration.meshMaximumDepth = 100
    XCTAssertThrowsError(try configuration.validate())
    for limit in [0, -1, 65537] {
      configuration = WorldTrackingConfiguration()
      configuration.meshMemoryLimit = limit
      XCTAssertThrowsError(try configuration.validate(), "memory limit \(limit)") { error in
        XCTAssertTrue(
          (error as? ARSceneError)?.message.contains("meshMemoryLimit") ?? false, "\(error)")
      }
    }
  }
}
