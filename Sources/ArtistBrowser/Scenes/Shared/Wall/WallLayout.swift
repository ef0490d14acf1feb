import FoundationEssentials
import TerminalUI

/// How large the wall's tiles are: `+` and `-` step through these. The widths are for a cell twice as tall as
/// wide, where they make square pictures of 6, 9 and 13 rows.
enum WallTileSize: Int, CaseIterable, Comparable, Sendable {
  case small, medium, large

  var pictureColumns: Int {
    switch self {
    case .small: 12
    case .medium: 18
    case .large: 26
    }
  }

  var larger: WallTileSize { WallTileSize(rawValue: rawValue + 1) ?? self }
  var smaller: WallTileSize { WallTileSize(rawValue: rawValue - 1) ?? self }

  static func < (left: WallTileSize, right: WallTileSize) -> Bool { left.rawValue < right.rawValue }
}

/// One item of a list as the wall shows it: its picture and the one or two lines under it.
struct WallTile: Equatable {
  var imageURL: URL?
  var title: String
  /// The artist, or a figure such as the play count; empty for none.
  var subtitle: String
}

/// Where the wall's tiles go in a body of `width × height` cells. Each tile is its square picture inside a
/// one-cell frame (drawn around the selected tile only, so the frame also spaces the tiles apart), then its
/// caption lines.
struct WallLayout: Equatable {
  static let captionLines = 2
  /// A wall needs this many tiles side by side; narrower screens get smaller tiles first.
  static let minimumColumns = 2

  let size: WallTileSize
  let pictureColumns: Int
  let pictureRows: Int
  /// Tiles per row, and rows of tiles that fit (at least one each, however small the body).
  let columns: Int
  let rows: Int

  var tileWidth: Int { pictureColumns + 2 }
  var tileHeight: Int { pictureRows + 2 + Self.captionLines }
  var tilesPerScreen: Int { columns * rows }

  /// The preferred size when at least `minimumColumns` of its tiles fit side by side, else the largest that
  /// does, else the smallest. `cellAspect` is the painter's (how much taller than wide a cell is). With
  /// `showingAll`, a wall that is a part of a page rather than the page: the largest of those sizes that shows
  /// that many tiles on one screen, whole, else the smallest (which shows the most).
  init(width: Int, height: Int, preferred: WallTileSize, cellAspect: Double, showingAll count: Int? = nil) {
    let fitting = WallTileSize.allCases.filter { size in
      size <= preferred && width / (size.pictureColumns + 2) >= Self.minimumColumns
    }.map { WallLayout(size: $0, width: width, height: height, cellAspect: cellAspect) }
    let chosen =
      count.map { count in
        fitting.last { $0.tilesPerScreen >= count && $0.rows * $0.tileHeight <= height } ?? fitting.first
      } ?? fitting.last
    self = chosen ?? WallLayout(size: .small, width: width, height: height, cellAspect: cellAspect)
  }

  private init(size: WallTileSize, width: Int, height: Int, cellAspect: Double) {
    self.size = size
    pictureColumns = size.pictureColumns
    pictureRows = max(1, Int((Double(size.pictureColumns) / max(0.1, cellAspect)).rounded()))
    columns = max(1, width / (pictureColumns + 2))
    rows = max(1, height / (pictureRows + 2 + Self.captionLines))
  }

  /// The caption lines of a tile, each cut to the picture's width by display width (CJK characters take two
  /// columns) with `…`, and padded to exactly `tileWidth` columns with a space either side.
  func caption(_ tile: WallTile) -> [String] {
    [tile.title, tile.subtitle].map { line in
      " " + TerminalText.fit(DisplayFormat.sanitized(line), toColumns: pictureColumns) + " "
    }
  }
}

/// Which rows of tiles are on screen: follows the cursor as a list's viewport follows its selection.
struct WallScroll: Equatable {
  private(set) var firstRow = 0

  /// Scrolls the least that puts tile `selection` on screen, and no further than the last full screen.
  mutating func follow(selection: Int, count: Int, layout: WallLayout) {
    let row = max(0, selection) / layout.columns
    if row < firstRow { firstRow = row }
    if row >= firstRow + layout.rows { firstRow = row - layout.rows + 1 }
    let totalRows = (count + layout.columns - 1) / layout.columns
    firstRow = min(max(0, firstRow), max(0, totalRows - layout.rows))
  }

  /// The tiles on screen, and the next screenful after them (prefetched).
  func visible(count: Int, layout: WallLayout) -> Range<Int> {
    let start = min(count, firstRow * layout.columns)
    return start..<min(count, start + layout.tilesPerScreen)
  }

  func next(count: Int, layout: WallLayout) -> Range<Int> {
    let shown = visible(count: count, layout: layout)
    return shown.upperBound..<min(count, shown.upperBound + layout.tilesPerScreen)
  }
}

/// What a key does to the wall's cursor: a tile's index from `selection` among `count`, or nil for keys that
/// are not wall movements. Up and down keep the column; down from the row above a shorter last row lands on
/// its last tile; the edges hold.
enum WallMove {
  static func target(of key: BrowserKey, selection: Int, count: Int, layout: WallLayout) -> Int? {
    guard count > 0 else { return nil }
    let last = count - 1
    let columns = layout.columns
    switch key {
    case .left, .character("h"): return max(0, selection - 1)
    case .right, .character("l"): return min(last, selection + 1)
    case .up, .character("k"): return selection >= columns ? selection - columns : selection
    case .down, .character("j"):
      if selection + columns <= last { return selection + columns }
      return selection / columns < last / columns ? last : selection
    case .pageUp: return max(selection % columns, selection - layout.tilesPerScreen)
    case .pageDown:
      let down = selection + layout.tilesPerScreen
      return down <= last ? down : (selection / columns < last / columns ? last : selection)
    case .home, .character("g"): return 0
    case .end, .character("G"): return last
    default: return nil
    }
  }

}
