import DemoCatalog
import Foundation
import TestSupport
import Testing

/// `imgcache now` as a status bar runs it: the built binary on the demo catalog, its `--json` against
/// docs/schemas/imgcache-now.schema.json, its exit statuses (0 playing, 1 nothing in the last hour, 2 on an
/// error), and `--follow` ending cleanly on SIGTERM after printing its first line, or when its reader goes.
@Suite(
  .serialized, .timeLimit(.minutes(20)),
  .enabled(if: ProcessRunner.isBuilt("imgcache"), "needs the built imgcache: run `swift build` first"))
struct ImgcacheNowEndToEndTests {
  @Test(.enabled(if: JSONSchemaValidator.isAvailable, "needs python3's jsonschema: run scripts/install-deps"))
  func jsonMatchesTheSchemaAndTheExitStatusFollowsTheListener() async throws {
    let cache = try ScratchCache()
    defer { cache.remove() }
    for (user, status) in [("nightjar_radio", Int32(0)), ("velvetmoth", 1), ("fieldrecorder", 1)] {
      let output = try await CLI.run(["now", user, "--json", "--demo"] + cache.arguments)
      #expect(output.status == status, "\(user): \(output.stderr)")
      let problems = try JSONSchemaValidator.problems(
        in: output.stdout, schema: JSONSchemaValidator.schema("imgcache-now"))
      #expect(problems == [], "\(output.stdout)")
      // The demo catalog answers the listener's own plays of the track (track.getInfo with username) and the
      // heart; `--format` prints the same figures.
      let document = try #require(
        try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any], "\(output.stdout)")
      let plays = try #require(document["userPlaycount"] as? Int, "\(output.stdout)")
      let loved = try #require(document["loved"] as? Bool, "\(output.stdout)")
      let line = try await CLI.run(
        ["now", user, "--format", "{track}|{playcount}|{loved}", "--demo"] + cache.arguments)
      let track = try #require(document["track"] as? String)
      // The second call answers from the stored answer (fresh for 10 s); past that the track may have moved on.
      if line.stdout.hasPrefix(track + "|") {
        #expect(line.stdout == "\(track)|\(plays)|\(loved ? "♥" : "")\n", "\(user)")
      }
    }
    let unknown = try await CLI.run(["now", "nobody_at_all", "--demo"] + cache.arguments)
    #expect(unknown.status == 2)
    #expect(unknown.stdout.isEmpty)
    #expect(unknown.stderrLines == ["imgcache: the demo catalog has no user \"nobody_at_all\"; check the spelling"])
  }

  @Test func followPrintsTheFirstLineAndEndsCleanlyOnSIGTERM() async throws {
    let cache = try ScratchCache()
    defer { cache.remove() }
    let running = try CLI.start(["now", "nightjar_radio", "--follow", "--demo"] + cache.arguments)
    let deadline = ContinuousClock.now + hangTimeout
    while ContinuousClock.now < deadline,
      (try? String(contentsOf: running.stdoutURL, encoding: .utf8))?.isEmpty != false
    {
      try await Task.sleep(for: .milliseconds(50))
    }
    running.signal(SIGTERM)
    let output = await running.wait()
    #expect(!output.signalled && output.status == 0, "\(output.stderr)")
    #expect(output.stdout.split(separator: "\n").count == 1)
    #expect(output.stdout.contains(" — "))
    #expect(output.stderr.isEmpty)
  }

  /// Between two polls nothing in the follower wakes: not libdispatch's pool monitor (once a second, for good, in a
  /// process that ran a job on libdispatch's worker pool), nor a timer of its own. Counted as the voluntary
  /// context switches of all its threads over a window without a poll (`--interval 60`), against a demo server
  /// in the test's process (`--demo` would run one, with its own timers, inside the follower).
  @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/task"), "counts wakeups in Linux's /proc"))
  func aFollowerDoesNotWakeBetweenTwoPolls() async throws {
    let cache = try ScratchCache()
    defer { cache.remove() }
    let server = try await DemoServer.start()
    let running = try CLI.start(
      ["now", "nightjar_radio", "--follow", "--interval", "60", "--api-base", server.baseURL.absoluteString]
        + cache.arguments)
    let deadline = ContinuousClock.now + hangTimeout
    while ContinuousClock.now < deadline,
      (try? String(contentsOf: running.stdoutURL, encoding: .utf8))?.isEmpty != false
    {
      try await Task.sleep(for: .milliseconds(50))
    }
    // libdispatch ends an idle worker thread 5 s after its last job; that last wake is not the follower's.
    try await Task.sleep(for: .seconds(7))
    let before = Self.wakeups(of: running.pid)
    try await Task.sleep(for: .seconds(4))
    let after = Self.wakeups(of: running.pid)
    running.signal(SIGTERM)
    let output = await running.wait()
    await server.shutdown()
    #expect(output.status == 0, "\(output.stderr)")
    // The pool monitor alone would add four.
    #expect(after - before <= 1, "the follower woke \(after - before) times in 4 s without a poll")
  }

  /// The voluntary context switches of every thread of `pid`: how often they went to sleep, so woke.
  static func wakeups(of pid: Int32) -> Int {
    let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
    return tasks.reduce(0) { sum, task in
      let status = (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/status", encoding: .utf8)) ?? ""
      let line = status.split(separator: "\n").first { $0.hasPrefix("voluntary_ctxt_switches:") }
      return sum + (line.flatMap { Int($0.split(separator: "\t").last ?? "") } ?? 0)
    }
  }

  @Test func followEndsQuietlyWhenTheReaderOfItsPipeGoes() async throws {
    // Given a follower whose stdout is a pipe, as `imgcache now NAME --follow | head -1` makes it
    let cache = try ScratchCache()
    defer { cache.remove() }
    let process = try ProcessRunner.start(
      "imgcache", ["now", "nightjar_radio", "--follow", "--demo"] + cache.arguments)
    guard let output = process.output else { throw CLIFailure("the follower has no stdout pipe") }
    // When its first line has been read and the reader closes the pipe, before the next poll
    let first = try await offThePool { try Self.readLine(from: output.fileDescriptor, within: hangTimeout) }
    try output.close()
    // Then it ends at once, with status 0 and nothing said (a signal would be the safety net's kill)
    await process.ended()
    #expect(first.contains(" — "))
    #expect(process.terminationReason == .exit && process.terminationStatus == 0)
    let said = process.errorOutput.map { String(decoding: $0.readDataToEndOfFile(), as: UTF8.self) }
    #expect(said == "")
  }

  struct CLIFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
  }

  /// The bytes up to the first newline on `descriptor`, waiting at most `deadline` for them.
  static func readLine(from descriptor: Int32, within deadline: Duration) throws -> String {
    let end = ContinuousClock.now + deadline
    var line: [UInt8] = []
    var byte: UInt8 = 0
    while !line.contains(UInt8(ascii: "\n")) {
      let left = end - ContinuousClock.now
      var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      guard left > .zero, poll(&ready, 1, Int32(left / .milliseconds(1)) + 1) > 0, read(descriptor, &byte, 1) == 1
      else { throw CLIFailure("no line within \(deadline): \(String(decoding: line, as: UTF8.self))") }
      line.append(byte)
    }
    return String(decoding: line, as: UTF8.self)
  }
}
