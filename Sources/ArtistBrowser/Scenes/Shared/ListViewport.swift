/// Selection and scroll position of a list, independent of what the rows contain.
struct ListViewport: Equatable {
  private(set) var selection = 0
  private(set) var offset = 0
  private(set) var count = 0
  /// Rows that fit on screen; learnt at each render so paging moves by a screenful.
  var visibleRows = 10 {
    didSet { scrollToSelection() }
  }

  var visibleRange: Range<Int> { offset..<min(count, offset + max(1, visibleRows)) }

  /// New content: keeps the selection where it was when possible (paging appends rows below it).
  mutating func setCount(_ newCount: Int, resetSelection: Bool = false) {
    count = max(0, newCount)
    if resetSelection { selection = 0 }
    clamp()
  }

  mutating func move(by delta: Int) {
    selection += delta
    clamp()
  }

  mutating func moveToTop() { move(by: -selection) }

  mutating func moveToBottom() { move(by: count) }

  mutating func page(by pages: Int) {
    move(by: pages * max(1, visibleRows - 1))
  }

  /// True when the selection is within `threshold` rows of the last row: time to fetch the next page.
  func isNear(endWithin threshold: Int) -> Bool {
    count > 0 && selection >= count - 1 - threshold
  }

  private mutating func clamp() {
    selection = min(max(0, selection), max(0, count - 1))
    scrollToSelection()
  }

  private mutating func scrollToSelection() {
    let rows = max(1, visibleRows)
    if selection < offset { offset = selection }
    if selection >= offset + rows { offset = selection - rows + 1 }
    offset = min(max(0, offset), max(0, count - rows))
  }
}

extension ListViewport {
  /// Applies a movement command; returns false for commands that aren't movements.
  mutating func apply(_ command: ListCommand) -> Bool {
    switch command {
    case .moveUp: move(by: -1)
    case .moveDown: move(by: 1)
    case .top: moveToTop()
    case .bottom: moveToBottom()
    case .pageUp: page(by: -1)
    case .pageDown: page(by: 1)
    default: return false
    }
    return true
  }
}
