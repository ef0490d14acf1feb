/// The text of a one-line prompt, typed key by key. It holds at most `limit` Unicode scalars and drops what is
/// typed past that, so a paste of any size costs one cheap check per key beyond the limit, and everything drawn
/// or sent from the prompt stays short.
public struct PromptText: Hashable, Sendable {
  /// Last.fm's searches take a name, and its names are well under this; a longer query finds nothing anyway.
  public static let defaultLimit = 256

  public let limit: Int
  public private(set) var text: String
  /// `text.unicodeScalars.count`, kept up to date so the check on each key does not count the text again.
  private var scalarCount: Int

  /// `text` cut to its first `limit` scalars.
  public init(_ text: String = "", limit: Int = PromptText.defaultLimit) {
    self.limit = max(0, limit)
    self.text = String(String.UnicodeScalarView(text.unicodeScalars.prefix(self.limit)))
    scalarCount = self.text.unicodeScalars.count
  }

  public var isEmpty: Bool { text.isEmpty }
  public var isFull: Bool { scalarCount >= limit }

  /// Appends `character`; false, with the text unchanged, when it would go past the limit.
  @discardableResult
  public mutating func append(_ character: Character) -> Bool {
    let added = character.unicodeScalars.count
    guard scalarCount + added <= limit else { return false }
    text.append(character)
    scalarCount += added
    return true
  }

  /// Removes the last character (grapheme cluster); false when there was none.
  @discardableResult
  public mutating func removeLast() -> Bool {
    guard let last = text.popLast() else { return false }
    scalarCount -= last.unicodeScalars.count
    return true
  }
}
