/// `T`: one of the tags shown (an artist's page, the chart's preview pane) to open. The only one opens at once;
/// several are offered by number in the footer until a number picks one or any other key cancels.
struct TagPicker {
  private(set) var isOffering = false

  /// The place of the tag to open now; nil while offering several, or with none to offer. Empty names (cleaned
  /// to nothing) keep their place but are never offered.
  mutating func start(tags: [String]) -> Int? {
    let offered = tags.indices.filter { !tags[$0].isEmpty }
    guard let first = offered.first else { return nil }
    guard offered.count > 1 else { return first }
    isOffering = true
    return nil
  }

  /// Ends the offer: the place of the tag `key` numbers, or nil for any other key.
  mutating func pick(_ key: BrowserKey, tags: [String]) -> Int? {
    isOffering = false
    guard case .character(let character) = key, let number = character.wholeNumberValue,
      tags.indices.contains(number - 1), !tags[number - 1].isEmpty
    else { return nil }
    return number - 1
  }

  /// "tag: 1 rock · 2 indie · Esc cancels".
  static func footer(tags: [String]) -> String {
    let offered = tags.enumerated().filter { !$0.element.isEmpty }
    return "tag: " + offered.map { "\($0.offset + 1) \($0.element)" }.joined(separator: " · ") + " · Esc cancels"
  }
}
