import Foundation
import TestSupport
import Testing

/// Every `imgcache` command's error path with names that could drive a terminal: an ESC sequence, a C1 CSI
/// (U+009B), a bidi override (U+202E) and a U+FEFF, from the command line, a URL list, the environment and the
/// server's answers. Nothing that reaches stdout or stderr may hold one of them raw: text lines are cleaned by
/// `TerminalText.sanitize`, JSON has them as `\uXXXX` escapes. (The commands print no colour of their own when
/// their output is not a terminal, so no escape byte at all is allowed.)
@Suite(
  "imgcache messages quoting hostile text", .serialized, .timeLimit(.minutes(20)),
  .enabled(if: ProcessRunner.isBuilt("imgcache"), "needs the built imgcache: run `swift build` first"))
struct HostileMessageTests {
  /// One name with every kind of hostile character, and the same kinds alone.
  static let names = [
    "evil\u{1B}[2Jname", "evil\u{9B}31mname", "evil\u{202E}eman", "\u{FEFF}evilname",
    "\u{FEFF}e\u{1B}]0;title\u{07}v\u{9B}2Ji\u{202E}l\u{2066}",
  ]

  /// A server speaking Last.fm's API that knows nothing: error 6 for every artist, tag and listener, with hostile
  /// suggestions from `artist.search`, and a hostile message of its own for any other method.
  private static func forgetfulServer() throws -> HTTPTestServer {
    try HTTPTestServer { request in
      let target = request.target.lowercased()
      let answer =
        if target.contains("method=artist.search") {
          LastFMAnswers.search(names)
        } else if target.contains("method=artist.") || target.contains("method=tag.")
          || target.contains("method=user.")
        {
          LastFMAnswers.error(6, "Not found \u{1B}[2J\u{9B}1m\u{202E}")
        } else {
          LastFMAnswers.error(8, "Operation failed \u{1B}]0;owned\u{07}\u{9B}1m\u{202E}\u{FEFF}")
        }
      return .ok(Array(answer.utf8), headers: ["Content-Type": "application/json"])
    }
  }

  /// The command lines to run for one hostile `name`, each expected to fail. `refused`: an address that refuses
  /// every connection (`RefusingAddress`), ending in a slash.
  private static func commands(name: String, cache: ScratchCache, list: URL, path: String, refused: String)
    -> [[String]]
  {
    let folder = cache.arguments
    return [
      ["warm", name] + folder, ["warm", "--tag", name] + folder, ["warm", "--user", name] + folder,
      ["warm", "--tag", name, "--json"] + folder, ["warm", "--urls", list.path] + folder,
      ["warm", "--urls", list.path, "--json"] + folder, ["warm", "--urls", path] + folder,
      ["collage", name, "--grid", "2x2", "-o", path] + folder,
      ["collage", "--tag", name, "--grid", "2x2", "-o", path] + folder,
      ["collage", "--user", name, "--grid", "2x2", "-o", path] + folder,
      ["collage", "--urls", list.path, "--grid", "1x1", "-o", path, "--json"] + folder,
      ["collage", "--urls", list.path, "--grid", "1x1", "-o", path] + folder,
      ["collage", name, "--grid", name, "-o", path] + folder,
      ["get", name] + folder, ["get", refused + name] + folder, ["get", "--json", refused + name] + folder,
      ["show", name] + folder,
      ["stats", "--max-disk", name] + folder, ["ls", "--cache-dir", path + "/x"],
      ["trim", "--max-memory", name] + folder, ["clear", "--cache-dir", path + "/x"],
      ["verify", "--json", "--cache-dir", path + "/x"], ["demo-server", "--host", name, "--port", "0"],
      ["demo-server", "--port", name], ["doctor", "--max-disk", name] + folder,
      ["doctor", "--json", "--max-disk", name] + folder, [name], ["warm", "--" + name], ["stats", name],
    ]
  }

