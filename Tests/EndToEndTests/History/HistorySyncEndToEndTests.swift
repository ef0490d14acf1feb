import Foundation
import Synchronization
import TestSupport
import Testing

/// `imgcache history sync` as a user runs it: the built binary against a local Last.fm-compatible server that
/// pages a generated history by `from`/`to`, adds scrobbles while it is read, fails pages, and is killed mid-sync.
/// The archive always ends equal to the server's list.
@Suite(
  .serialized, .timeLimit(.minutes(20)),
  .enabled(if: ProcessRunner.isBuilt("imgcache"), "needs the built imgcache: run `swift build` first"))
struct HistorySyncEndToEndTests {
  struct Play: Equatable {
    var time: Int
    var artist: String
    var track: String
  }

  /// The server's history (newest first) and how it misbehaves.
  final class History: Sendable {
    struct State {
      var plays: [Play]
      var requests = 0
      /// Request numbers answered with a 500, error 29, a truncated body.
      var failures: [Int: String] = [:]
      /// Every this many requests, one new scrobble and one stamped hours back arrive.
      var arrivalsEvery = 0
    }
    let state: Mutex<State>

    init(count: Int) {
      var plays: [Play] = []
      var time = 1_700_000_000
      for index in 0..<count {
        if index % 9 != 0 { time -= 150 + (index * 37) % 300 }
        plays.append(Play(time: time, artist: "Artist \(index % 23), \"quoted\"", track: "Track \(index)"))
      }
      state = Mutex(State(plays: plays))
    }

    var plays: [Play] { state.withLock { $0.plays } }

