import Logging
import Synchronization

/// Keeps every log line at or above `.trace`.
public final class LogRecorder: Sendable {
  public let lines = Mutex<[(Logger.Level, String)]>([])

  public init() {}

  public var logger: Logger {
    Logger(label: "test") { _ in Handler(recorder: self) }
  }

  public func messages(at level: Logger.Level) -> [String] { lines.withLock { $0.filter { $0.0 == level }.map(\.1) } }

  struct Handler: LogHandler {
    let recorder: LogRecorder
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
      get { metadata[key] }
      set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
      recorder.lines.withLock { $0.append((event.level, "\(event.message)")) }
    }
  }
}
