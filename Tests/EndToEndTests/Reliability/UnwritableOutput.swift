import Foundation
import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// Runs a built tool with its stdout somewhere that cannot take it, as a shell would set it up.
enum UnwritableOutput: String, CaseIterable, CustomStringConvertible {
  /// `tool | true` once `true` has gone: a pipe whose read end is closed before the tool starts.
  case closedPipe
  /// `tool > /dev/full`: every write fails with ENOSPC.
  case fullDisk
  /// `tool >&-`: no stdout at all.
  case closed

  var description: String { rawValue }

  struct Outcome {
    var status: Int32
    /// The process died of a signal (SIGILL from a trap, SIGSEGV, SIGPIPE); `status` is then its number.
    var signalled: Bool
    var stderr: String
    var stderrLines: [String] { stderr.split(separator: "\n").map(String.init) }
  }

  /// Runs `tool` (a built product) with `arguments`; the safety timeout only guards against a hung binary.
  func run(_ tool: String, _ arguments: [String], environment: [String: String] = [:]) async throws -> Outcome {
    let errorFile = FileManager.default.temporaryDirectory.appendingPathComponent("unwritable-\(UUID().uuidString)")
    _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
    defer { try? FileManager.default.removeItem(at: errorFile) }
    var env = ProcessInfo.processInfo.environment
    env.merge(environment) { $1 }
    let errHandle = try FileHandle(forWritingTo: errorFile)
    var executable = ProcessRunner.executable(tool)
    var commandLine = arguments
    var stdout: ChildProcess.Stream = .null
    var keptOpen: FileHandle?
    switch self {
    case .closedPipe:
      var ends: [Int32] = [-1, -1]
      guard pipe(&ends) == 0 else { throw POSIXError(.EMFILE) }
      close(ends[0])
      keptOpen = FileHandle(fileDescriptor: ends[1], closeOnDealloc: true)
      stdout = .descriptor(ends[1])
    case .fullDisk:
      guard let full = FileHandle(forWritingAtPath: "/dev/full") else { throw POSIXError(.ENODEV) }
      keptOpen = full
      stdout = .descriptor(full.fileDescriptor)
    case .closed:
      // The shell closes descriptor 1 and then runs the tool in its place.
      executable = URL(fileURLWithPath: "/bin/sh")
      commandLine = ["-c", "exec \"$0\" \"$@\" >&-", ProcessRunner.executable(tool).path] + arguments
    }
    let process = try ChildProcess(
      executable, commandLine, environment: env, stdout: stdout, stderr: .descriptor(errHandle.fileDescriptor))
    try? keptOpen?.close()
    await process.ended()
    return Outcome(
      status: process.terminationStatus, signalled: process.terminationReason == .uncaughtSignal,
      stderr: (try? String(contentsOf: errorFile, encoding: .utf8)) ?? "")
  }
}
