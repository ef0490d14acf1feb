import BlockArt
import TerminalUI
import TextRaster

/// What `collage --captions` writes on a tile: the album, its artist and, where the source counts them, its plays.
struct CollageCaption: Equatable {
  var artist: String
  var album: String
  var playCount: Int?

  /// The caption's lines, top to bottom, cleaned of control characters (names come from the network).
  var lines: [(text: String, bold: Bool)] {
    var lines = [(TerminalText.sanitize(album), true), (TerminalText.sanitize(artist), false)]
    if let playCount { lines.append((playCount == 1 ? "1 play" : "\(playCount) plays", false)) }
    return lines.filter { !$0.0.isEmpty }
  }
}

/// Writes captions along the bottom of tiles: white text in DejaVu Sans through FreeType over a darkened band of
/// the cover, sized to the tile (readable at 100 px tiles: 10 px text), each line shortened with an ellipsis to fit.
struct CollageCaptionWriter {
  private let bold: FontFace
  private let regular: FontFace
  private let tile: Int

  init(tile: Int, environment: [String: String]) throws {
    self.tile = tile
    let size = max(10, tile / 13)
    do {
      bold = try FontFace(
        path: FontFiles.captions(environment: environment), pixelHeight: size,
        fallbacks: FontFiles.fallbacks)
      regular = try FontFace(
        path: FontFiles.folder + "/DejaVuSans.ttf", pixelHeight: size,
        fallbacks: FontFiles.fallbacks)
    } catch {
      throw CommandFailure("--captions: \(error)")
    }
  }

  /// The band's height for `lines` lines: the text and a margin of a third of a line above and below.
  func bandHeight(lines: Int) -> Int {
    min(tile, lines * bold.lineHeight + 2 * max(2, bold.lineHeight / 3))
  }

  /// Darkens the band at the bottom of the tile at (`left`, `top`) and writes `caption` in it.
  func write(_ caption: CollageCaption, tileLeft left: Int, tileTop top: Int, on canvas: inout RGBACanvas) {
    let lines = caption.lines
    guard !lines.isEmpty else { return }
    let band = bandHeight(lines: lines.count)
    let bandTop = top + tile - band
    for y in bandTop..<(top + tile) {
      for x in left..<(left + tile) { canvas.blend(x: x, y: y, color: .black, alpha: 170) }
    }
    let margin = max(2, bold.lineHeight / 3)
    let clip = (x: left, y: bandTop, width: tile, height: band)
    for (index, line) in lines.enumerated() {
      let face = line.bold ? bold : regular
      let text = face.fitted(line.text, maxWidth: tile - 2 * margin)
      let baseline = bandTop + margin + index * bold.lineHeight + bold.ascender
      face.draw(text, into: &canvas, x: left + margin, baseline: baseline, color: .white, clip: clip)
    }
  }
}
