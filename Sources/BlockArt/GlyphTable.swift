/// Glyphs that split a cell along the same regions: glyph `pattern` shows the regions whose bits are set in the
/// foreground colour and the others in the background.
struct GlyphFamily {
  /// Per region, the samples it covers as (row, column) in the cell's sample grid. The regions tile the cell.
  let regions: [[(row: Int, column: Int)]]
  /// One scalar per pattern, `0..<(1 << regions.count)`.
  let glyphs: [Unicode.Scalar]
  /// The patterns the fitting tries: one of each shape and its complement (the same split with the colours
  /// swapped), without the shapes an earlier family of the table already offers.
  let candidates: [Int]

  /// The samples pattern `pattern` covers, as bits `row * samplesPerRow + column`.
  func sampleMask(of pattern: Int, samplesPerRow: Int) -> UInt16 {
    var mask: UInt16 = 0
    for (index, region) in regions.enumerated() where pattern & (1 << index) != 0 {
      for sample in region { mask |= 1 << (sample.row * samplesPerRow + sample.column) }
    }
    return mask
  }
}

/// The glyph families of a symbol set, on the set's sample grid (`SymbolSet.samplesPerCell`).
struct GlyphTable {
  let columns: Int
  let rows: Int
  let families: [GlyphFamily]

  static func of(_ symbols: SymbolSet) -> GlyphTable {
    switch symbols {
    case .half: half
    case .quad: quad
    case .sextant: sextant
    }
  }

  static let half = GlyphTable(
    columns: 1, rows: 2,
    families: [
      GlyphFamily(regions: [[(0, 0)], [(1, 0)]], glyphs: [" ", "▀", "▄", "█"], candidates: [0, 1])
    ])

  static let quad = GlyphTable(
    columns: 2, rows: 2,
    families: [
      GlyphFamily(regions: [[(0, 0)], [(0, 1)], [(1, 0)], [(1, 1)]], glyphs: quadrants, candidates: Array(0..<8))
    ])

  /// Sextant rows are thirds of the cell and quadrant rows halves: on a grid of sixths both are exact.
  static let sextant = GlyphTable(
    columns: 2, rows: 6,
    families: [
      GlyphFamily(
        regions: (0..<6).map { index in [(index / 2 * 2, index % 2), (index / 2 * 2 + 1, index % 2)] },
        glyphs: (0..<64).map(sextantGlyph), candidates: Array(0..<32)),
      // Only the quadrant shapes that are no sextant: those that split the cell at mid-height.
      GlyphFamily(
        regions: (0..<4).map { index in (0..<3).map { (index / 2 * 3 + $0, index % 2) } },
        glyphs: quadrants, candidates: [1, 2, 3, 4, 6, 7]),
    ])

  /// By bits: 1 upper left, 2 upper right, 4 lower left, 8 lower right.
  static let quadrants: [Unicode.Scalar] = [
    " ", "▘", "▝", "▀", "▖", "▌", "▞", "▛", "▗", "▚", "▐", "▜", "▄", "▙", "▟", "█",
  ]

  /// Sextant `pattern` by bits: 1 and 2 the upper row (left, right), 4 and 8 the middle, 16 and 32 the lower.
  /// U+1FB00–U+1FB3B are patterns 1 to 62 in order, without the four that older blocks already have.
  static func sextantGlyph(_ pattern: Int) -> Unicode.Scalar {
    switch pattern {
    case 0: " "
    case 21: "▌"
    case 42: "▐"
    case 63: "█"
    default:
      Unicode.Scalar(UInt32(0x1FB00 + pattern - 1 - (pattern > 21 ? 1 : 0) - (pattern > 42 ? 1 : 0)))!
    }
  }
}

extension GlyphFamily: Sendable {}
extension GlyphTable: Sendable {}
