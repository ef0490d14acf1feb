import TerminalUI

/// Turns a store failure into the one line the user reads. Names inside come from the API or the user,
/// so they are sanitised like any other text.
enum ErrorMessage {
  /// The endings that name a key; a printout (`TextOutput.forPrintout`) swaps them for what works there.
  static let retryHint = "Press r to retry."
  static let retryWhenOnlineHint = "Press r to retry when online."

  /// `message` for a printout or a script, where there are no keys to press.
  static func forPrintout(_ message: String) -> String {
    message
      .replacingOccurrences(of: retryWhenOnlineHint, with: "Run again when online.")
      .replacingOccurrences(of: retryHint, with: "Run again to retry.")
  }

  static func text(for error: StoreError) -> String {
    switch error {
    case .notFound(let name, let suggestions):
      let base = "Not found: “\(DisplayFormat.clean(name, columns: 40))”."
      guard !suggestions.isEmpty else { return base }
      let names = suggestions.prefix(3).map { DisplayFormat.clean($0, columns: 30) }
      return base + " Did you mean: " + names.joined(separator: ", ") + "?"
    case .invalidAPIKey:
      return "Invalid Last.fm API key: set LASTFM_API_KEY or run with the demo catalog."
    case .networkFailed(let reason):
      return "Network failed: \(DisplayFormat.clean(reason, columns: 60)). " + retryHint
    case .offlineNotCached:
      return "Offline and not cached yet. " + retryWhenOnlineHint
    case .unexpected(let description):
      return "Something went wrong: \(DisplayFormat.clean(description, columns: 60))"
    }
  }
}
