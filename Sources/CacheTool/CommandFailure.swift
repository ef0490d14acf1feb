import ArgumentParser
import Foundation

/// An error worth one line on stderr: what failed and what to do. Never a stack trace.
public struct CommandFailure: Error, CustomStringConvertible {
  public var description: String
  public var exitCode: Int32

  public init(_ description: String, exitCode: Int32 = 1) {
    self.description = description
    self.exitCode = exitCode
  }
}

enum Console {
  static func error(_ message: String) {
    FileHandle.standardError.write(Data("imgcache: \(message)\n".utf8))
  }

  /// Information for a person (not data): goes to stderr so stdout stays clean for scripts.
  static func note(_ message: String) {
    FileHandle.standardError.write(Data("\(message)\n".utf8))
  }

  static var stderrIsTerminal: Bool { isatty(STDERR_FILENO) == 1 }
  static var stdoutIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }

  static func json<T: Encodable>(_ value: T) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .iso8601
    return String(decoding: try encoder.encode(value), as: UTF8.self)
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
    } catch let exit as ExitCode {
      throw exit
    } catch {
      Console.error("\(error)")
      throw ExitCode.failure
    }
  }
}
