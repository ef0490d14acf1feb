import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The cache folder as a hostile tester leaves it, and servers and other processes that never let go, through the
/// built tools: a damaged index, a pipe where an image file should be, a write lock held by another process, a
/// server dripping its answer, and a signal while the tool would wait.
@Suite("imgcache with a hostile cache folder and endless waits", .serialized, .timeLimit(.minutes(20)))
struct HostileCacheTests {
  static let images = (0..<300).map { TestImages.png($0 % 20) }

  static func makeServer() throws -> HTTPTestServer {
    try HTTPTestServer { request in
      guard let number = Int(request.path.dropFirst()), images.indices.contains(number) else { return .status(404) }
      return .ok(images[number], headers: ["Cache-Control": "max-age=3600"])
    }
  }

  /// `count` URLs with long queries, so their index spans many pages.
  static func urls(_ count: Int, on server: HTTPTestServer) -> [URL] {
    (0..<count).map { server.url("/\($0)?variant=" + String(repeating: "v", count: 150)) }
  }

  static func warm(_ urls: [URL], _ cache: ScratchCache) async throws {
    let list = try ScratchCache.urlList(urls)
    defer { try? FileManager.default.removeItem(atPath: list) }
    let output = try await CLI.run(["warm", "--urls", list] + cache.arguments)
    #expect(output.status == 0, "\(output.stderr)")
  }

