// swift-tools-version:6.1
import Foundation
import PackageDescription

// libFuzzer targets for the decoders that read bytes from the network. Built by `scripts/fuzz` with
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
    .executableTarget(
      name: "FuzzPNG", dependencies: ["CFuzzDriver", .product(name: "ImageCache", package: rootPackage)]),
    .executableTarget(
      name: "FuzzJPEG", dependencies: ["CFuzzDriver", .product(name: "ImageCache", package: rootPackage)]),
    .executableTarget(
      name: "FuzzImageDecoder", dependencies: ["CFuzzDriver", .product(name: "ImageCache", package: rootPackage)]),
    .executableTarget(
      name: "FuzzLastFM", dependencies: ["CFuzzDriver", .product(name: "LastFM", package: rootPackage)]),
  ]
)
