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
      ],
      swiftSettings: [.unsafeFlags(["-parse-as-library"])]
    )
  ]
)
