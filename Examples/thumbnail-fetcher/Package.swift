// swift-tools-version:6.1
import PackageDescription

// A program outside the imgcache package that uses its library as any other package would: by path here, by URL
// and version in yours.
let package = Package(
  name: "thumbnail-fetcher",
  platforms: [.macOS(.v15)],
  dependencies: [.package(name: "imgcache", path: "../..")],
  targets: [
    .executableTarget(
      name: "thumbnail-fetcher", dependencies: [.product(name: "ImageCache", package: "imgcache")])
  ]
)
