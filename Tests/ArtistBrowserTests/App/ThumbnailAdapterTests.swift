import BlockArt
import Foundation
import ImageCache
import ImageEncoding
import Synchronization
import TerminalGraphics
import TerminalUI
import Testing

@testable import ArtistBrowser

/// Answers with one PNG, or (when `hangs`) waits until the request is cancelled; counts requests.
private final class ScriptedLoader: DataLoading {
  let hangs: Bool
  let png: [UInt8]
  private let started = Mutex(0)

  init(hangs: Bool, bitmap: ImageBitmap = ImageBitmap(width: 2, height: 2, pixels: Array(repeating: 200, count: 16))) {
    self.hangs = hangs
    self.png = try! PNGEncoder.encode(bitmap)
  }

  var requests: Int { started.withLock { $0 } }

  func load(_ request: DataRequest) async throws(TransferError) -> DataResponse {
    started.withLock { $0 += 1 }
    if hangs {
      // Sleeps until cancelled (the test's safety net is far longer than any run needs).
      try? await Task.sleep(for: .seconds(600))
      throw .cancelled
    }
    return DataResponse(
      statusCode: 200, headers: ["content-type": "image/png"], body: png, effectiveURL: request.url)
  }
}

@Suite(.timeLimit(.minutes(20))) struct ImageManagerThumbnailLoaderTests {
  private func manager(_ loader: ScriptedLoader) -> ImageManager {
    ImageManager(loader: loader, memory: ImageMemoryStore(), disk: nil, decoder: ImageDecoder())
  }

  @Test func aCoverArrivesDecoded() async throws {
    let loader = ScriptedLoader(hangs: false)
    let thumbnails = ImageManagerThumbnailLoader(manager: manager(loader))
    let bitmap = try await thumbnails.thumbnail(for: URL(string: "http://127.0.0.1/c.png")!)
    #expect(bitmap.width == 2 && bitmap.height == 2)
    // A second ask is answered from memory.
    _ = try await thumbnails.thumbnail(for: URL(string: "http://127.0.0.1/c.png")!)
    #expect(loader.requests == 1)
  }

  @Test func aFittedCoverIsKeptScaledOnDiskForTheNextStart() async throws {
    // Given a 40×40 cover and a cache folder
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("thumbs-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let pixels: [UInt8] = (0..<1600).flatMap { index -> [UInt8] in [UInt8(index % 251), UInt8(index / 40 * 6), 90, 255]
    }
    let loader = ScriptedLoader(hangs: false, bitmap: ImageBitmap(width: 40, height: 40, pixels: pixels))
    func start() throws -> ImageManager {
      ImageManager(
        loader: loader, memory: ImageMemoryStore(), disk: try DiskStore(directory: folder, maxBytes: 1 << 24),
        decoder: ImageDecoder())
    }
    let url = URL(string: "http://127.0.0.1/c.png")!
    let box = PixelSize(width: 24, height: 24)
    let first = try start()

    // When it is asked for fitted to 24×24, and again by a second start on the same folder
    let shown = try await ImageManagerThumbnailLoader(manager: first).thumbnail(for: url, fitting: box)
    try first.close()
    let second = try start()
    let again = try await ImageManagerThumbnailLoader(manager: second).thumbnail(for: url, fitting: box)

    // Then both are the 24×24 picture, downloaded once, and the disk keeps it beside the original
    #expect((shown.width, shown.height) == (24, 24))
    #expect(again == shown)
    #expect(loader.requests == 1)
    let keys = try #require(second.disk as? DiskStore).entries(limit: nil).map(\.key).sorted()
    #expect(keys == [second.cacheKey(for: url), second.cacheKey(for: url) + "#resize(24x24,fit)"])
  }

  @Test func aLoaderBypassingTheMemoryTierKeepsNothingThere() async throws {
    // Given a manager whose memory tier is empty
    let loader = ScriptedLoader(hangs: false)
    let memory = ImageMemoryStore()
    let manager = ImageManager(loader: loader, memory: memory, disk: nil, decoder: ImageDecoder())
    let url = URL(string: "http://127.0.0.1/c.png")!
    let box = PixelSize(width: 1, height: 1)

    // When the Now screen's loader loads a cover scaled and as it is
    let now = ImageManagerThumbnailLoader(manager: manager).bypassingMemoryTier
    #expect(try await now.thumbnail(for: url, fitting: box).width == 1)
    #expect(try await now.thumbnail(for: url).width == 2)

    // Then the memory tier holds neither; the session's own loader still keeps what it loads there
    #expect(memory.statistics.count == 0)
    _ = try await ImageManagerThumbnailLoader(manager: manager).thumbnail(for: url, fitting: box)
    #expect(memory.statistics.count == 1)
  }

  @Test func cancellingTheCallerCancelsTheLoadAndReportsCancellationError() async throws {
    let loader = ScriptedLoader(hangs: true)
    let thumbnails = ImageManagerThumbnailLoader(manager: manager(loader))
    let task = Task { try await thumbnails.thumbnail(for: URL(string: "http://127.0.0.1/slow.png")!) }
    while loader.requests == 0 { await Task.yield() }
    task.cancel()
    let result = await task.result
    #expect(throws: CancellationError.self) { try result.get() }
  }
}

@Suite struct BlockArtThumbnailRendererTests {
  @Test func fillsExactlyTheSlotWithHalfBlocks() {
    let red = ImageBitmap(width: 4, height: 4, pixels: Array(repeating: [255, 0, 0, 255], count: 16).flatMap { $0 })
    let lines = BlockArtThumbnailRenderer(colorMode: .trueColor).render(red, columns: 6, rows: 3)
    #expect(lines.count == 3)
    #expect(lines.allSatisfy { TerminalText.displayWidth($0) == 6 })
    #expect(lines[0].contains("▀"))
    #expect(lines[0].contains("38;2;255;0;0"))
  }

  @Test func aWidePictureLeavesBlankRowsBelow() {
    let wide = ImageBitmap(width: 8, height: 2, pixels: Array(repeating: 128, count: 64))
    let lines = BlockArtThumbnailRenderer(colorMode: .noColor).render(wide, columns: 8, rows: 4)
    #expect(lines.count == 4)
    #expect(lines.allSatisfy { TerminalText.displayWidth($0) == 8 })
    #expect(lines.last == String(repeating: " ", count: 8))
  }
}
