// swift-tools-version:6.1
import PackageDescription

let package = Package(
  name: "imgcache",
  platforms: [.macOS(.v15)],
  products: [
    .library(name: "ImageCache", targets: ["ImageCache"]),
    .library(name: "LastFM", targets: ["LastFM"]),
    .library(name: "BlockArt", targets: ["BlockArt"]),
    .library(name: "TerminalGraphics", targets: ["TerminalGraphics"]),
    // For the fuzz target over the demo server's request handling (Fuzz/).
    .library(name: "DemoCatalog", targets: ["DemoCatalog"]),
    // PNG and JPEG encoders for the fuzz targets (Fuzz/), the tools and the tests; not part of ImageCache's API.
    .library(name: "ImageEncoding", targets: ["ImageEncoding"]),
    .executable(name: "imgcache", targets: ["imgcache"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.0"),
    .package(url: "https://github.com/apple/swift-log", from: "1.16.0"),
    // Already in the graph through SwiftNIO and Hummingbird; ImageCache uses its Deque.
    .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
    // No default traits: `FullFoundation` would import full Foundation (and with it ICU) into the demo server, and
    // `ConfigurationSupport` brings swift-configuration, which does too; the server needs neither.
    .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.0", traits: []),
    // `swift package generate-documentation --target ImageCache`: the DocC catalog, built in CI (.ci/run).
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    // Already in the graph through Hummingbird; `imgcache now --follow` runs Swift's global executor on its event
    // loops (CacheTool's QuietExecutor).
    .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.0"),
  ],
  targets: [
    // C shims: tiny, prefixed, one concern each.
    // libcurl, linked as an ordinary system library. Loading it at run time on a thread of its own saved about
    // 6 ms of start-up, too little of the browser's first screen to be worth the loader (BENCHMARKS.md).
    .systemLibrary(name: "CCurl", pkgConfig: "libcurl", providers: [.apt(["libcurl4-openssl-dev"])]),
    .target(name: "CCurlShims", dependencies: ["CCurl"]),
    // Swift's global-executor hook, reached at link time (the runtime is linked statically and exports nothing).
    .target(name: "CConcurrencyHooks"),
    // The system's SQLite (what GRDB used on Linux), under the small layer in ImageCacheSupport/SQLite.
    .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
    // glibc's allocator: where large buffers go, and its figures for the benchmarks.
    .target(name: "CAllocator"),
    .target(
      name: "CImageShims",
      linkerSettings: [.linkedLibrary("png16"), .linkedLibrary("jpeg"), .linkedLibrary("z")]
    ),

    // The project's own helpers (PRNG, SQLite sharing, HTTP dates, LRU): ImageCache imports them `internal`, so
    // they stay out of its public API; the tools and tests import them directly.
    .target(name: "ImageCacheSupport", dependencies: ["CSQLite", "CAllocator"]),

    // FreeType, for text drawn into pictures (collage captions, the README's screen pictures).
    .systemLibrary(name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
    .target(name: "TextRaster", dependencies: ["CFreeType", "ImageCache", "BlockArt"]),

    // Libraries.
    .target(
      name: "ImageCache",
      dependencies: [
        "CCurlShims", "CImageShims", "ImageCacheSupport",
        .product(name: "Logging", package: "swift-log"),
        .product(name: "DequeModule", package: "swift-collections"),
      ]
    ),
    .target(name: "ImageEncoding", dependencies: ["ImageCache", "ImageCacheSupport", "CImageShims"]),
    // A listener's scrobbles kept on disk (the user's data, not cache): the store, the sync, ranges and stats.
    .target(name: "ScrobbleArchive", dependencies: ["ImageCacheSupport"]),
    .target(
      name: "LastFM",
      dependencies: [
        "ImageCache", "ImageCacheSupport",
        .product(name: "Logging", package: "swift-log"),
      ]
    ),
    .target(
      name: "DemoCatalog",
      dependencies: [
        "ImageCache", "ImageCacheSupport", "ImageEncoding", "LastFM", "TerminalUI",
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "Logging", package: "swift-log"),
      ]
    ),
    .target(name: "TerminalUI"),
    .target(name: "BlockArt", dependencies: ["ImageCache"]),
    // Pictures drawn by the terminal itself (kitty, iTerm2, sixel); libsixel does sixel's palette and dithering.
    .systemLibrary(name: "CSixel", pkgConfig: "libsixel", providers: [.apt(["libsixel-dev"])]),
    .target(
      name: "TerminalGraphics",
      dependencies: ["ImageCache", "ImageCacheSupport", "ImageEncoding", "BlockArt", "TerminalUI", "CSixel"]),
    .target(
      name: "ArtistBrowser",
      dependencies: [
        "ImageCache", "ImageCacheSupport", "LastFM", "DemoCatalog", "BlockArt", "TerminalUI", "TerminalGraphics",
        "ToolOptions", "ScrobbleArchive", .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "Logging", package: "swift-log"),
      ]
    ),

    // The options both tools take (cache, Last.fm, logging), declared once, and the rules they follow.
    .target(
      name: "ToolOptions",
      dependencies: [
        "ImageCache", "ImageCacheSupport", "LastFM", "DemoCatalog", "TerminalUI", "ScrobbleArchive",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "Logging", package: "swift-log"),
      ],
      plugins: ["BuildCommit"]
    ),
    // `--version`'s commit, written at build time from git (no network).
    .plugin(name: "BuildCommit", capability: .buildTool()),

    // The imgcache commands, as a library so they can be tested.
    .target(
      name: "CacheTool",
      dependencies: [
        "ImageCache", "ImageCacheSupport", "ImageEncoding", "LastFM", "DemoCatalog", "BlockArt", "TerminalUI",
        "ScrobbleArchive", "TextRaster",
        "TerminalGraphics", "ToolOptions", "ArtistBrowser", "CCurlShims", "CSixel", "CConcurrencyHooks",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "NIOPosix", package: "swift-nio"),
      ]
    ),

    // The one executable, thin; `artist-browser` is a second name for it (a symbolic link; CacheTool's
    // ProgramName picks the command by argv[0]).
    .executableTarget(
      name: "imgcache", dependencies: ["CacheTool"], linkerSettings: staticSwiftRuntime),

    // Benchmarks (results in BENCHMARKS.md; run by Benchmarks/run).
    .executableTarget(
      name: "imgcache-bench",
      dependencies: [
        "ImageCache", "ImageCacheSupport", "ImageEncoding", "BlockArt", "ArtistBrowser", "DemoCatalog", "TerminalUI",
        "ToolOptions", "TextRaster", "ScrobbleArchive",
      ],
      path: "Benchmarks/Sources/imgcache-bench"
    ),

    // Test helpers as their own target.
    .target(
      name: "TestSupport", dependencies: ["ImageCache", "ImageEncoding", "ScrobbleArchive", "ImageCacheSupport"],
      path: "Sources/TestSupport"),

    .testTarget(
      name: "ImageCacheTests",
      dependencies: [
        "ImageCache", "ImageCacheSupport", "ImageEncoding", "CImageShims", "TestSupport",
      ]
    ),
    .testTarget(
      name: "LastFMTests", dependencies: ["LastFM", "ImageCacheSupport", "TestSupport"]),
    .testTarget(name: "DemoCatalogTests", dependencies: ["DemoCatalog", "ImageCacheSupport", "LastFM", "TestSupport"]),
    .testTarget(name: "BlockArtTests", dependencies: ["BlockArt", "ImageEncoding", "TestSupport"]),
    .testTarget(name: "TerminalUITests", dependencies: ["TerminalUI"]),
    .testTarget(name: "TextRasterTests", dependencies: ["TextRaster", "BlockArt", "ImageCache"]),
    .testTarget(name: "ScrobbleArchiveTests", dependencies: ["ScrobbleArchive", "ImageCacheSupport", "TestSupport"]),
    .testTarget(
      name: "TerminalGraphicsTests",
      dependencies: [
        "TerminalGraphics", "ImageCache", "ImageEncoding", "BlockArt", "TerminalUI", "CSixel", "TestSupport",
      ]
    ),
    .testTarget(
      name: "ArtistBrowserTests",
      dependencies: ["ArtistBrowser", "ImageEncoding", "TerminalGraphics", "ToolOptions", "TestSupport"]),
    .testTarget(
      name: "CacheToolTests",
      dependencies: ["CacheTool", "ToolOptions", "TerminalUI", "ScrobbleArchive", "TestSupport"]),
    .testTarget(name: "ToolOptionsTests", dependencies: ["ToolOptions", "ImageCache", "LastFM"]),
    .testTarget(name: "EndToEndTests", dependencies: ["TestSupport", "ImageCache", "ImageEncoding", "DemoCatalog"]),
  ]
)

