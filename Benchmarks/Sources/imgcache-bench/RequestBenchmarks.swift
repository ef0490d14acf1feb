import Dispatch
import Foundation
import ImageCache
import ImageCacheSupport
import ImageEncoding

extension Benchmarks {
  /// `ImageManager.image(for: ImageRequest)` with a resize processor, answered by the memory tier: what a row
  /// showing a cover as a thumbnail pays each time it is drawn. The requests are made once, as a row keeps its own.
  /// `entries` 2,000 is the memory tier's default limit, and the default store is used; 10,000 needs a larger one.
  static func processedHit(entries: Int) {
    let side = 64
    let thumbnail = try! PNGEncoder.encode(
      ImageBitmap(width: side, height: side, pixels: [UInt8](repeating: 7, count: side * side * 4)))
    struct Serving: DataLoading {
      let body: [UInt8]
      func load(_ request: DataRequest) async throws(TransferError) -> DataResponse {
        DataResponse(statusCode: 200, headers: ["content-type": "image/png"], body: body, effectiveURL: request.url)
      }
    }
    let memory =
      entries <= ImageMemoryStore.defaultCountLimit
      ? ImageMemoryStore() : ImageMemoryStore(costLimit: 1 << 30, countLimit: 2 * entries)
    let manager = ImageManager(loader: Serving(body: thumbnail), memory: memory, disk: nil, decoder: ImageDecoder())
    let resize = ImageProcessors.Resize(size: 64)
    let requests = (0..<entries).map {
      ImageRequest(
        url: URL(string: "https://lastfm.freetls.fastly.net/i/u/300x300/\($0)abcdef0123456789.png")!,
        processors: [resize])
    }
    var random = SplitMix64(seed: 7)
    let order = (0..<20_000).map { _ in requests[Int(random.next() % UInt64(entries))] }
    let done = DispatchSemaphore(value: 0)
    Task {
      // Filled through the pipeline itself, so the entries sit under the keys the requests look up.
      for request in requests { _ = try? await manager.image(for: request) }
      precondition(memory.statistics.count == requests.count, "every processed image should be in memory")
      let result = await measureBatchesAsync(
        "ImageManager.image(for: ImageRequest) processed memory hit (Resize 64, \(entries.formatted()) entries)",
        operations: order.count
      ) {
        for request in order { _ = try? await manager.image(for: request) }
      }
      print(result.line)
      done.signal()
    }
    done.wait()
  }

  /// `ImageProcessors.Resize` fitting a 300 px cover (photo-like gradients and grain) into 64 × 64; the same
  /// pixels are written to `peerInput` (raw RGBA) for the PIL peer in `Benchmarks/run`.
  static func resize(peerInput: String?) throws {
    let cover = ThumbnailFactory.bitmap(index: 11, side: 300)
    if let peerInput { try Data(cover.pixels).write(to: URL(fileURLWithPath: peerInput)) }
    let resize = ImageProcessors.Resize(size: 64)
    var checksum = 0
    let result = try measure("Resize 300x300 -> 64x64 (area averaging, RGBA)", operations: 50) {
      checksum &+= Int(try resize.process(cover).pixels[0])
    }
    print(result.line)
    if checksum == -1 { print("") }  // keeps the work observable
  }
}
