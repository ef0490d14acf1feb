import FoundationEssentials
import TerminalUI

/// A list shown as a wall of square pictures, kept outside the VIP cycle like the thumbnails: the scene hands
/// it the list's items and the list's selection, and it draws them as tiles. It keeps only what a wall adds to a
/// list: which rows of tiles are on screen, and the pictures at each tile size (one set of slots per size, so
/// stepping back to a size draws at once). Tiles on screen load at high priority, the next screen's at low
/// priority, and tiles that scroll out of both have their loads cancelled.
@MainActor
final class WallView {
  /// What a key did to the wall.
  enum KeyOutcome: Equatable {
    /// The cursor goes to this tile.
    case move(to: Int)
    /// `+` or `-` changed the tile size.
    case resized
  }

  private let preferences: BrowserPreferences
  private let cellAspect: Double
  private let makeSlots: ((ThumbnailSize, UInt32) -> ThumbnailSlots)?
  private var slots: [WallTileSize: ThumbnailSlots] = [:]
  private(set) var scroll = WallScroll()
  /// The layout of the last frame, which the movement keys go by (a screen's worth of tiles, a row's).
  private(set) var layout: WallLayout
  /// The cursor and the tile count of the last frame, for the status line.
  private var shown = (selection: 0, count: 0)
  var onUpdate: (@MainActor () -> Void)?

  /// `makeSlots(size, firstPictureID)` makes the pictures of one tile size; nil draws placeholders only (no
  /// pictures in this session). `cellAspect` is the painter's.
  init(
    preferences: BrowserPreferences, cellAspect: Double = 2,
    makeSlots: ((ThumbnailSize, UInt32) -> ThumbnailSlots)?
  ) {
    self.preferences = preferences
    self.cellAspect = cellAspect
    self.makeSlots = makeSlots
    layout = WallLayout(width: 80, height: 24, preferred: preferences.wallTileSize, cellAspect: cellAspect)
  }

  // MARK: Keys

  /// Movement keys by tile (h/j/k/l, arrows), by screen (PgUp/PgDn), to the ends (g/G); `+`/`-` step the tile
  /// size. nil for keys that are not the wall's (Enter, Backspace, q), which the scene handles as its list would.
  func handle(_ key: BrowserKey, selection: Int, count: Int) -> KeyOutcome? {
    switch key {
    case .character("+"), .character("="):
      preferences.wallTileSize = preferences.wallTileSize.larger
      return .resized
    case .character("-"):
      preferences.wallTileSize = preferences.wallTileSize.smaller
      return .resized
    default:
      return WallMove.target(of: key, selection: selection, count: count, layout: layout).map { .move(to: $0) }
    }
  }

  // MARK: Drawing

  /// Exactly `height` lines of `width` columns of tiles, and the protocol pictures placed over their blank
  /// cells (relative to the body's top-left cell). Asks for the pictures of the tiles on screen and the next.
  /// A `selection` outside the tiles frames none; `showsAll` picks the tile size as `makeLayout` does.
  func frame(tiles: [WallTile], selection: Int, width: Int, height: Int, showsAll: Bool = false) -> SceneFrame {
    layout = makeLayout(width: width, height: height, showingAll: showsAll ? tiles.count : nil)
    shown = (selection, tiles.count)
    scroll.follow(selection: selection, count: tiles.count, layout: layout)
    let visible = scroll.visible(count: tiles.count, layout: layout)
    let slots = currentSlots()
    slots?.request(
      visible.compactMap { tiles[$0].imageURL },
      prefetch: scroll.next(count: tiles.count, layout: layout).compactMap { tiles[$0].imageURL })

    var lines: [String] = []
    var pictures: [PicturePlacement] = []
    let padding = String(repeating: " ", count: max(0, width - layout.columns * layout.tileWidth))
    for rowStart in stride(from: visible.lowerBound, to: visible.upperBound, by: layout.columns) {
      let row = Array(rowStart..<min(visible.upperBound, rowStart + layout.columns))
      let top = lines.count
      var block = Array(repeating: "", count: layout.tileHeight)
      for (column, index) in row.enumerated() {
        let tile = tileLines(tiles[index], selected: index == selection, slots: slots)
        for line in block.indices { block[line] += tile[line] }
        let origin = (row: top + 1, column: column * layout.tileWidth + 1)
        if let picture = slots?.placement(for: tiles[index].imageURL, row: origin.row, column: origin.column) {
          pictures.append(picture)
        }
      }
      let unused = String(repeating: " ", count: (layout.columns - row.count) * layout.tileWidth)
      lines += block.map { $0 + unused + padding }
    }
    let blank = String(repeating: " ", count: max(0, width))
    lines += Array(repeating: blank, count: max(0, height - lines.count))
    return SceneFrame(lines: Array(lines.prefix(height)), pictures: pictures)
  }