  /// Overwrites `cache.sqlite` from `offset` to its end with random bytes and drops its WAL and SHM.
  static func scrambleIndex(_ cache: ScratchCache, from offset: Int) async throws {
    let path = cache.directory.appendingPathComponent("cache.sqlite").path
    // Everything into the main file first: the damage must hit the index, not a WAL that is then dropped.
    let checkpoint = try await ProcessRunner.run(
      URL(fileURLWithPath: "/usr/bin/env"),
      [
        "python3", "-c", "import sqlite3,sys; sqlite3.connect(sys.argv[1]).execute('PRAGMA wal_checkpoint(TRUNCATE)')",
        path,
      ])
    #expect(checkpoint.status == 0, "\(checkpoint.stderr)")
    let handle = try #require(FileHandle(forUpdatingAtPath: path))
    let size = Int(try handle.seekToEnd())
    if offset > 0 { #expect(size > offset + 8 * 4096, "the index should span many pages; it has \(size) bytes") }
    try handle.seek(toOffset: UInt64(offset))
    try handle.write(contentsOf: Data((offset..<size).map { _ in UInt8.random(in: 0...255) }))
    try handle.close()
    for suffix in ["-wal", "-shm"] { unlink(path + suffix) }
  }

  static func movedAside(_ cache: ScratchCache) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: cache.directory.path)) ?? [])
      .filter { $0.hasPrefix("cache.sqlite.damaged-") }
  }

  /// The one warning, through the logger the tools show by default.
  static func expectDamageWarning(
    _ stderr: String, _ cache: ScratchCache, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let lines = stderr.split(separator: "\n").filter { $0.contains("was damaged") }
    #expect(lines.count == 1, "\(stderr)", sourceLocation: sourceLocation)
    let index = cache.directory.appendingPathComponent("cache.sqlite").path
    #expect(lines.first?.contains("cache index \(index) was damaged (") == true, sourceLocation: sourceLocation)
    #expect(lines.first?.contains("moved it to \(index).damaged-") == true, sourceLocation: sourceLocation)
    #expect(lines.first?.hasSuffix("cached images will be fetched again") == true, sourceLocation: sourceLocation)
  }

  // MARK: - A damaged index

  @Test func randomBytesOverTheIndexAreMovedAsideAndEveryCommandCarriesOn() async throws {
    let server = try Self.makeServer()
    defer { server.stop() }
    let cache = try ScratchCache()
    defer { cache.remove() }
    let urls = Self.urls(5, on: server)
    try await Self.warm(urls, cache)
    try await Self.scrambleIndex(cache, from: 0)

    // stats opens the cache: one warning, then an empty cache
    let stats = try await CLI.run(["stats", "--json"] + cache.arguments)
    #expect(stats.status == 0, "\(stats.stderr)")
    Self.expectDamageWarning(stats.stderr, cache)
    #expect(Self.movedAside(cache).count == 1)
    // get fetches the image again and stores it in the new index
    let get = try await CLI.run(["get", urls[0].absoluteString] + cache.arguments)
    #expect(get.status == 0 && get.stderr.isEmpty, "\(get.stderr)")
    #expect(get.stdout.hasPrefix("network "))
    await #expect(try cache.list().map(\.url) == [urls[0].absoluteString])
    // clear works, empties the folder of images, and removes the damaged index that was moved aside
    let clear = try await CLI.run(["clear"] + cache.arguments)
    #expect(clear.status == 0, "\(clear.stderr)")
    #expect(ScratchCache.filesBelow(cache.directory.appendingPathComponent("blobs")).isEmpty)
    #expect(clear.stdout.contains(", and 1 damaged copy of an index moved aside ("), "\(clear.stdout)")
    #expect(Self.movedAside(cache).isEmpty)
    await #expect(try cache.verify().clean)
  }

  @Test func clearLeavesAPipeNamedLikeADamagedIndexUnopened() async throws {
    // Given a cache folder with a FIFO where a damaged index copy would be (opening it would block)
    let cache = try ScratchCache()
    defer { cache.remove() }
    try FileManager.default.createDirectory(at: cache.directory, withIntermediateDirectories: true)
    let fifo = cache.directory.appendingPathComponent("cache.sqlite.damaged-20260101T000000Z").path
    try #require(mkfifo(fifo, 0o600) == 0)
    // When the cache is cleared
    let clear = try await CLI.start(["clear"] + cache.arguments).wait()
    // Then clear finishes, removes nothing it did not make sure was a file, and says nothing of damaged copies
    #expect(clear.status == 0, "\(clear.stderr)")
    #expect(!clear.stdout.contains("damaged"), "\(clear.stdout)")
    #expect(Self.movedAside(cache) == ["cache.sqlite.damaged-20260101T000000Z"])
  }

  @Test func aScrambledTailBehindASoundFirstPageIsMovedAsideAndClearWorks() async throws {
    let server = try Self.makeServer()
    defer { server.stop() }
    let cache = try ScratchCache()
    defer { cache.remove() }
    try await Self.warm(Self.urls(300, on: server), cache)
    try await Self.scrambleIndex(cache, from: 4096)

    let clear = try await CLI.run(["clear"] + cache.arguments)

    #expect(clear.status == 0, "\(clear.stderr)")
    Self.expectDamageWarning(clear.stderr, cache)
    #expect(ScratchCache.filesBelow(cache.directory.appendingPathComponent("blobs")).isEmpty)
    let verify = try await cache.verify()
    #expect(verify == VerifyOutput(checked: 0, broken: [], orphans: 0, fixed: false, clean: true))
  }

  @Test(.enabled(if: BrowserProcess.isBuilt, "needs the built artist-browser: run `swift build` first"))
  func theBrowserStartsOnADamagedIndex() async throws {
    let cache = try ScratchCache()
    defer { cache.remove() }
    try FileManager.default.createDirectory(at: cache.directory, withIntermediateDirectories: true)
    let index = cache.directory.appendingPathComponent("cache.sqlite")
    try Data((0..<65_536).map { _ in UInt8.random(in: 0...255) }).write(to: index)

    let output = try await BrowserProcess.run(["--plain", "--limit", "3"], cacheDirectory: cache.directory)

    #expect(output.status == 0, "\(output.stderr)")
    #expect(output.stdout.split(separator: "\n").count >= 3)
    Self.expectDamageWarning(output.stderr, cache)
  }

  // MARK: - A pipe where an image file should be

  @Test func aPipeInPlaceOfAnImageFileIsBrokenForVerifyAndFetchedAgainByGet() async throws {
    let server = try Self.makeServer()
    defer { server.stop() }
    let cache = try ScratchCache()
    defer { cache.remove() }
    let url = Self.urls(1, on: server)[0]
    try await Self.warm([url], cache)
    let file = try #require(ScratchCache.filesBelow(cache.directory.appendingPathComponent("blobs")).first)
    try FileManager.default.removeItem(at: file)
    #expect(mkfifo(file.path, 0o600) == 0)

    // verify reports the entry broken, without waiting on the pipe (the safety timeout would kill it)
    let verify = try await CLI.start(["verify", "--json"] + cache.arguments).wait()
    #expect(!verify.signalled && verify.status == 1, "\(verify.stderr)")
    #expect(try JSONDecoder().decode(VerifyOutput.self, from: Data(verify.stdout.utf8)).broken == [url.absoluteString])
    // get fetches it again; the pipe goes with the old entry
    let get = try await CLI.start(["get", url.absoluteString] + cache.arguments).wait()
    #expect(!get.signalled && get.status == 0, "\(get.stderr)")
    #expect(get.stdout.hasPrefix("network "))
    var status = stat()
    #expect(lstat(file.path, &status) != 0)
    await #expect(try cache.verify() == VerifyOutput(checked: 1, broken: [], orphans: 0, fixed: false, clean: true))
  }

  // MARK: - Another process's write lock

  /// python3's sqlite3 holds BEGIN IMMEDIATE on the index until its stdin closes (or 60 s pass): another process.
  final class LockHolder {
    let process: ChildProcess

    init(_ database: URL) throws {
      let script = """
        import sqlite3, sys, select
        c = sqlite3.connect(sys.argv[1], isolation_level=None, timeout=30)
        c.execute("BEGIN IMMEDIATE")
        print("held", flush=True)
        select.select([sys.stdin], [], [], 60)
        c.execute("COMMIT")
        """
      process = try ChildProcess(
        URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", script, database.path], stdin: .pipe, stdout: .pipe)
      let line = process.output!.availableData
      guard String(decoding: line, as: UTF8.self).hasPrefix("held") else { throw LockNotTaken() }
    }

    struct LockNotTaken: Error {}

    func release() {
      try? process.input?.close()
      process.waitUntilExit()
    }
  }

  @Test func aWriteLockHeldByAnotherProcessIsWaitedOnForFiveSecondsThenOneLine() async throws {
    let server = try Self.makeServer()
    defer { server.stop() }
    let cache = try ScratchCache()
    defer { cache.remove() }
    try await Self.warm(Self.urls(1, on: server), cache)
    let holder = try LockHolder(cache.directory.appendingPathComponent("cache.sqlite"))
    defer { holder.release() }
    let url = server.url("/7")

    let started = ContinuousClock.now
    let get = try await CLI.start(["get", url.absoluteString, "-v"] + cache.arguments).wait()
    let took = ContinuousClock.now - started

    print("[reliability] get against a held write lock: exit \(get.status) after \(took)")
    #expect(get.status == 1, "\(get.stderr)")
    let index = cache.directory.appendingPathComponent("cache.sqlite").path
    let failures = get.stderrLines.filter { $0.hasPrefix("imgcache: ") }
    #expect(
      failures == [
        "imgcache: cache I/O error: the cache index \(index) stayed locked by another process "
          + "for 5 s; try again once it is done"
      ], "\(get.stderr)")
    #expect(get.stderrLines.filter { $0.contains("waiting for another process's write lock") }.count == 1)
  }

  @Test(
    "SIGTERM and SIGINT end warm while it waits for a lock, before the wait gives up", arguments: [SIGTERM, SIGINT])
  func aSignalEndsWarmWhileItWaitsForALock(signalNumber: Int32) async throws {
    let server = try Self.makeServer()
    defer { server.stop() }
    let cache = try ScratchCache()
    defer { cache.remove() }
    try await Self.warm(Self.urls(1, on: server), cache)
    let holder = try LockHolder(cache.directory.appendingPathComponent("cache.sqlite"))
    defer { holder.release() }
    let list = try ScratchCache.urlList((10..<14).map { server.url("/\($0)") })
    defer { try? FileManager.default.removeItem(atPath: list) }

    // warm fetches four images, then waits for the lock to store them: the signal comes once it says (at -v) that
    // it waits, not after a pause that a loaded machine could outrun
    let warm = try CLI.start(["warm", "--urls", list, "-v"] + cache.arguments)
    try await waitUntil("warm to wait for the lock") {
      let stderr = (try? String(contentsOf: warm.stderrURL, encoding: .utf8)) ?? ""
      return stderr.contains("waiting for another process's write lock")
    }
    // It waits to store what it fetched: at least one of the four (the rest may still be in flight, stored later).
    #expect(server.requestCount >= 2)
    warm.signal(signalNumber)
    let signalledAt = ContinuousClock.now
    let ended = await warm.wait()
    let took = ContinuousClock.now - signalledAt

    print("[reliability] signal \(signalNumber) during a lock wait: exited \(ended.status) after \(took)")
    #expect(!ended.signalled && ended.status == 130, "status \(ended.status): \(ended.stderr)")
    // The lock wait gives up after 5 s, and warm's summary then says the index "stayed locked": warm ending
    // without that line means the signal ended the wait, by warm's own clock (this test's clock may resume late
    // on a loaded machine, so the time it took is printed, not checked).
    #expect(!(ended.stdout + ended.stderr).contains("stayed locked"), "\(ended.stdout)\(ended.stderr)")
  }

  @Test func getWaitingOnAServerThatNeverAnswersEndsOnSIGTERM() async throws {
    let server = try HTTPTestServer { _ in .stallAfterHeaders }
    defer { server.stop() }
    let cache = try ScratchCache()
    defer { cache.remove() }

    let get = try CLI.start(
      ["get", server.url("/never.png").absoluteString, "--stall-timeout", "60"] + cache.arguments)
    try await waitUntil("get's request at the server") { server.requestCount >= 1 }
    get.signal(SIGTERM)
    let signalledAt = ContinuousClock.now
    let ended = await get.wait()

    print(
      "[reliability] SIGTERM to a waiting get: \(ended.signalled ? "signal" : "exit") \(ended.status) after \(ContinuousClock.now - signalledAt)"
    )
    #expect(ended.signalled && ended.status == SIGTERM, "\(ended.status): \(ended.stderr)")
    await #expect(try cache.verify().clean)
  }

  // MARK: - A server that drips

  @Test func aDrippingServerIsCutOffByTheTransferTimeout() async throws {
    let server = try HTTPTestServer { _ in .drip(body: Self.images[1], every: .milliseconds(250)) }
    defer { server.stop() }
    let cache = try ScratchCache()
    defer { cache.remove() }
    let url = server.url("/drip.png").absoluteString

    let get = try await CLI.start(["get", url, "--transfer-timeout", "2", "--retries", "0"] + cache.arguments)
      .wait()

    #expect(get.status == 1)
    #expect(
      get.stderrLines == [
        "imgcache: \(url): timed out: took longer than 2 s, the limit for one transfer; a slow link may need a longer "
          + "--transfer-timeout"
      ])
    #expect(server.requestCount == 1)
    await #expect(try cache.list().isEmpty)
  }
}
