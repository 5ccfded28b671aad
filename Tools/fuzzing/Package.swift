// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "ARSceneFuzz",
  dependencies: [.package(name: "ARScene", path: "../..")],
  targets: [
    .executableTarget(
      name: "arscene-fuzz",
      dependencies: [
        .product(name: "ARScene", package: "ARScene"),
        .product(name: "ARSceneDatasets", package: "ARScene"),
        "FuzzerEntry",
      ],
      swiftSettings: [.unsafeFlags(["-parse-as-library"])]
    ),
    // The entry point in C (fuzzer_entry.c says why it is needed).
    .target(name: "FuzzerEntry"),
  ]
)
