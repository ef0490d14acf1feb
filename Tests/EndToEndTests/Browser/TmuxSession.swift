import Foundation

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
  }

  /// The pane's text as shown, one string per row (no colours).
  func capture() throws -> [String] {
    try run(["capture-pane", "-p", "-t", target]).components(separatedBy: "\n")
  }

  func sendKeys(_ keys: String...) throws {
    try run(["send-keys", "-t", target] + keys)
  }

  /// Types `text` literally (no key names).
  func type(_ text: String) throws {
    try run(["send-keys", "-t", target, "-l", text])
  }

  /// A tmux format evaluated for the pane, e.g. `#{alternate_on}`.
  func format(_ format: String) throws -> String {
    try run(["display-message", "-p", "-t", target, format]).trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// Polls the screen until `condition` holds; the timeout is only a safety net for a hung run.
  func waitForScreen(
    _ what: String, timeout: Duration = .seconds(90), until condition: ([String]) -> Bool
  ) async throws -> [String] {
    let deadline = ContinuousClock.now + timeout
    var screen: [String] = []
    while ContinuousClock.now < deadline {
      screen = try capture()
      if condition(screen) { return screen }
      try await Task.sleep(for: .milliseconds(100))
    }
    throw Failure(description: "timed out waiting for \(what); the screen was:\n" + screen.joined(separator: "\n"))
  }

  func kill() {
    _ = try? run(["kill-server"])
  }

  @discardableResult
  private func run(_ arguments: [String]) throws -> String {
    guard let executable = Self.executable else { throw Failure(description: "tmux is not installed") }
    let process = Process()
    process.executableURL = executable
    process.arguments = ["-L", socket, "-f", "/dev/null"] + arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = Pipe()
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw Failure(description: "tmux \(arguments.first ?? "") failed with status \(process.terminationStatus)")
    }
    return String(decoding: data, as: UTF8.self)
  }
}
