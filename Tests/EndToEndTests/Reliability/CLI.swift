import Foundation
import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// Runs the built `imgcache` binary. Output goes to files rather than pipes, so a chatty `-vv` run can never
/// fill a pipe buffer and deadlock against a test that reads the two streams one after the other.
enum CLI {
  struct Output {
    var status: Int32
    /// True when the process ended by a signal; `status` is then the signal number.
    var signalled: Bool
    var stdout: String
    var stderr: String

    /// Stderr without its trailing newline, split into lines.
    var stderrLines: [String] { stderr.split(separator: "\n", omittingEmptySubsequences: true).map(String.init) }
  }

  /// A started process whose output lands in files.
  final class Running {
    let process: ChildProcess
    let stdoutURL: URL
    let stderrURL: URL

    init(process: ChildProcess, stdoutURL: URL, stderrURL: URL) {
      self.process = process
      self.stdoutURL = stdoutURL
      self.stderrURL = stderrURL
    }

    var pid: Int32 { process.processIdentifier }

    func signal(_ number: Int32) { kill(process.processIdentifier, number) }

    /// Waits for exit; the timeout is only a safety net against a hung binary (then it is killed).
    func wait(safetyTimeout: Duration = hangTimeout) async -> Output {
      await process.ended(safetyTimeout: safetyTimeout)
      let output = Output(
        status: process.terminationStatus, signalled: process.terminationReason == .uncaughtSignal,
        stdout: (try? String(contentsOf: stdoutURL, encoding: .utf8)) ?? "",
        stderr: (try? String(contentsOf: stderrURL, encoding: .utf8)) ?? "")
      try? FileManager.default.removeItem(at: stdoutURL)
      try? FileManager.default.removeItem(at: stderrURL)
      return output
    }
  }

  static func start(_ arguments: [String], environment: [String: String] = [:]) throws -> Running {
    let scratch = FileManager.default.temporaryDirectory
    let stdoutURL = scratch.appendingPathComponent("imgcache-out-\(UUID().uuidString)")
    let stderrURL = scratch.appendingPathComponent("imgcache-err-\(UUID().uuidString)")
    _ = FileManager.default.createFile(atPath: stdoutURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: stderrURL.path, contents: nil)
    var env = ProcessInfo.processInfo.environment
    env.merge(environment) { $1 }
    let outHandle = try FileHandle(forWritingTo: stdoutURL)
    let errHandle = try FileHandle(forWritingTo: stderrURL)
    let process = try ChildProcess(
      ProcessRunner.executable("imgcache"), arguments, environment: env,
      stdout: .descriptor(outHandle.fileDescriptor), stderr: .descriptor(errHandle.fileDescriptor))
    return Running(process: process, stdoutURL: stdoutURL, stderrURL: stderrURL)
  }

  static func run(_ arguments: [String], environment: [String: String] = [:]) async throws -> Output {
    try await start(arguments, environment: environment).wait()
  }
}

/// What `imgcache verify --json` prints.
struct VerifyOutput: Decodable, Equatable {
  var checked: Int
  var broken: [String]
  var orphans: Int
  var fixed: Bool
  var clean: Bool
}

/// What `imgcache stats --json` prints (the fields the tests read).
struct StatsOutput: Decodable {
  var entries: Int
  var bytes: Int
  var maxBytes: Int
}

/// One row of `imgcache ls --json`.
struct ListRow: Decodable {
  var url: String
  var bytes: Int
  var width: Int?
  var height: Int?
}

/// A fresh cache folder per test, removed afterwards.
struct ScratchCache {
  let directory: URL

  init() throws {
    directory = FileManager.default.temporaryDirectory.appendingPathComponent("imgcache-rel-\(UUID().uuidString)")
  }

  var arguments: [String] { ["--cache-dir", directory.path] }

  func remove() { try? FileManager.default.removeItem(at: directory) }

  func verify() async throws -> VerifyOutput {
    let output = try await CLI.run(["verify", "--json"] + arguments)
    return try JSONDecoder().decode(VerifyOutput.self, from: Data(output.stdout.utf8))
  }

  func stats(_ extra: [String] = []) async throws -> StatsOutput {
    let output = try await CLI.run(["stats", "--json"] + arguments + extra)
    return try JSONDecoder().decode(StatsOutput.self, from: Data(output.stdout.utf8))
  }

  func list() async throws -> [ListRow] {
    let output = try await CLI.run(["ls", "--json"] + arguments)
    return try JSONDecoder().decode([ListRow].self, from: Data(output.stdout.utf8))
  }

  /// Every regular file below `folder`, at any depth (the index files and `blobs/<hh>/<name>`).
  static func filesBelow(_ folder: URL) -> [URL] {
    let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])
    return (walker?.allObjects as? [URL] ?? []).filter {
      (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true
    }
  }

  /// Writes a URL list for `warm --urls` inside a scratch file and returns its path.
  static func urlList(_ urls: [URL]) throws -> String {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("urls-\(UUID().uuidString).txt")
    try urls.map(\.absoluteString).joined(separator: "\n").write(to: file, atomically: true, encoding: .utf8)
    return file.path
  }
}
