// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "Quickstart",
  dependencies: [
    // In your own package: .package(url: "<this repository's URL>", branch: "main")
    .package(name: "ARScene", path: "../..")
  ],
  targets: [
    .executableTarget(
      name: "Quickstart",
      dependencies: [
        .product(name: "ARScene", package: "ARScene"),
        .product(name: "ARSceneDatasets", package: "ARScene"),
      ]),
    .executableTarget(
      name: "SessionPieces",
      dependencies: [
        .product(name: "ARScene", package: "ARScene"),
        .product(name: "ARSceneDatasets", package: "ARScene"),
      ]),
  ]
)
