import ArgumentParser
import FoundationEssentials
import TerminalUI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An error worth one line on stderr: what failed and what to do. Never a stack trace.
public struct CommandFailure: Error, CustomStringConvertible {
  public var description: String
  public var exitCode: Int32

  public init(_ description: String, exitCode: Int32 = 1) {
    self.description = description
    self.exitCode = exitCode
  }
}

/// Every byte imgcache writes goes through here, to `StandardStreams`' writers: stdout's failures are thrown (and
/// end the command through `reportingFailures`), stderr's are ignored, having nowhere else to go.
///
/// Messages quote outside text (arguments, URL lists, files, server answers), so every line on stderr goes through
/// the cleaner the browser uses, `TerminalText.sanitize`, here rather than at each message; JSON has its controls
/// and invisible characters escaped (`JSONText`).
enum Console {
  static func error(_ message: String) {
    StandardStreams.error.writeIgnoringFailure("imgcache: \(TerminalText.sanitizeLines(message))\n")
  }

  /// Information for a person (not data): goes to stderr so stdout stays clean for scripts.
  static func note(_ message: String) {
    StandardStreams.error.writeIgnoringFailure("\(TerminalText.sanitizeLines(message))\n")
  }

  /// Lines of data on stdout, in one write.
  static func print(_ lines: String...) throws(OutputFailure) {
    try StandardStreams.output.write(lines.map { $0 + "\n" }.joined())
  }

  static func write(_ bytes: [UInt8]) throws(OutputFailure) {
    try StandardStreams.output.write(bytes)
  }

  static var stderrIsTerminal: Bool { isatty(STDERR_FILENO) == 1 }
  static var stdoutIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }

  static func json<T: Encodable>(_ value: T) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .iso8601
    return JSONText.escapingInvisibles(String(decoding: try encoder.encode(value), as: UTF8.self))
  }
}

extension AsyncParsableCommand {
  /// Runs `body`, turning any failure into one line on stderr and an exit code.
  func reportingFailures(_ body: () async throws -> Void) async throws {
    do {
      try await body()
    } catch let failure as CommandFailure {
      Console.error(failure.description)
      throw ExitCode(failure.exitCode)
    } catch let failure as OutputFailure {
      // A closed pipe ends the command quietly with 141, any other write failure with one line and 74.
      throw ExitCode(failure.report(program: "imgcache"))
    } catch let exit as ExitCode {
      throw exit
    } catch {
      Console.error("\(error)")
      throw ExitCode.failure
    }
  }
}
