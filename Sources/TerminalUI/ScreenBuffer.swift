/// One piece of a screen line.
public enum LineSegment: Hashable {
  /// Text from anywhere: sanitised and measured by the renderer, drawn in `style`.
  case text(String, TextStyle)
  /// Already-escaped output from trusted code (block art): written as is; `columns` is its display width.
  case preformatted(String, columns: Int)
}

/// A row of the screen: segments drawn left to right; the rest of the row is cleared.
public struct ScreenLine: Hashable {
  public var segments: [LineSegment]

  public init(_ segments: [LineSegment] = []) {
    self.segments = segments
  }

  public init(_ text: String, style: TextStyle = .plain) {
    self.segments = [.text(text, style)]
  }

  public static let empty = ScreenLine()

  public mutating func append(_ text: String, style: TextStyle = .plain) {
    segments.append(.text(text, style))
  }

  public mutating func appendPreformatted(_ escaped: String, columns: Int) {
    segments.append(.preformatted(escaped, columns: columns))
  }
}

/// What the screen should show, row by row, and the pictures over it. Apps fill one per frame;
/// `ScreenRenderer` draws the difference.
public struct ScreenBuffer: Hashable {
  public let size: TerminalSize
  public private(set) var lines: [ScreenLine]
  public private(set) var pictures: [PicturePlacement] = []

  public init(size: TerminalSize) {
    self.size = size
    self.lines = Array(repeating: .empty, count: max(0, size.rows))
  }

  /// Replaces row `row` (0-based); rows outside the screen are ignored.
  public subscript(row: Int) -> ScreenLine {
    get { lines.indices.contains(row) ? lines[row] : .empty }
    set { if lines.indices.contains(row) { lines[row] = newValue } }
  }

  public mutating func setText(_ text: String, row: Int, style: TextStyle = .plain) {
    self[row] = ScreenLine(text, style: style)
  }

  /// Adds a picture. One that does not fit on the screen entirely, or that overlaps one placed before, is left
  /// out: a picture is never cut.
  public mutating func place(_ picture: PicturePlacement) {
    let rect = picture.rect
    guard rect.rows > 0, rect.columns > 0, rect.row >= 0, rect.column >= 0, rect.row + rect.rows <= size.rows,
      rect.column + rect.columns <= size.columns,
      !pictures.contains(where: { $0.rect.overlaps(rect) || $0.id == picture.id })
    else { return }
    pictures.append(picture)
  }

  /// The columns of `row` that pictures cover, left to right; the text drawn there is skipped.
  public func pictureColumns(row: Int) -> [Range<Int>] {
    pictures.filter { $0.rect.rowRange.contains(row) }.map(\.rect.columnRange).sorted { $0.lowerBound < $1.lowerBound }
  }
}

extension CellRect {
  func overlaps(_ other: CellRect) -> Bool {
    rowRange.overlaps(other.rowRange) && columnRange.overlaps(other.columnRange)
  }
}

extension LineSegment: Sendable {}
extension ScreenLine: Sendable {}
extension ScreenBuffer: Sendable {}