/// Release builds of the two tools link the Swift runtime and Foundation statically (what
/// `swift build --static-swift-stdlib` does): resolving the symbols of a dozen shared Swift libraries took about 8 ms
/// of every start, a third of an empty `imgcache warm` (BENCHMARKS.md). The binaries also run without a Swift
/// toolchain installed. The cost is size: 133 MB with symbols, 76 MB stripped, most of it ICU data.
var staticSwiftRuntime: [LinkerSetting] {
  // The modules were compiled against the shared FoundationEssentials, whose link entries leave out what the
  // static libraries need in turn; name those here. Full Foundation, FoundationInternationalization and ICU are
  // not among them: nothing imports them (scripts/check-no-icu fails the build in CI if they come back).
  let foundation = [
    "FoundationEssentials", "_FoundationCShims", "_FoundationCollections", "swiftSynchronization", "swiftDispatch",
  ]
  // `-static-stdlib` also exports every public symbol of our own modules (`-export-dynamic`); nothing looks
  // them up at run time, and each one makes every symbol lookup of the shared libraries loaded at start dearer.
  let flags =
    ["-static-stdlib", "-Xlinker", "--start-group"] + foundation.map { "-l\($0)" } + ["-Xlinker", "--end-group"]
    + ["-Xlinker", "--no-export-dynamic"]
  return [.unsafeFlags(flags, .when(platforms: [.linux], configuration: .release))]
}

// Each file sees only the members of the modules it imports itself. Without this, one `import Foundation`
// anywhere in a target's graph makes Foundation's members (trimmingCharacters, String(format:)) usable in every
// file, and full Foundation with ICU's 34 MB comes back into the binary unnoticed.
for target in package.targets where target.type == .regular || target.type == .executable {
  target.swiftSettings = (target.swiftSettings ?? []) + [.enableUpcomingFeature("MemberImportVisibility")]
}
