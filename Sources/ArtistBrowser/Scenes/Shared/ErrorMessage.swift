import TerminalUI

/// Turns a store failure into the one line the user reads. Names inside come from the API or the user,
/// so they are sanitised like any other text. The reason is kept whole (a printout and stderr show all of it);
/// only the status line shortens a message, with `fitted`, and then the reason rather than the key to press.
enum ErrorMessage {
  /// The endings that name a key; a printout (`TextOutput.forPrintout`) swaps them for what works there.
  static let retryHint = "Press r to retry."
  static let retryWhenOnlineHint = "Press r to retry when online."
  /// Room for any real reason; a server's message longer than this is cut, so it cannot flood a screen.
  static let reasonColumns = 1_000

  /// `message` for a printout or a script, where there are no keys to press.
  static func forPrintout(_ message: String) -> String {
    message
      .replacing(retryWhenOnlineHint, with: "Run again when online.")
      .replacing(retryHint, with: "Run again to retry.")
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
      return "Network failed: \(DisplayFormat.clean(reason, columns: reasonColumns)). " + retryHint
    case .offlineNotCached:
      return "Offline and not cached yet. " + retryWhenOnlineHint
    case .unavailable(let reason):
      return DisplayFormat.clean(reason, columns: reasonColumns)
    case .unexpected(let description):
      return "Something went wrong: \(DisplayFormat.clean(description, columns: reasonColumns))"
    }
  }

  /// `message` in at most `columns`: one too long loses the end of its reason, keeping the key hint it ends with.
  static func fitted(_ message: String, columns: Int) -> String {
    guard TerminalText.displayWidth(message) > columns else { return message }
    for hint in [retryWhenOnlineHint, retryHint] where message.hasSuffix(" " + hint) {
      let room = columns - TerminalText.displayWidth(hint) - 1
      guard room >= 12 else { break }
      return TerminalText.truncate(String(message.dropLast(hint.count + 1)), toColumns: room) + " " + hint
    }
    return TerminalText.truncate(message, toColumns: columns)
  }
}
