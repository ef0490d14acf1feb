import Foundation
import ImageCache
import ImageEncoding
import Synchronization
import TestSupport
import Testing

/// Reports each URL the moment its (one) download starts, so the test can pile more callers onto it.
private struct StartSignallingLoader: DataLoading {
  let wrapped: CurlDataLoader
  let started: AsyncStream<URL>.Continuation

  func load(_ request: DataRequest) async throws(TransferError) -> DataResponse {
    started.yield(request.url)
    return try await wrapped.load(request)
  }
}

/// Thousands of `image(for:)` calls over a few hundred URLs, some cancelled at random moments, against a real
/// libcurl loader and disk tier. `scripts/sanitize` runs this suite under TSan and ASan.
@Suite("ImageManager under concurrent callers", .timeLimit(.minutes(20)))
struct ConcurrentCallersTests {
  static let urlCount = 300
  static let extraCallersPerURL = 10

  private enum Outcome {
    case image(URL, width: Int, height: Int, firstPixel: [UInt8])
    case cancelled(URL)
    case failed(URL, String)
  }

  private static func bitmap(_ number: Int) -> ImageBitmap {
    let width = 8 + number % 13
    let height = 8 + number % 11
    var pixels = [UInt8](repeating: 255, count: width * height * 4)
    for index in stride(from: 0, to: pixels.count, by: 4) {
      pixels[index] = UInt8(truncatingIfNeeded: number)
      pixels[index + 1] = UInt8(truncatingIfNeeded: number >> 8)
    }
    return ImageBitmap(width: width, height: height, pixels: pixels)
  }

  @Test func everyPatientCallerGetsItsImageAndEachURLIsDownloadedOnce() async throws {
    let images = try (0..<Self.urlCount).map { try PNGEncoder.encode(Self.bitmap($0)) }
    let server = try HTTPTestServer { request in
      guard let number = Int(request.path.dropFirst()), images.indices.contains(number) else { return .status(404) }
      // Long enough for the extra callers to join the transfer in flight.
      return .delayed(by: .milliseconds(20), .ok(images[number], headers: ["Cache-Control": "max-age=3600"]))
    }
    defer { server.stop() }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("faults-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let (started, startedContinuation) = AsyncStream<URL>.makeStream()
    let loader = StartSignallingLoader(
      wrapped: CurlDataLoader(configuration: .init(maxConcurrentTransfers: 16)), started: startedContinuation)
    let manager = ImageManager(
      loader: loader, memory: ImageMemoryStore(costLimit: 64 << 20, countLimit: 10_000),
      disk: try DiskStore(directory: folder), decoder: ImageDecoder())
    let urls = (0..<Self.urlCount).map { server.url("/\($0)") }

    let outcomes = await withTaskGroup(of: [Outcome].self) { group -> [Outcome] in
      // One patient caller per URL starts each download...
      for url in urls { group.addTask { [await Self.call(manager, url, cancelAfter: nil)] } }
      // ...and once a download is under way (handed to the loader; libcurl may still queue it behind 16 others),
      // ten more callers pile on, every other one cancelled at a random moment in the next second: before, during
      // or after the transfer. The patient caller keeps the transfer alive, so a
      // second download would be a coalescing bug, not an artefact of everyone leaving.
      var seen = 0
      for await url in started {
        for index in 0..<Self.extraCallersPerURL {
          let cancelAfter: Duration? = index.isMultiple(of: 2) ? .microseconds(Int.random(in: 0...1_000_000)) : nil
          group.addTask { [await Self.call(manager, url, cancelAfter: cancelAfter)] }
        }
        seen += 1
        if seen == urls.count { break }
      }
      var all: [Outcome] = []
      for await batch in group { all += batch }
      return all
    }
    startedContinuation.finish()

    var cancelled = 0
    for outcome in outcomes {
      switch outcome {
      case .image(let url, let width, let height, let firstPixel):
        let number = Int(url.path.dropFirst())!
        let expected = Self.bitmap(number)
        #expect(width == expected.width && height == expected.height, "\(url)")
        #expect(firstPixel == Array(expected.pixels.prefix(4)), "\(url)")
      case .cancelled: cancelled += 1
      case .failed(let url, let message): Issue.record("\(url): \(message)")
      }
    }
    #expect(outcomes.count == Self.urlCount * (1 + Self.extraCallersPerURL))
    // Only callers that were cancelled may lack an image.
    #expect(cancelled <= Self.urlCount * Self.extraCallersPerURL / 2)
    let perPath = Dictionary(grouping: server.requests, by: \.path).mapValues(\.count)
    #expect(perPath.count == Self.urlCount)
    #expect(perPath.values.allSatisfy { $0 == 1 }, "\(perPath.filter { $0.value != 1 })")
    #expect(manager.networkStatistics.downloads == Self.urlCount)
    #expect(try (manager.disk as? DiskStore)?.statistics().entryCount == Self.urlCount)
    try manager.close()
    print("[reliability] \(outcomes.count) calls, \(cancelled) ended cancelled, \(server.requestCount) requests")
  }

  private static func call(_ manager: ImageManager, _ url: URL, cancelAfter: Duration?) async -> Outcome {
    let task = Task { () async -> Result<ImageResponse, ImageManagerError> in
      do throws(ImageManagerError) {
        return .success(try await manager.image(for: url))
      } catch {
        return .failure(error)
      }
    }
    if let cancelAfter {
      try? await Task.sleep(for: cancelAfter)
      task.cancel()
    }
    switch await task.value {
    case .success(let response):
      return .image(
        url, width: response.width, height: response.height, firstPixel: Array(response.bitmap.pixels.prefix(4)))
    case .failure(.cancelled) where cancelAfter != nil:
      return .cancelled(url)
    case .failure(let error):
      return .failed(url, "\(error)")
    }
  }
}
