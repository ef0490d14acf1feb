import Foundation
import TestSupport

/// The built `artist-browser` and what the tests need around it: a private cache folder and an environment
/// that forces the demo catalog (no key from the developer's shell may leak into a test).
enum BrowserProcess {
  static let name = "artist-browser"
  static var binary: URL { ProcessRunner.executable(name) }
  static var isBuilt: Bool { FileManager.default.isExecutableFile(atPath: binary.path) }

  static func environment(cacheDirectory: URL) -> [String: String] {
    ["LASTFM_API_KEY": "", "LASTFM_API_BASE": "", "IMGCACHE_DIR": cacheDirectory.path, "NO_COLOR": ""]
  }

  /// The shell command line a tmux pane runs: `before`, the browser with `arguments` in the test environment
  /// (with `TERM` when given, and `variables` over it), its stderr into `stderrFile` when given, then `after`
  /// (which should end by keeping the pane open, so the screen can be read).
  static func shellCommand(
    cacheDirectory: URL, arguments: [String] = [], term: String? = nil, variables extra: [String: String] = [:],
    stderrFile: String? = nil, before: String = "", after: String
  ) -> String {
    let variables = environment(cacheDirectory: cacheDirectory).merging(term.map { ["TERM": $0] } ?? [:]) { $1 }
      .merging(extra) { $1 }
    let assignments = variables.sorted { $0.key < $1.key }.map { "\($0.key)=\(quoted($0.value))" }
    let command = ([binary.path] + arguments).map(quoted).joined(separator: " ")
    let redirection = stderrFile.map { " 2>" + quoted($0) } ?? ""
    return before + "env \(assignments.joined(separator: " ")) \(command)\(redirection); " + after
  }

  /// `text` as one shell word.
  static func quoted(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }

  static func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("artist-browser-e2e-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  static func run(_ arguments: [String], cacheDirectory: URL) async throws -> ProcessRunner.Output {
    try await ProcessRunner.run(name, arguments, environment: environment(cacheDirectory: cacheDirectory))
  }

  /// "  1. Name — 1.2M listeners" → "Name".
  static func artistName(fromChartLine line: String) -> String? {
    guard let dot = line.range(of: ". "), let dash = line.range(of: " — ", options: .backwards) else { return nil }
    return String(line[dot.upperBound..<dash.lowerBound])
  }
}
