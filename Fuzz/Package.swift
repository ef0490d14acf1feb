// swift-tools-version:6.1
import Foundation
import PackageDescription

// libFuzzer targets for the decoders that read bytes from the network, and for the demo server's request handling. Built by `scripts/fuzz` with
//   swift build -c debug -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library
// A path dependency's identity is its folder's name, which differs between checkouts (main, worktrees).
let rootPackage = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .lastPathComponent

let package = Package(
  name: "ImageCacheFuzz",
  platforms: [.macOS(.v15)],
  dependencies: [.package(path: "..")],
  targets: [
    .target(name: "CFuzzDriver"),
    // What the decoder fuzzers share: the pixel budget, the input as bytes, the header/decode agreement checks.
    .target(name: "FuzzSupport", dependencies: [.product(name: "ImageCache", package: rootPackage)]),
    .executableTarget(
      name: "FuzzPNG",
      dependencies: ["CFuzzDriver", "FuzzSupport", .product(name: "ImageCache", package: rootPackage)]),
    .executableTarget(
      name: "FuzzJPEG",
      dependencies: [
        "CFuzzDriver", "FuzzSupport", .product(name: "ImageCache", package: rootPackage),
        .product(name: "ImageEncoding", package: rootPackage),
      ]),
    .executableTarget(
      name: "FuzzImageDecoder",
      dependencies: ["CFuzzDriver", "FuzzSupport", .product(name: "ImageCache", package: rootPackage)]),
    .executableTarget(
      name: "FuzzLastFM",
      dependencies: ["CFuzzDriver", "FuzzSupport", .product(name: "LastFM", package: rootPackage)]),
    .executableTarget(
      name: "FuzzDemoServer",
      dependencies: ["CFuzzDriver", "FuzzSupport", .product(name: "DemoCatalog", package: rootPackage)]),
  ]
)
