/// One line saying which option (or variable) is wrong and what to give instead. Each tool turns it into its own
/// failure: `imgcache` prints it and exits 1, `artist-browser` reports it as a usage error.
public struct OptionFailure: Error, Equatable, CustomStringConvertible {
  public var description: String

  public init(_ description: String) { self.description = description }
}
