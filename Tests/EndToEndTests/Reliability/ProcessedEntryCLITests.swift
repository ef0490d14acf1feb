import Foundation
import ImageCache
import TestSupport
import Testing

/// What the tools make of processed images a library user kept on disk (`ImageRequest.Options.storeProcessedOnDisk`):
/// listed beside their originals, and sound for `verify`, which would otherwise remove them as undecodable.
@Suite(.timeLimit(.minutes(20))) struct ProcessedEntryCLITests {
  @Test func lsListsAndVerifyAcceptsAProcessedEntry() async throws {
    // Given a cache folder holding a 41 px PNG (`TestImages.png(1, side: 40)`: side plus number) and its 16 px resize
    let server = try HTTPTestServer { _ in
      .ok(TestImages.png(1, side: 40), headers: ["Cache-Control": "max-age=600"])
    }
    defer { server.stop() }
    let cache = try ScratchCache()
    defer { cache.remove() }
    let url = server.url("/cover.png")
    let manager = try ImageManager(configuration: .init(cacheDirectory: cache.directory))
    _ = try await manager.image(
      for: ImageRequest(url: url, processors: [ImageProcessors.Resize(size: 16)], options: .storeProcessedOnDisk))
    try manager.close()

    // When the tools look at the folder
    let rows = try await cache.list()
    let verify = try await cache.verify()

    // Then both entries are listed with their sizes, and neither is broken
    let listed = rows.map { "\($0.url) \($0.width ?? 0)x\($0.height ?? 0) \($0.bytes)" }.sorted()
    #expect(
      listed == [
        "\(url.absoluteString) 41x41 \(TestImages.png(1, side: 40).count)",
        "\(url.absoluteString)#resize(16x16,fit) 16x16 \(20 + 16 * 16 * 4)",
      ])
    #expect(verify == VerifyOutput(checked: 2, broken: [], orphans: 0, fixed: false, clean: true))
  }
}
