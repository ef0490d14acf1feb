import Foundation
import TerminalUI
import TestSupport
import Testing
import ToolOptions

@testable import CacheTool

/// `imgcache doctor` against a scripted terminal, a tmux that says what the test wants, cache folders and Last.fm
/// servers of the test's choosing: each case gives its finding, the exit code, and JSON that matches its schema.
@Suite(.timeLimit(.minutes(20))) struct DoctorTests {
  static let kittyReply = "\u{1B}_Gi=8100;OK\u{1B}\\"
  static let plainDA1 = "\u{1B}[?62;22c"
  static let sixelDA1 = "\u{1B}[?62;4;22c"

  /// A context on the demo catalog (no key, no API base) with an empty cache folder of its own.
  func context(
    terminal: (any TerminalDevice)? = nil, environment extra: [String: String] = [:], folder: URL,
    lastFM: LastFMSettings = LastFMSettings()
  ) -> DoctorContext {
    let environment = ["TERM": "xterm-256color", "HOME": folder.path].merging(extra) { $1 }
    var context = DoctorContext(
      environment: environment, terminal: terminal, tmuxVersion: { "tmux 3.3a" }, tmuxAllowsPassthrough: { true },
      cache: CacheSettings(cacheDirectory: folder.appendingPathComponent("cache").path), lastFM: lastFM)
    // The servers here answer or refuse at once; a busy test run may still start the request late, and the 10 s
    // deadline would then report silence instead of what the server said.
    context.networkDeadline = .seconds(300)
    return context
  }

  func finding(_ report: DoctorReport, _ area: String, _ check: String) throws -> DoctorFinding {
    try #require(report.findings.first { $0.area == area && $0.check == check }, "no \(area) \(check) finding")
  }

  func expectSchema(_ report: DoctorReport) throws {
    guard JSONSchemaValidator.isAvailable else { return }
    let problems = try JSONSchemaValidator.problems(
      in: try Console.json(report), schema: JSONSchemaValidator.schema("imgcache-doctor"))
    #expect(problems.isEmpty, "\(problems)")
  }

  @Test func aKittyAnswerChoosesKittyAndSaysSo() async throws {
    try await withFolder { folder in
      let terminal = ScriptedTerminal(script: [.bytes(Array((Self.kittyReply + Self.plainDA1).utf8))])
      let report = await context(terminal: terminal, folder: folder).examine()
      let graphics = try finding(report, "terminal", "graphics")
      #expect(graphics.level == .ok)
      #expect(graphics.found.hasPrefix("kitty (the terminal answered the kitty probe, in "), "\(graphics.found)")
      #expect(terminal.output.text.contains("\u{1B}_Gi=8100"), "the probe was sent")
      try #expect(finding(report, "terminal", "cell size").found == "10x20 px (the default)")
      #expect(report.exitCode == 0, "\(report.text)")
      try expectSchema(report)
    }
  }

  @Test func aDA1AnswerWithSixelChoosesSixelAndTheCellSizeFromCSI16t() async throws {
    try await withFolder { folder in
      let answers = "\u{1B}[6;18;9t" + Self.sixelDA1
      let terminal = ScriptedTerminal(script: [.bytes(Array(answers.utf8))])
      let report = await context(terminal: terminal, folder: folder).examine()
      let graphics = try finding(report, "terminal", "graphics")
      #expect(graphics.found.hasPrefix("sixel (the terminal's DA1 answer lists sixel, in "), "\(graphics.found)")
      try #expect(finding(report, "terminal", "cell size").found == "9x18 px (the terminal's answer to CSI 16 t)")
      #expect(report.exitCode == 0)
      try expectSchema(report)
    }
  }

  @Test func silenceIsBlockArtWithANote() async throws {
    try await withFolder { folder in
      let terminal = ScriptedTerminal(script: [.timedOut])
      let report = await context(terminal: terminal, folder: folder).examine()
      let graphics = try finding(report, "terminal", "graphics")
      #expect(graphics.level == .note)
      #expect(graphics.found.hasPrefix("block art (the terminal answered no graphics query, in "), "\(graphics.found)")
      #expect(report.exitCode == 0)
      try expectSchema(report)
    }
  }

  @Test func outsideATerminalItSaysSoAndChecksTheRest() async throws {
    try await withFolder { folder in
      let report = await context(folder: folder).examine()
      try #expect(finding(report, "terminal", "terminal").level == .note)
      try #expect(finding(report, "terminal", "graphics").found == "block art (no terminal to ask)")
      try #expect(finding(report, "cache", "writable").level == .ok)
      try #expect(finding(report, "lastfm", "request").level == .ok)
      #expect(report.exitCode == 0)
    }
  }

  @Test(arguments: [true, false])
  func tmuxPassthroughOnIsOkAndOffIsAProblemWithTheLineToAdd(allowed: Bool) async throws {
    try await withFolder { folder in
      var context = context(
        terminal: ScriptedTerminal(script: [.timedOut]), environment: ["TMUX": "/tmp/tmux-0/default,1,0"],
        folder: folder)
      context.tmuxAllowsPassthrough = { allowed }
      let report = await context.examine()
      try #expect(finding(report, "tmux", "version").found == "tmux 3.3a")
      let passthrough = try finding(report, "tmux", "allow-passthrough")
      #expect(passthrough.level == (allowed ? .ok : .problem))
      #expect((passthrough.action ?? "").contains("set -g allow-passthrough on") == !allowed)
      #expect(report.exitCode == (allowed ? 0 : 1))
      #expect(report.text.hasSuffix(allowed ? "no problems found" : "1 problem found"))
      try expectSchema(report)
    }
  }

  @Test func aReadOnlyCacheFolderIsAProblem() async throws {
    try await withFolder { folder in
      let cache = folder.appendingPathComponent("cache")
      try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
      // Root writes anywhere chmod forbids; an immutable folder (chattr +i) it cannot.
      let readOnly = try ReadOnlyFolder(cache)
      defer { readOnly.undo() }
      let report = await context(folder: folder).examine()
      let writable = try finding(report, "cache", "writable")
      #expect(writable.level == .problem)
      #expect(writable.found.hasPrefix("cannot write in \(cache.path): "), "\(writable.found)")
      #expect(writable.action?.contains("--cache-dir") == true)
      #expect(report.exitCode == 1)
      try expectSchema(report)
    }
  }

  @Test func aMissingKeyIsANoteAndTheDemoCatalogAnswers() async throws {
    try await withFolder { folder in
      let report = await context(folder: folder, lastFM: LastFMSettings(apiKey: "  ")).examine()
      let key = try finding(report, "lastfm", "key")
      #expect(key.level == .note && key.found == "not set, so the demo catalog is used")
      try #expect(finding(report, "lastfm", "catalog").found == "demo catalog (no LASTFM_API_KEY set)")
      let request = try finding(report, "lastfm", "request")
      #expect(request.level == .ok && request.found.hasPrefix("127.0.0.1 answered chart.getTopArtists in "))
      #expect(report.exitCode == 0)
      try expectSchema(report)
    }
  }

  @Test func anAPIBaseThatRefusesConnectionsIsAProblemAndTheKeyIsNeverShown() async throws {
    try await withFolder { folder in
      let port = try RefusingPort()
      let settings = LastFMSettings(apiKey: "s3cr3t-key-0000", apiBase: "http://127.0.0.1:\(port.number)/2.0/")
      let report = await context(folder: folder, lastFM: settings).examine()
      try #expect(finding(report, "lastfm", "key").found == "set (from --api-key; not shown)")
      let request = try finding(report, "lastfm", "request")
      #expect(request.level == .problem)
      #expect(request.found.hasPrefix("127.0.0.1 did not answer chart.getTopArtists"), "\(request.found)")
      #expect(report.exitCode == 1)
      try #expect(!report.text.contains("s3cr3t") && !Console.json(report).contains("s3cr3t"))
      try expectSchema(report)
    }
  }

  func withFolder(_ body: (URL) async throws -> Void) async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("doctor-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try await body(folder)
  }
}

