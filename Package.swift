// swift-tools-version:6.0
import PackageDescription

// Dependencies flow one way: CVisionCore -> ARScene -> ARSceneDatasets -> arscene.
// CVisionSynthetic (rendered rooms with exact ground truth, evaluation helpers)
// sits beside the core and is used only by ARSceneDatasets and the tests;
// CVisionCoreTesting holds hooks that only tests call.
// OpenCV and Eigen come from the system through pkg-config (see Sources/COpenCV
// and Sources/CEigen), with no compiler or linker flags of our own, so the
// package can be used as a dependency.
let package = Package(
  name: "ARScene",
  platforms: [.macOS(.v13)],
  products: [
    .library(name: "ARScene", targets: ["ARScene"]),
    .library(name: "ARSceneDatasets", targets: ["ARSceneDatasets"]),
    .executable(name: "arscene", targets: ["arscene"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift", from: "0.1.0"),
  ],
  targets: [
    .systemLibrary(
      name: "COpenCV",
      path: "Sources/COpenCV",
      pkgConfig: "opencv4",
      providers: [.apt(["libopencv-dev"])]
    ),
    .systemLibrary(
      name: "CEigen",
      path: "Sources/CEigen",
      pkgConfig: "eigen3",
      providers: [.apt(["libeigen3-dev"])]
    ),
    .target(
      name: "CVisionCore",
      dependencies: ["COpenCV", "CEigen"],
      path: "Sources/CVisionCore",
      cxxSettings: [
        .headerSearchPath("src"),
        // Release builds of the core are what the budgets are measured on;
        // debug builds stay debuggable.
        .define("NDEBUG", .when(configuration: .release)),
      ]
    ),
    .target(
      name: "CVisionSynthetic",
      dependencies: ["CVisionCore", "COpenCV", "CEigen"],
      path: "Sources/CVisionSynthetic",
      cxxSettings: [
        .headerSearchPath("src"),
        // The core's header-only conventions, checks and guard.
        .headerSearchPath("../CVisionCore/src"),
        .define("NDEBUG", .when(configuration: .release)),
      ]
    ),
    .target(
      name: "CVisionCoreTesting",
      dependencies: ["CVisionCore", "COpenCV", "CEigen"],
      path: "Sources/CVisionCoreTesting",
      cxxSettings: [
        .headerSearchPath("../CVisionCore/src"),
        // As the core: every C++ target of a build has the same defines, so
        // that one precompiled header serves them all (Tools/test).
        .define("NDEBUG", .when(configuration: .release)),
      ]
    ),
    .target(
      name: "ARScene",
      dependencies: ["CVisionCore"],
      path: "Sources/ARScene"
    ),
    .target(
      name: "ARSceneDatasets",
      dependencies: [
        "ARScene",
        "CVisionSynthetic",
        .product(name: "Histogram", package: "hdrhistogram-swift"),
      ],
      path: "Sources/ARSceneDatasets"
    ),
    .executableTarget(
      name: "arscene",
      dependencies: [
        "ARScene",
        "ARSceneDatasets",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      path: "Sources/arscene",
      // ROS bags are read, and replays written as MCAP, in Python with the
      // rosbags package (PyPI); the command runs these scripts
      // (Tools/convert/rosbag-to-native and Tools/mcap/events-to-mcap link to them).
      resources: [.copy("Resources/rosbag-to-native.py"), .copy("Resources/events-to-mcap.py")]
    ),
    // Fixtures every test target shares: temporary folders, the shared
    // datasets, camera poses. Not a product: only tests see it.
    .target(
      name: "TestSupport",
      path: "Tests/TestSupport"
    ),
    .testTarget(
      name: "CVisionCoreTests",
      dependencies: ["CVisionCore", "CVisionCoreTesting", "CVisionSynthetic", "TestSupport"],
      path: "Tests/CVisionCoreTests"
    ),
    .testTarget(
      name: "CVisionSyntheticTests",
      dependencies: ["CVisionSynthetic", "TestSupport"],
      path: "Tests/CVisionSyntheticTests"
    ),
    .testTarget(
      name: "ARSceneTests",
      dependencies: ["ARScene", "CVisionCore", "CVisionSynthetic", "TestSupport"],
      path: "Tests/ARSceneTests"
    ),
    .testTarget(
      name: "ARSceneDatasetsTests",
      dependencies: ["ARSceneDatasets", "ARScene", "TestSupport"],
      path: "Tests/ARSceneDatasetsTests",
      // Read in place through #filePath (and by evo in a test), not bundled.
      exclude: ["Fixtures"]
    ),
    .testTarget(
      name: "arsceneTests",
      dependencies: ["arscene", "TestSupport"],
      path: "Tests/arsceneTests",
      exclude: ["Golden", "WorldMapFormat"]
    ),
  ],
  cxxLanguageStandard: .cxx17
)

// ARSCENE_TEST_TARGETS=A,B,... keeps only those test targets and what they
// build on. Tools/sanitize sets it: it runs the core's, the renderer's and
// the engine's tests under the sanitizers, and without it `--build-tests`
// would also build (instrumented) the dataset library, the command-line
// tool and the two test targets that drive them, which it never runs.
if let names = Context.environment["ARSCENE_TEST_TARGETS"] {
  let tests = Set(names.split(separator: ",").map(String.init))
  func dependencyName(_ dependency: Target.Dependency) -> String? {
    switch dependency {
    case .targetItem(let name, _), .byNameItem(let name, _): return name
    default: return nil
    }
  }
  var kept = Set<String>()
  var pending = package.targets.filter { tests.contains($0.name) }
  while let target = pending.popLast() {
    guard kept.insert(target.name).inserted else { continue }
    let names = Set(target.dependencies.compactMap(dependencyName))
    pending += package.targets.filter { names.contains($0.name) }
  }
  package.targets.removeAll { !kept.contains($0.name) }
  package.products.removeAll { product in
    let targets =
      (product as? Product.Library)?.targets ?? (product as? Product.Executable)?.targets ?? []
    return !targets.allSatisfy(kept.contains)
  }
}