  /// The layout of a frame of `width × height` at the preferred tile size (`+`, `-`); with `showingAll`, the
  /// largest size up to it that shows that many tiles at once (a wall that is a part of a page).
  func makeLayout(width: Int, height: Int, showingAll count: Int? = nil) -> WallLayout {
    WallLayout(
      width: width, height: height, preferred: preferences.wallTileSize, cellAspect: cellAspect, showingAll: count)
  }

  /// One tile's `tileHeight` lines, each `tileWidth` columns: the frame (drawn for the selected tile, blank
  /// otherwise) around the picture or its placeholder, then the caption, reversed under the selected tile.
  private func tileLines(_ tile: WallTile, selected: Bool, slots: ThumbnailSlots?) -> [String] {
    let inner = layout.pictureColumns
    let picture =
      slots?.lines(for: tile.imageURL)
      ?? (0..<layout.pictureRows).map { row in
        row == layout.pictureRows / 2 ? String(repeating: "·", count: inner) : String(repeating: " ", count: inner)
      }
    let (top, side, bottom) =
      selected
      ? ("┌" + String(repeating: "─", count: inner) + "┐", "│", "└" + String(repeating: "─", count: inner) + "┘")
      : (String(repeating: " ", count: inner + 2), " ", String(repeating: " ", count: inner + 2))
    let caption = layout.caption(tile).map { selected ? "\u{1B}[7m" + $0 + "\u{1B}[0m" : $0 }
    return [top] + picture.map { side + $0 + "\u{1B}[0m" + side } + [bottom] + caption
  }

  /// The slots of the size drawn now; the other sizes' loads stop, their pictures stay.
  private func currentSlots() -> ThumbnailSlots? {
    guard let makeSlots else { return nil }
    for (size, other) in slots where size != layout.size { other.cancelAll() }
    if let existing = slots[layout.size] { return existing }
    let made = makeSlots(
      ThumbnailSize(columns: layout.pictureColumns, rows: layout.pictureRows),
      Self.firstPictureID + UInt32(layout.size.rawValue) * Self.pictureIDsPerSize)
    made.onUpdate = { [weak self] in self?.onUpdate?() }
    slots[layout.size] = made
    return made
  }

  /// Wall pictures are named from here up, a range per tile size (a list's thumbnails start at 100).
  static let firstPictureID: UInt32 = 1_000_000
  static let pictureIDsPerSize: UInt32 = 1_000_000

  // MARK: State for the scene

  /// "12 / 50": the cursor's tile among the tiles loaded.
  var position: String { shown.count == 0 ? "" : "\(shown.selection + 1) / \(shown.count)" }

  /// One note for every cover of this wall that could not be loaded, not one per tile.
  var failureNote: String? {
    let failed = slots[layout.size]?.failedURLs.count ?? 0
    guard failed > 0 else { return nil }
    return failed == 1 ? "1 cover could not be loaded" : "\(failed) covers could not be loaded"
  }

  /// The tiles of the current size on screen: awaited and failed covers.
  var progress: FrameProgress { slots[layout.size]?.progress ?? FrameProgress() }

  func cancelAll() {
    for slot in slots.values { slot.cancelAll() }
  }

  func waitUntilIdle() async {
    for slot in slots.values { await slot.waitUntilIdle() }
  }
}
