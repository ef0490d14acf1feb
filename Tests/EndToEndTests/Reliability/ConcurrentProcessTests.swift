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
    // The counters `stats` reads, kept once per transaction by each process, are what the rows add up to
    #expect(try await Self.rowTotals(cache) == [stats.entries, stats.bytes])
    print("[reliability] \(processes) warms: \(stats.entries) entries, \(stats.bytes) B of \(stats.maxBytes) B")
  }

  /// The index's row count and charged bytes, summed by python3's sqlite3: a reader outside the tool.
  static func rowTotals(_ cache: ScratchCache) async throws -> [Int] {
    let output = try await ProcessRunner.run(
      URL(fileURLWithPath: "/usr/bin/env"),
      [
        "python3", "-c",
        """
        import sqlite3, sys
        row = sqlite3.connect(sys.argv[1]).execute("SELECT count(*), coalesce(sum(charged_bytes), 0) FROM entry")
        print(*row.fetchone())
        """,
        cache.directory.appendingPathComponent("cache.sqlite").path,
      ])
    #expect(output.status == 0, "\(output.stderr)")
    return output.stdout.split(separator: " ").compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
  }
}
