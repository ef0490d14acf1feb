import Dispatch
import Foundation
import Synchronization
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Kills `imgcache warm` at random moments: every change is one SQLite transaction, so whatever instant the
/// process dies at, the cache must read back clean and every entry must decode.
@Suite("imgcache killed mid-warm", .serialized, .timeLimit(.minutes(30)))
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

  @Test func sigkillFiftyTimesLeavesACleanCache() async throws {
    let images = (0..<Self.imageCount).map { TestImages.png($0, side: 24) }
    let trap = KillTrap()
    let server = try HTTPTestServer { request in
      let name = request.path.split(separator: "/").last.map(String.init) ?? ""
      guard let number = Int(name.replacingOccurrences(of: ".png", with: "")), images.indices.contains(number) else {
        return .status(404)
      }
      trap.arrived(round: Int(request.query("round") ?? "") ?? -1)
      return .delayed(by: .milliseconds(2), .ok(images[number], headers: ["Cache-Control": "max-age=3600"]))
    }
    defer { server.stop() }
    let cache = try ScratchCache()
    defer { cache.remove() }
    let rounds = 50
    var entriesSeen: [Int] = []
    let started = ContinuousClock.now
    for round in 0..<rounds {
      let list = try ScratchCache.urlList(Self.urls(on: server, round: round))
      defer { try? FileManager.default.removeItem(atPath: list) }
      // The kill lands while request number `target` of this round is held open by the server, so warm is
      // certainly mid-run (downloading, storing, evicting with the other transfers) whatever the machine's speed.
      let target = Int.random(in: 1...Self.imageCount - 20)
      trap.arm(round: round, target: target)
      // A small --max-disk so eviction is also interrupted now and then.
      // The held request waits for the kill, however late a busy run schedules it: no stall cut-off meanwhile, and
      // no whole-transfer one either (a starved run reached the kill after the default 60 s, by which time warm had
      // timed the held transfer out, fetched it again and finished).
      let warm = try CLI.start(
        [
          "warm", "--urls", list, "--max-disk", "200KB", "--concurrency", "8", "--stall-timeout", "600",
          "--transfer-timeout", "600",
        ] + cache.arguments)
      let reached = await trap.waitUntilReached()
      #expect(reached, "round \(round): request \(target) never arrived")
      #expect(warm.process.isRunning, "round \(round)")
      warm.signal(SIGKILL)
      let ended = await warm.wait()
      trap.release()
      #expect(
        ended.signalled && ended.status == SIGKILL,
        "round \(round): \(ended.status) stdout \(ended.stdout) stderr \(ended.stderr)")
      // Every entry decodes. A file the killed writer finished but never committed a row for is not broken: once
      // a minute old, verify counts it as an orphan, and trim (below) removes it.
      let verify = try await cache.verify()
      #expect(verify.broken.isEmpty, "round \(round): \(verify)")
      entriesSeen.append(verify.checked)
    }
    let elapsed = ContinuousClock.now - started
    // The figures RELIABILITY.md quotes.
    print(
      "[reliability] SIGKILL loop: \(rounds) kills mid-run, entries after each kill "
        + "\(entriesSeen.min() ?? 0)...\(entriesSeen.max() ?? 0), total \(elapsed)")
    #expect(entriesSeen.contains { $0 > 0 })
    let trim = try await CLI.run(["trim"] + cache.arguments)
    #expect(trim.status == 0, "\(trim.stderr)")
    let afterTrim = try await cache.verify()
    #expect(afterTrim.clean, "\(afterTrim)")
    let stats = try await cache.stats(["--max-disk", "200KB"])
    #expect(stats.bytes <= stats.maxBytes)
  }

  @Test("SIGTERM and SIGINT stop warm promptly, keep what finished", arguments: [SIGTERM, SIGINT])
  func gracefulSignal(signalNumber: Int32) async throws {
    let server = try Self.makeServer(delay: .milliseconds(30))
    defer { server.stop() }
    let cache = try ScratchCache()
    defer { cache.remove() }
    let list = try ScratchCache.urlList(Self.urls(on: server, round: 0))
    defer { try? FileManager.default.removeItem(atPath: list) }
    let warm = try CLI.start(["warm", "--urls", list, "--concurrency", "2"] + cache.arguments)
    // Wait until some images are through, then signal.
    do {
      try await waitUntil("20 requests from warm at the server", every: .milliseconds(10)) { server.requestCount >= 20 }
    } catch {
      warm.signal(SIGKILL)
      _ = await warm.wait()
      throw error
    }
    warm.signal(signalNumber)
    let signalledAt = ContinuousClock.now
    let ended = await warm.wait()
    print("[reliability] signal \(signalNumber): exited \(ended.status) after \(ContinuousClock.now - signalledAt)")
    #expect(!ended.signalled && ended.status == 130, "status \(ended.status): \(ended.stderr)")
    #expect(ended.stdout.hasPrefix("interrupted after 300 URLs in "))
    // Far fewer than all 300 were requested: it stopped instead of draining the list.
    #expect(server.requestCount < Self.imageCount)
    // Warm keeps at most 2 × concurrency = 4 URLs in flight and starts the next only when one has finished
    // (stored included), so by the time request 20 arrived at least 16 entries were complete.
    let stats = try await cache.stats()
    #expect(stats.entries >= 16)
    let verify = try await cache.verify()
    #expect(verify.clean && verify.checked == stats.entries)
  }
}

/// Holds the `target`-th request of the armed round until the test has killed the client.
private final class KillTrap: Sendable {
  /// One release per round: a hold that gave up waiting must not leave a permit behind for the next round's held
  /// request, which would then not be held at all (warm would finish before the kill, round after round).
  private struct Round {
    var number = -1
    var target = 0
    var seen = 0
    var released = DispatchSemaphore(value: 0)
  }
  private let state = Mutex(Round())
  private let reached = DispatchSemaphore(value: 0)

  func arm(round: Int, target: Int) {
    // A request still held from an earlier round (its test code threw before releasing it) lets go now.
    state.withLock { state in
      state.released.signal()
      state = Round(number: round, target: target)
    }
  }

  /// On the server's connection thread.
  func arrived(round: Int) {
    let hold = state.withLock { state -> DispatchSemaphore? in
      guard state.number == round else { return nil }
      state.seen += 1
      return state.seen == state.target ? state.released : nil
    }
    guard let hold else { return }
    reached.signal()
    // Safety net only: the test releases right after the kill, however late a loaded machine lets it run.
    _ = hold.wait(timeout: .now() + .seconds(600))
  }

  func waitUntilReached() async -> Bool {
    await offThePool { [reached] in reached.wait(timeout: .now() + .seconds(120)) == .success }
  }

  func release() { state.withLock { $0.released }.signal() }
}
