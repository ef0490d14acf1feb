/// A failure worth one line on stderr: what went wrong and what to do. Never a stack trace, never the API key.
public struct BrowserFailure: Error, CustomStringConvertible, Equatable {
  public var description: String

  public init(_ description: String) {
    self.description = description
  }
}
