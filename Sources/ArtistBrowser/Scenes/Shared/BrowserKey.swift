/// The keys a scene understands. The app maps the terminal's key events onto these; printable keys stay
/// characters so a text field (search) can take them as text while lists read them as commands.
enum BrowserKey: Equatable {
  case character(Character)
  case up
  case down
  /// Left and right move between the tiles of a wall; lists have no use for them.
  case left
  case right
  case pageUp
  case pageDown
  case home
  case end
  case enter
  case backspace
  case escape
  /// Switches between a page's lists (the listener's, the tag's).
  case tab
}

/// What a list scene does with a key (vi-style letters and their arrow equivalents).
enum ListCommand: Equatable {
  case moveUp, moveDown, top, bottom, pageUp, pageDown, open, back
  case search, cycleSort, toggleThumbnails, refresh

  init?(_ key: BrowserKey) {
    switch key {
    case .up: self = .moveUp
    case .down: self = .moveDown
    case .pageUp: self = .pageUp
    case .pageDown: self = .pageDown
    case .home: self = .top
    case .end: self = .bottom
    case .enter: self = .open
    case .backspace, .escape: self = .back
    case .left, .right, .tab: return nil
    case .character(let character):
      switch character {
      case "k": self = .moveUp
      case "j": self = .moveDown
      case "g": self = .top
      case "G": self = .bottom
      case "h": self = .back
      case "/": self = .search
      case "s": self = .cycleSort
      case "t": self = .toggleThumbnails
      case "r": self = .refresh
      default: return nil
      }
    }
  }
}

extension BrowserKey: Sendable {}
