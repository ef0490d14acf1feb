import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Kills `imgcache warm` at random moments: every change is one SQLite transaction, so whatever instant the
/// process dies at, the cache must read back clean and every entry must decode.
@Suite("imgcache killed mid-warm", .serialized)
struct CrashTests {
  static let imageCount = 300

  /// 300 generated PNGs (about 1 KB each), each reply slightly delayed so a warm takes a while.
  private static func makeServer(delay: Duration = .milliseconds(2)) throws -> HTTPTestServer {
    let images = (0..<imageCount).map { TestImages.png($0, side: 24) }
    return try HTTPTestServer { request in
      let name = request.path.split(separator: "/").last.map(String.init) ?? ""
      guard let number = Int(name.replacingOccurrences(of: ".png", with: "")), images.indices.contains(number) else {
        return .status(404)
      }
      return .delayed(by: delay, .ok(images[number], headers: ["Cache-Control": "max-age=3600"]))
    }
  }

  /// A fresh query per round, so each round downloads (and evicts) instead of finding everything fresh.
  private static func urls(on server: HTTPTestServer, round: Int) -> [URL] {
    (0..<imageCount).map { server.url("/img/\($0).png?round=\(round)") }
  }

  @Test func sigkillFiftyTimesLeavesACleanCache() throws {
    let server = try Self.makeServer()
    defer { server.stop() }
    let cache = try ScratchCache()
    defer { cache.remove() }
    var generator = SystemRandomNumberGenerator()
    let rounds = 50
    var killedWhileRunning = 0
    var entriesSeen: [Int] = []
    let started = ContinuousClock.now
    for round in 0..<rounds {
      let list = try ScratchCache.urlList(Self.urls(on: server, round: round))
      defer { try? FileManager.default.removeItem(atPath: list) }
      // A small --max-disk so eviction is also interrupted now and then.
      let warm = try CLI.start(["warm", "--urls", list, "--max-disk", "200KB", "--concurrency", "8"] + cache.arguments)
      usleep(UInt32.random(in: 20_000...600_000, using: &generator))
      if warm.process.isRunning { killedWhileRunning += 1 }
      warm.signal(SIGKILL)
      let ended = warm.wait()
      #expect(ended.signalled || ended.status == 0, "round \(round): \(ended.stderr)")
      let verify = try cache.verify()
      #expect(verify.clean, "round \(round): \(verify)")
      #expect(verify.broken.isEmpty && verify.orphans == 0)
      entriesSeen.append(verify.checked)
    }
    let elapsed = ContinuousClock.now - started
    // The figures RELIABILITY.md quotes.
    print(
      "[reliability] SIGKILL loop: \(rounds) rounds, \(killedWhileRunning) killed mid-run, "
        + "entries after each kill \(entriesSeen.min() ?? 0)...\(entriesSeen.max() ?? 0), total \(elapsed)")
    // Most kills must land while warm was working, or the test proves little.
    #expect(killedWhileRunning >= rounds / 2)
    #expect(entriesSeen.contains { $0 > 0 })
    let stats = try cache.stats(["--max-disk", "200KB"])
    #expect(stats.bytes <= stats.maxBytes)
  }

  @Test("SIGTERM and SIGINT stop warm promptly, keep what finished", arguments: [SIGTERM, SIGINT])
  func gracefulSignal(signalNumber: Int32) throws {
    let server = try Self.makeServer(delay: .milliseconds(30))
    defer { server.stop() }
    let cache = try ScratchCache()
    defer { cache.remove() }
    let list = try ScratchCache.urlList(Self.urls(on: server, round: 0))
    defer { try? FileManager.default.removeItem(atPath: list) }
    let warm = try CLI.start(["warm", "--urls", list, "--concurrency", "2"] + cache.arguments)
    // Wait (safety net: 60 s) until some images are through, then signal.
    let deadline = ContinuousClock.now + .seconds(60)
    while server.requestCount < 20 && ContinuousClock.now < deadline { usleep(10_000) }
    usleep(100_000)
    warm.signal(signalNumber)
    let signalledAt = ContinuousClock.now
    let ended = warm.wait(safetyTimeout: .seconds(60))
    print("[reliability] signal \(signalNumber): exited \(ended.status) after \(ContinuousClock.now - signalledAt)")
    #expect(!ended.signalled && ended.status == 130, "status \(ended.status): \(ended.stderr)")
    #expect(ended.stdout.hasPrefix("interrupted after 300 URLs in "))
    // Far fewer than all 300 were requested: it stopped instead of draining the list.
    #expect(server.requestCount < Self.imageCount)
    let stats = try cache.stats()
    #expect(stats.entries >= 20)
    let verify = try cache.verify()
    #expect(verify.clean && verify.checked == stats.entries)
  }
}
