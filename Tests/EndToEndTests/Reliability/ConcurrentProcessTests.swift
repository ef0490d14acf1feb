import Foundation
import TestSupport
import Testing

/// Several `imgcache warm` processes on one cache folder at once, with overlapping lists and a limit small enough
/// that they evict each other's entries.
@Suite("imgcache processes sharing a cache", .serialized, .timeLimit(.minutes(20)))
struct ConcurrentProcessTests {
  @Test(arguments: [2, 4])
  func overlappingWarms(processes: Int) async throws {
    let images = (0..<200).map { TestImages.png($0, side: 24) }
    let server = try HTTPTestServer { request in
      let name = request.path.dropFirst().replacingOccurrences(of: ".png", with: "")
      guard let number = Int(name), images.indices.contains(number) else { return .status(404) }
      return .delayed(by: .milliseconds(1), .ok(images[number], headers: ["Cache-Control": "max-age=3600"]))
    }
    defer { server.stop() }
    let cache = try ScratchCache()
    defer { cache.remove() }
    let limit = ["--max-disk", "120KB"]
    // Process i warms images [40 i, 40 i + 80): each overlaps its neighbours by half.
    var lists: [String] = []
    for index in 0..<processes {
      let urls = (40 * index..<40 * index + 80).map { server.url("/\($0).png") }
      lists.append(try ScratchCache.urlList(urls))
    }
    defer { for list in lists { try? FileManager.default.removeItem(atPath: list) } }
    let running = try lists.map {
      try CLI.start(["warm", "--urls", $0, "--concurrency", "4"] + limit + cache.arguments)
    }
    let outputs = await running.asyncMap { await $0.wait() }
    for output in outputs {
      #expect(!output.signalled && output.status == 0, "\(output.stdout) \(output.stderr)")
      #expect(output.stderr == "")
    }
    let verify = try await cache.verify()
    #expect(verify.clean)
    let stats = try await cache.stats(limit)
    #expect(stats.maxBytes == 120 << 10)
    #expect(stats.bytes <= stats.maxBytes)
    #expect(stats.entries == verify.checked && stats.entries > 0)
    print("[reliability] \(processes) warms: \(stats.entries) entries, \(stats.bytes) B of \(stats.maxBytes) B")
  }
}