  @Test(arguments: names)
  func noCommandPrintsAHostileCharacterRaw(name: String) async throws {
    let server = try Self.forgetfulServer()
    defer { server.stop() }
    let cache = try ScratchCache()
    defer { cache.remove() }
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    // A line that is no URL, and a URL whose path holds the name, in a list; a path in a folder that is a file.
    let list = scratch.appendingPathComponent("urls.txt")
    try Data((name + "\n" + server.url("/").absoluteString + name + "\n").utf8).write(to: list)
    let blocker = scratch.appendingPathComponent("file")
    try Data("not a folder".utf8).write(to: blocker)
    let path = blocker.path + "/" + name
    let environment = ["LASTFM_API_BASE": server.baseURL.absoluteString, "LASTFM_API_KEY": "test-key"]
    let refusing = try RefusingAddress()
    let refused = refusing.baseURL.absoluteString + "/"
    for arguments in Self.commands(name: name, cache: cache, list: list, path: path, refused: refused) {
      let output = try await CLI.run(arguments, environment: environment)
      let shown = arguments.map { $0.debugDescription }.joined(separator: " ")
      #expect(output.status != 0, "\(shown) should fail")
      #expect(!output.stderr.isEmpty || !output.stdout.isEmpty, "\(shown) says nothing")
      for (stream, text) in [("stdout", output.stdout), ("stderr", output.stderr)] {
        let raw = Self.hostileScalars(in: text)
        #expect(raw.isEmpty, "\(shown) wrote \(raw) raw on \(stream): \(text.debugDescription)")
      }
    }
  }

  /// Log lines go through the cleaner too: the warning about a damaged index quotes the cache folder's path, and
  /// a folder named with terminal controls must not drive the terminal through it.
  @Test(arguments: names)
  func aWarningQuotingTheCacheFolderHasNoHostileCharacter(name: String) async throws {
    let parent = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-log-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: parent) }
    let folder = parent.appendingPathComponent(name)
    // Given a cache folder whose name holds the hostile text, and whose index is not a database
    _ = try await CLI.run(["stats", "--cache-dir", folder.path])
    let index = folder.appendingPathComponent("cache.sqlite")
    try #require(FileManager.default.fileExists(atPath: index.path))
    for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: index.path + suffix) }
    try Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }).write(to: index)

    // When a command opens it
    let output = try await CLI.run(["stats", "--cache-dir", folder.path])

    // Then the warning says what happened, with the folder's name cleaned
    #expect(output.stderr.contains("was damaged"), "\(output.stderr.debugDescription)")
    #expect(Self.hostileScalars(in: output.stderr).isEmpty, "\(output.stderr.debugDescription)")
  }

  /// A name that begins with U+FEFF keeps it in `--json`, escaped; the text line cleans it away.
  @Test func aLeadingByteOrderMarkSurvivesInJSONEscaped() async throws {
    let cache = try ScratchCache()
    defer { cache.remove() }
    let list = FileManager.default.temporaryDirectory.appendingPathComponent("bom-\(UUID().uuidString).txt")
    try Data("\u{FEFF}name\u{202E}\n".utf8).write(to: list)
    defer { try? FileManager.default.removeItem(at: list) }
    let json = try await CLI.run(["warm", "--urls", list.path, "--json"] + cache.arguments)
    #expect(json.stdout.contains(#""url" : "\ufeffname\u202e""#), "\(json.stdout)")
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    let failures = try #require(object["failures"] as? [[String: String]])
    #expect(failures.map { $0["url"] } == ["\u{FEFF}name\u{202E}"])
    let text = try await CLI.run(["warm", "--urls", list.path] + cache.arguments)
    #expect(text.stdout.contains("failed: name: not an http(s) URL"), "\(text.stdout)")
  }

  /// ESC, C1 controls, the bidi controls and U+FEFF found in `text`, as code points.
  static func hostileScalars(in text: String) -> [String] {
    text.unicodeScalars.filter { scalar in
      switch scalar.value {
      case 0x1B, 0x7F...0x9F, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0xFEFF: true
      default: false
      }
    }.map { "U+" + String($0.value, radix: 16, uppercase: true) }
  }
}
