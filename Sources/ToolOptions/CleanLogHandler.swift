import Logging
import TerminalUI

/// A log handler whose lines reach the terminal only through the one cleaner (`TerminalText`), like every other
/// message of both tools: log messages quote outside text (a cache folder's name, a URL from a list, a server's
/// error), and one holding an escape sequence must not drive the terminal it is written to.
struct CleanLogHandler<Wrapped: LogHandler>: LogHandler {
  private var wrapped: Wrapped

  init(_ wrapped: Wrapped) { self.wrapped = wrapped }

  var logLevel: Logger.Level {
    get { wrapped.logLevel }
    set { wrapped.logLevel = newValue }
  }

  var metadata: Logger.Metadata {
    get { wrapped.metadata }
    set { wrapped.metadata = Self.cleaned(newValue) }
  }

  var metadataProvider: Logger.MetadataProvider? {
    get { wrapped.metadataProvider }
    set { wrapped.metadataProvider = newValue }
  }

  subscript(metadataKey key: String) -> Logger.Metadata.Value? {
    get { wrapped[metadataKey: key] }
    set { wrapped[metadataKey: key] = newValue.map { Self.cleaned($0) } }
  }

  func log(event: LogEvent) { wrapped.log(event: Self.cleaned(event)) }

  /// `event` with its message cleaned line by line and its metadata values cleaned.
  static func cleaned(_ event: LogEvent) -> LogEvent {
    var event = event
    event.message = "\(TerminalText.sanitizeLines(event.message.description))"
    event.metadata = event.metadata.map(cleaned)
    return event
  }

  private static func cleaned(_ metadata: Logger.Metadata) -> Logger.Metadata { metadata.mapValues(cleaned) }

  private static func cleaned(_ value: Logger.Metadata.Value) -> Logger.Metadata.Value {
    .string(TerminalText.sanitize(value.description))
  }
}
