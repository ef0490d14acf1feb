import ArgumentParser
import Logging
import Synchronization

/// `-v`: how loud both tools are on stderr.
public struct LoggingOptions: ParsableArguments {
  @Flag(name: .shortAndLong, help: "Log what happens to stderr (repeat for more).")
  public var verbose: Int

  public init() {}

  /// Warnings only, then debug, then trace.
  public static func level(verbosity: Int) -> Logger.Level {
    verbosity >= 2 ? .trace : verbosity == 1 ? .debug : .warning
  }

  /// The one place logging is set up. `silenced` drops every message: a full screen drawn on the terminal
  /// stderr also writes to would be scribbled over. swift-log allows one bootstrap per process; later calls
  /// (a command that opens the cache twice) keep the first.
  public static func bootstrap(verbosity: Int, silenced: Bool = false) {
    guard
      bootstrapped.withLock({ done in
        defer { done = true }; return !done
      })
    else { return }
    let level = level(verbosity: verbosity)
    LoggingSystem.bootstrap { label in
      guard !silenced else { return SwiftLogNoOpLogHandler() }
      var handler = CleanLogHandler(StreamLogHandler.standardError(label: label))
      handler.logLevel = level
      return handler
    }
  }

  private static let bootstrapped = Mutex(false)
}
