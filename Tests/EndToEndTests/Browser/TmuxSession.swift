import Foundation
import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// A detached tmux server of its own (`tmux -L <unique socket>`, no user configuration) with one fixed-size
/// pane, driven like a person at a keyboard and read back with `capture-pane`.
final class TmuxSession {
  static var executable: URL? {
    ["/usr/bin/tmux", "/usr/local/bin/tmux", "/bin/tmux"].map(URL.init(fileURLWithPath:))
      .first { FileManager.default.isExecutableFile(atPath: $0.path) }
  }

  let socket = "artist-browser-e2e-\(getpid())-\(UUID().uuidString.prefix(8))"
  private let target = "browser"

  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  /// Starts `command` (a shell command line) in a new session of `columns × rows` cells.
  func start(_ command: String, columns: Int, rows: Int) throws {
    try run(["new-session", "-d", "-s", target, "-x", "\(columns)", "-y", "\(rows)", command])
    serverPID = pid_t(try format("#{pid}")) ?? 0
  }

  /// The server's process, ended for certain by `kill()` (kill-server alone was seen to leave it running).
  private var serverPID: pid_t = 0

  /// The pane's text as shown, one string per row (no colours; with `escapes`, colours as SGR sequences).
  func capture(escapes: Bool = false) throws -> [String] {
    try run(captureArguments(escapes: escapes)).components(separatedBy: "\n")
  }

  private func captureArguments(escapes: Bool) -> [String] {
    ["capture-pane", "-p"] + (escapes ? ["-e"] : []) + ["-t", target]
  }

  /// Resizes the window, as a person dragging the terminal's corner would.
  func resize(columns: Int, rows: Int) throws {
    try run(["resize-window", "-t", target, "-x", "\(columns)", "-y", "\(rows)"])
  }

  func sendKeys(_ keys: String...) throws {
    try run(["send-keys", "-t", target] + keys)
  }

  /// Types `text` literally (no key names).
  func type(_ text: String) throws {
    try run(["send-keys", "-t", target, "-l", text])
  }

  /// Pastes the contents of `file` into the pane, as a person pasting from the clipboard would (tmux writes it to
  /// the program's input in one go, without paste markers).
  func paste(file: URL) throws {
    try run(["load-buffer", "-b", "paste", file.path])
    try run(["paste-buffer", "-d", "-b", "paste", "-t", target])
  }

  /// Pastes `text` as a terminal does when the program asked for bracketed paste (`paste-buffer -p`: between
  /// `ESC [ 200 ~` and `ESC [ 201 ~` if it did, bare otherwise).
  func bracketedPaste(_ text: String) throws {
    try run(["set-buffer", "-b", "paste", text])
    try run(["paste-buffer", "-p", "-d", "-b", "paste", "-t", target])
  }

  /// Where tmux itself puts each occurrence of `text` on the screen, top to bottom: its copy mode searches for it
  /// and reports the cell its cursor lands on (the cell just past the match), so the columns are tmux's, whatever
  /// the characters before them are.
  func cellsAfter(_ text: String) throws -> [(column: Int, row: Int)] {
    try run(["copy-mode", "-t", target])
    defer { _ = try? run(["send-keys", "-t", target, "-X", "cancel"]) }
    try run(["send-keys", "-t", target, "-X", "history-top"])
    try run(["send-keys", "-t", target, "-X", "search-forward", text])
    var cells: [(column: Int, row: Int)] = []
    while true {
      let position = try format("#{copy_cursor_x} #{copy_cursor_y}").split(separator: " ").compactMap { Int($0) }
      // Column 0 is where `history-top` left the cursor: no match at all (a match ends one cell or more in).
      guard position.count == 2, position[0] > 0, !cells.contains(where: { $0 == (position[0], position[1]) }),
        position[1] >= (cells.last?.row ?? 0)
      else { return cells }
      cells.append((position[0], position[1]))
      try run(["send-keys", "-t", target, "-X", "search-again"])
    }
  }

  /// A tmux format evaluated for the pane, e.g. `#{alternate_on}`.
  func format(_ format: String) throws -> String {
    try run(["display-message", "-p", "-t", target, format]).trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// Polls the screen until `condition` holds; the timeout is only a safety net for a hung run.
  func waitForScreen(
    _ what: String, timeout: Duration = hangTimeout, until condition: ([String]) -> Bool
  ) async throws -> [String] {
    let deadline = ContinuousClock.now + timeout
    var screen: [String] = []
    // Each look waits for a tmux client to end: on a thread of its own, not one of the cooperative pool's two,
    // which a dozen tmux tests polling at once on a loaded machine kept blocked until other tests ran out of time.
    let (arguments, socket) = (captureArguments(escapes: false), socket)
    while ContinuousClock.now < deadline {
      screen = try await offThePool { try Self.run(arguments, socket: socket) }.components(separatedBy: "\n")
      if condition(screen) { return screen }
      try await Task.sleep(for: .milliseconds(100))
    }
    throw Failure(description: "timed out waiting for \(what); the screen was:\n" + screen.joined(separator: "\n"))
  }

  /// The pane's title a shell command line sets after the program under test ends (`printf '\033]2;…\033\\'`):
  /// written to the same terminal after the program's last output, it shows that tmux has drawn all of that.
  static let exitedTitle = "program-exited"

  /// The screen once the pane's title says the program ended (`exitedTitle`).
  func waitForExit(timeout: Duration = hangTimeout) async throws -> [String] {
    let deadline = ContinuousClock.now + timeout
    while try format("#{pane_title}") != Self.exitedTitle {
      guard ContinuousClock.now < deadline else { throw Failure(description: "timed out waiting for the exit") }
      try await Task.sleep(for: .milliseconds(100))
    }
    return try capture()
  }

  /// Ends the server (and the browser, if still running) and removes its socket file.
  func kill() {
    _ = try? run(["kill-server"])
    if serverPID > 0 { _ = Glibc.kill(serverPID, SIGKILL) }
    let folder = ProcessInfo.processInfo.environment["TMUX_TMPDIR"] ?? "/tmp"
    try? FileManager.default.removeItem(atPath: "\(folder)/tmux-\(getuid())/\(socket)")
  }

  /// Spawned with posix_spawn and reaped with waitpid, output through a file: `new-session` forks the tmux
  /// server, which inherits the client's descriptors (a pipe would never reach its end), and Foundation's
  /// `Process` was seen never to notice the client's exit here.
  @discardableResult
  private func run(_ arguments: [String]) throws -> String { try Self.run(arguments, socket: socket) }

  private static func run(_ arguments: [String], socket: String) throws -> String {
    guard let executable = Self.executable else { throw Failure(description: "tmux is not installed") }
    let outputPath = FileManager.default.temporaryDirectory.appendingPathComponent("tmux-out-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: outputPath) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let argv = [executable.path, "-L", socket, "-f", "/dev/null"] + arguments
    var cArguments = argv.map { strdup($0) } + [nil]
    defer { for argument in cArguments { free(argument) } }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, executable.path, &actions, nil, &cArguments, environ)
    guard spawned == 0 else { throw Failure(description: "cannot start tmux: error \(spawned)") }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    let exitCode = (status >> 8) & 0xFF
    guard status & 0x7F == 0, exitCode == 0 else {
      throw Failure(description: "tmux \(arguments.first ?? "") failed with status \(status)")
    }
    return (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
  }
}