/// A folder this process cannot write in: `chmod 555` for a user, `chattr +i` for root (whom modes do not stop).
/// `chattr` ends at once and runs where nothing can be awaited (an initialiser, a `defer`), so it blocks.
struct ReadOnlyFolder {
  let url: URL
  let asRoot = getuid() == 0

  init(_ url: URL) throws {
    self.url = url
    if asRoot {
      let output = try ProcessRunner.runBlocking(URL(fileURLWithPath: "/usr/bin/chattr"), ["+i", url.path])
      try #require(output.status == 0, "cannot make a folder read-only for root (chattr +i): \(output.stderr)")
    } else {
      try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: url.path)
    }
  }

  func undo() {
    if asRoot {
      _ = try? ProcessRunner.runBlocking(URL(fileURLWithPath: "/usr/bin/chattr"), ["-i", url.path])
    } else {
      try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
    }
  }
}

/// A loopback port nothing listens on: bound (so no one else takes it) but never listening, so connections are
/// refused at once.
final class RefusingPort {
  let descriptor: Int32
  let number: Int

  init() throws {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    self.descriptor = descriptor
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0
      }
    }
    try #require(bound, "cannot bind a loopback port")
    number = Int(UInt16(bigEndian: address.sin_port))
  }

  deinit { close(descriptor) }
}