    func answer(_ target: String) -> HTTPTestServer.Reply {
      let query = Dictionary(
        (URLComponents(string: target)?.queryItems ?? []).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { $1 })
      return state.withLock { state in
        state.requests += 1
        switch state.failures[state.requests] {
        case "500": return .status(500)
        case "29": return .ok(Array(#"{"error": 29, "message": "Rate Limit Exceeded"}"#.utf8))
        case "truncated": return .ok(Array(#"{"recenttracks": {"track": [{"name": "#.utf8))
        default: break
        }
        if state.arrivalsEvery > 0 && state.requests % state.arrivalsEvery == 0 {
          let late = Play(time: 1_699_990_000 - state.requests * 7, artist: "Late", track: "late \(state.requests)")
          // Stamped now: after the sync's fixed top, so the next sync brings it.
          let new = Play(time: Int(Date().timeIntervalSince1970), artist: "New", track: "new \(state.requests)")
          state.plays.append(late)
          state.plays.append(new)
          state.plays = state.plays.enumerated().sorted {
            $0.element.time != $1.element.time ? $0.element.time > $1.element.time : $0.offset < $1.offset
          }.map(\.element)
        }
        if query["method"] == "user.getInfo" {
          return .ok(Array(#"{"user": {"name": "rj", "playcount": "\#(state.plays.count)"}}"#.utf8))
        }
        let from = Int(query["from"] ?? "") ?? Int.min
        let to = Int(query["to"] ?? "") ?? Int.max
        let limit = Int(query["limit"] ?? "") ?? 50
        let page = Int(query["page"] ?? "") ?? 1
        let listed = state.plays.filter { $0.time >= from && $0.time <= to }
        let start = (page - 1) * limit
        let items = start < listed.count ? Array(listed[start..<min(listed.count, start + limit)]) : []
        var tracks = items.map { play -> [String: Any] in
          [
            "name": play.track, "artist": ["name": play.artist], "album": ["#text": "Album"], "loved": "0",
            "date": ["uts": String(play.time), "#text": "whenever"],
          ]
        }
        if page == 1 {
          tracks.insert(["name": "Playing", "artist": ["name": "Now"], "@attr": ["nowplaying": "true"]], at: 0)
        }
        let body: [String: Any] = [
          "recenttracks": [
            "track": tracks,
            "@attr": ["total": String(listed.count), "page": String(page), "perPage": String(limit)],
          ]
        ]
        return .ok(
          Array(try! JSONSerialization.data(withJSONObject: body)), headers: ["Content-Type": "application/json"])
      }
    }
  }

  let folder = FileManager.default.temporaryDirectory.appendingPathComponent("e2e-history-\(UUID().uuidString)")

  func arguments(_ server: HTTPTestServer, _ extra: [String] = []) -> [String] {
    [
      "history", "sync", "rj", "--api-base", server.url("/2.0/").absoluteString, "--archive-dir", folder.path,
      "--cache-dir", folder.appendingPathComponent("cache").path, "--requests-per-second", "0",
    ] + extra
  }

  var environment: [String: String] { ["LASTFM_API_KEY": "", "NO_COLOR": "1"] }

  /// The archive as `history export --json` prints it, as plays.
  func exported() async throws -> [Play] {
    let output = try await ProcessRunner.run(
      "imgcache", ["history", "export", "rj", "--json", "--archive-dir", folder.path], environment: environment)
    #expect(output.status == 0, "\(output.stderr)")
    let object = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
    let rows = try #require(object["scrobbles"] as? [[String: Any]])
    return try rows.map { row in
      Play(
        time: try #require(row["uts"] as? Int), artist: try #require(row["artist"] as? String),
        track: try #require(row["track"] as? String))
    }
  }

  @Test(.enabled(if: JSONSchemaValidator.isAvailable, "needs python3's jsonschema: run scripts/install-deps"))
  func failingPagesAndArrivalsMidSyncEndEqualToTheServersList() async throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let history = History(count: 3000)
    history.state.withLock {
      $0.failures = [5: "500", 9: "29", 12: "truncated"]
      $0.arrivalsEvery = 4
    }
    let server = try HTTPTestServer { history.answer($0.target) }
    defer { server.stop() }
    let first = try await CLI.run(arguments(server, ["--json"]), environment: environment)
    #expect(first.status == 0, "\(first.stderr)")
    try expectConforms(first.stdout, to: "imgcache-history-sync")
    // New scrobbles came after the start: a second sync, with the server quiet, brings them.
    history.state.withLock { $0.arrivalsEvery = 0 }
    let second = try await CLI.run(arguments(server, ["--json"]), environment: environment)
    #expect(second.status == 0, "\(second.stderr)")
    #expect(try await exported() == history.plays)
    let summary = try #require(try JSONSerialization.jsonObject(with: Data(second.stdout.utf8)) as? [String: Any])
    #expect(summary["count"] as? Int == history.plays.count)
    #expect(summary["playcount"] as? Int == history.plays.count)
  }

  @Test func aSyncKilledMidwayResumesAndEndsEqualToTheServersList() async throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let history = History(count: 6000)
    // From the 13th request on, answers are held (until the server stops) while `holding`: the sync cannot end
    // before the kill, however slowly this test's loop is scheduled.
    let holding = Mutex(true)
    let answered = Mutex(0)
    let server = try HTTPTestServer { request in
      let reply = history.answer(request.target)
      let count = answered.withLock {
        $0 += 1
        return $0
      }
      return count > 12 && holding.withLock({ $0 }) ? .delayed(by: .seconds(600), reply) : reply
    }
    defer { server.stop() }
    let running = try CLI.start(arguments(server), environment: environment)
    let deadline = ContinuousClock.now + .seconds(120)
    while server.requestCount < 13 && ContinuousClock.now < deadline && running.process.isRunning {
      try await Task.sleep(for: .milliseconds(5))
    }
    running.signal(SIGKILL)
    let killed = await running.wait()
    try #require(killed.signalled, "the sync ended before it could be killed: \(killed.stderr)")
    holding.withLock { $0 = false }
    let again = try await CLI.run(arguments(server), environment: environment)
    #expect(again.status == 0, "\(again.stderr)")
    #expect(again.stdout.contains("resumed"))
    #expect(try await exported() == history.plays)
  }

  @Test func anUnknownUserIsOneLineAndExitsOne() async throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let server = try HTTPTestServer { _ in
      .response(status: 404, body: Array(#"{"error": 6, "message": "User not found"}"#.utf8))
    }
    defer { server.stop() }
    let output = try await CLI.run(arguments(server), environment: environment)
    #expect(output.status == 1)
    #expect(output.stderr.split(separator: "\n").count == 1)
    #expect(output.stderr.contains("no user \"rj\""))
  }

  @Test func clearAndTrimNeverTouchTheArchive() async throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let history = History(count: 500)
    let server = try HTTPTestServer { history.answer($0.target) }
    defer { server.stop() }
    // The archive folder inside the cache folder, the worst case: clear must still leave it.
    let cacheDir = folder.path
    let synced = try await CLI.run(arguments(server), environment: environment)
    #expect(synced.status == 0, "\(synced.stderr)")
    for command in [["clear"], ["trim", "--max-size", "1"]] {
      let output = try await CLI.run(command + ["--cache-dir", cacheDir], environment: environment)
      #expect(output.status == 0, "\(command): \(output.stderr)")
    }
    #expect(try await exported() == history.plays)
  }

  @Test(.enabled(if: JSONSchemaValidator.isAvailable, "needs python3's jsonschema: run scripts/install-deps"))
  func exportAndImportJSONOutputsFollowTheirSchemas() async throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let history = History(count: 250)
    let server = try HTTPTestServer { history.answer($0.target) }
    defer { server.stop() }
    _ = try await CLI.run(arguments(server), environment: environment)
    let export = try await ProcessRunner.run(
      "imgcache", ["history", "export", "rj", "--json", "--archive-dir", folder.path], environment: environment)
    #expect(export.status == 0, "\(export.stderr)")
    try expectConforms(export.stdout, to: "imgcache-history-export")
    let csv = "Tame Impala,Lonerism,Elephant,14 Nov 2023 22:13\nBroken row\n"
    let imported = try await ProcessRunner.run(
      "imgcache", ["history", "import", "other", "-", "--json", "--archive-dir", folder.path],
      environment: environment, stdin: csv)
    #expect(imported.status == 0, "\(imported.stderr)")
    try expectConforms(imported.stdout, to: "imgcache-history-import")
  }

  func expectConforms(_ json: String, to schema: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let problems = try JSONSchemaValidator.problems(in: json, schema: JSONSchemaValidator.schema(schema))
    #expect(problems == [], "\(json.prefix(500))", sourceLocation: sourceLocation)
  }
}
