/// A failure worth one line on stderr: what went wrong and what to do. Never a stack trace, never the API key.
struct BrowserFailure: Error, CustomStringConvertible, Equatable {
  var description: String

  init(_ description: String) {
    self.description = description
  }
}
