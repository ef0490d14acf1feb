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
    guard capabilities.drawsPictures, let graphics = capabilities.protocol else { return [] }
    let layout = PictureLayout(
      pictureWidth: bitmap.width, pictureHeight: bitmap.height, columns: columns, rows: rows,
      cell: capabilities.cellSize)
    guard layout.width > 0, layout.height > 0 else { return [] }
    let scaled = PictureScaler(background: background).scale(bitmap, width: layout.width, height: layout.height)
    switch graphics {
    case .kitty:
      guard let png = try? PNGEncoder.encode(Self.placed(scaled, in: layout)) else { return [] }
      return KittyGraphics.transmit(png: png, id: id, columns: columns, rows: rows).flatMap(wrapped)
    case .iterm:
      guard let png = try? PNGEncoder.encode(Self.placed(scaled, in: layout)) else { return [] }
      return Self.keepingCursor(wrapped(ITermInlineImage.sequence(file: png, columns: columns, rows: rows)))
    case .sixel:
      guard let sixel = SixelImage.encode(rgb: Self.rgb(scaled), width: scaled.width, height: scaled.height)
      else { return [] }
      // Sixel has no box to scale into: the picture is drawn at its own size from the cursor, so it is moved by
      // whole cells to centre it (at most one cell off from the pixel-exact centre).
      let cell = capabilities.cellSize
      let right = layout.x / max(1, cell.width)
      let down = layout.y / max(1, cell.height)
      var bytes: [UInt8] = []
      if right > 0 { bytes += Array("\u{1B}[\(right)C".utf8) }
      if down > 0 { bytes += Array("\u{1B}[\(down)B".utf8) }
      return Self.keepingCursor(bytes + wrapped(sixel))
    }
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

  private func wrapped(_ sequence: [UInt8]) -> [UInt8] {
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

  private static func rgb(_ bitmap: ImageBitmap) -> [UInt8] {
    var rgb = [UInt8](repeating: 0, count: bitmap.width * bitmap.height * 3)
    for index in 0..<(bitmap.width * bitmap.height) {
      rgb[index * 3] = bitmap.pixels[index * 4]
      rgb[index * 3 + 1] = bitmap.pixels[index * 4 + 1]
      rgb[index * 3 + 2] = bitmap.pixels[index * 4 + 2]
    }
    return rgb
  }
}

extension PictureEncoder: Sendable {}
