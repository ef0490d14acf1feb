import BlockArt
import ImageCache
import ImageEncoding

/// Turns bitmaps into the bytes of the protocol the capabilities name. The encoder only draws; deciding what the
/// terminal can do is `GraphicsDetector`'s job.
public struct PictureEncoder {
  public let capabilities: GraphicsCapabilities
  /// What transparent parts of a picture are composited onto.
  public var background: RGBColor

  public init(capabilities: GraphicsCapabilities, background: RGBColor = .black) {
    self.capabilities = capabilities
    self.background = background
  }

  /// The bytes that draw `bitmap` over a `columns × rows` box of cells whose top-left cell holds the cursor.
  /// The picture fills the box in pixels (aspect kept, centred) and the cursor is left where it was. Empty when
  /// the capabilities name no protocol (block art is `BlockArtRenderer`'s) or the box is empty. `id` names the
  /// picture for `erase(id:)`; sending a new picture under the same id replaces the old one where the protocol
  /// has ids (kitty).
  public func encode(_ bitmap: ImageBitmap, columns: Int, rows: Int, id: UInt32) -> [UInt8] {
    guard capabilities.drawsPictures, let graphics = capabilities.protocol,
      let fit = fitted(bitmap, columns: columns, rows: rows)
    else { return [] }
    let (scaled, layout) = (fit.picture, fit.layout)
    switch graphics {
    case .kitty:
      guard let png = try? PNGEncoder.encode(Self.placed(scaled, in: layout)) else { return [] }
      return KittyGraphics.transmit(png: png, id: id, columns: columns, rows: rows).flatMap(wrapped)
    case .iterm:
      guard let png = try? PNGEncoder.encode(Self.placed(scaled, in: layout)) else { return [] }
      return Self.keepingCursor(wrapped(ITermInlineImage.sequence(file: png, columns: columns, rows: rows)))
    case .sixel:
      return sixel(scaled, in: layout)
    }
  }

  /// The picture as a PNG the size of the whole box in pixels (the picture centred, transparent around it): what
  /// kitty keeps and places; nil for an empty box.
  public func boxPNG(_ bitmap: ImageBitmap, columns: Int, rows: Int) -> [UInt8]? {
    guard let fit = fitted(bitmap, columns: columns, rows: rows) else { return nil }
    return try? PNGEncoder.encode(Self.placed(fit.picture, in: fit.layout))
  }

  /// The decoded size of `boxPNG`: what the terminal holds for it.
  public func boxBytes(columns: Int, rows: Int) -> Int {
    max(0, columns) * max(1, capabilities.cellSize.width) * max(0, rows) * max(1, capabilities.cellSize.height) * 4
  }

  /// The picture scaled to the largest size of its shape that fits the box, and where it goes in the box.
  private func fitted(_ bitmap: ImageBitmap, columns: Int, rows: Int) -> (picture: ImageBitmap, layout: PictureLayout)?
  {
    let layout = PictureLayout(
      pictureWidth: bitmap.width, pictureHeight: bitmap.height, columns: columns, rows: rows,
      cell: capabilities.cellSize)
    guard layout.width > 0, layout.height > 0 else { return nil }
    return (PictureScaler(background: background).scale(bitmap, width: layout.width, height: layout.height), layout)
  }

  /// Sixel has no box to scale into: the picture is drawn at its own size from the cursor, so it is moved by whole
  /// cells to centre it (at most one cell off from the pixel-exact centre). Inside tmux it is kept under
  /// `SixelBudget.tmuxLimit`.
  private func sixel(_ scaled: ImageBitmap, in layout: PictureLayout) -> [UInt8] {
    let limit = capabilities.insideTmux ? SixelBudget.tmuxLimit : nil
    guard let sixel = SixelBudget.encode(scaled, limit: limit, background: background) else { return [] }
    let cell = capabilities.cellSize
    let right = layout.x / max(1, cell.width)
    let down = layout.y / max(1, cell.height)
    var bytes: [UInt8] = []
    if right > 0 { bytes += Array("\u{1B}[\(right)C".utf8) }
    if down > 0 { bytes += Array("\u{1B}[\(down)B".utf8) }
    return Self.keepingCursor(bytes + wrapped(sixel))
  }

  /// What removes the picture drawn under `id`: kitty deletes it; for iTerm2 and sixel the picture is part of the
  /// cells, so writing over them removes it and this is empty.
  public func erase(id: UInt32) -> [UInt8] {
    guard capabilities.protocol == .kitty else { return [] }
    return wrapped(KittyGraphics.delete(id: id))
  }

  /// What removes every picture (kitty); empty where overwriting the cells does it.
  public func eraseAll() -> [UInt8] {
    guard capabilities.protocol == .kitty else { return [] }
    return wrapped(KittyGraphics.deleteAll())
  }

  func wrapped(_ sequence: [UInt8]) -> [UInt8] {
    capabilities.passthrough ? TmuxPassthrough.wrap(sequence) : sequence
  }

  /// DECSC before, DECRC after: these protocols move the cursor past the picture.
  private static func keepingCursor(_ bytes: [UInt8]) -> [UInt8] {
    [0x1B, UInt8(ascii: "7")] + bytes + [0x1B, UInt8(ascii: "8")]
  }

  /// The scaled picture on a transparent canvas the size of the whole box, so a protocol that stretches to the
  /// box (kitty's `c`/`r`, iTerm2's width/height) shows it undistorted and centred.
  static func placed(_ picture: ImageBitmap, in layout: PictureLayout) -> ImageBitmap {
    if picture.width == layout.boxWidth && picture.height == layout.boxHeight { return picture }
    var canvas = [UInt8](repeating: 0, count: layout.boxWidth * layout.boxHeight * 4)
    let rowBytes = picture.width * 4
    for row in 0..<picture.height {
      let target = ((layout.y + row) * layout.boxWidth + layout.x) * 4
      canvas.replaceSubrange(
        target..<(target + rowBytes), with: picture.pixels[(row * rowBytes)..<((row + 1) * rowBytes)])
    }
    return ImageBitmap(width: layout.boxWidth, height: layout.boxHeight, pixels: canvas)
  }
}

extension PictureEncoder: Sendable {}
