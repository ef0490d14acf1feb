/// The bottom line: where the data came from, whether it is stale, whether something is loading, the last error.
struct StatusLine: Codable, Equatable {
  var source: DataSource?
  var isStale: Bool
  var isLoading: Bool
  var error: String?
  /// Where the cursor is on a wall ("12 / 50").
  var position: String?

  init(source: DataSource? = nil, isStale: Bool = false, isLoading: Bool = false, error: String? = nil) {
    self.source = source
    self.isStale = isStale
    self.isLoading = isLoading
    self.error = error
  }

  /// e.g. "Last.fm · stale · loading… · Network failed: timed out. Press r to retry."
  var text: String {
    var parts: [String] = []
    if let source { parts.append(source.displayName) }
    if let position { parts.append(position) }
    if isStale { parts.append("stale") }
    if isLoading { parts.append("loading…") }
    if let error { parts.append(error) }
    return parts.joined(separator: " · ")
  }
}

extension StatusLine: Sendable {}
