import FoundationEssentials
import ImageCache
import TerminalUI

/// Pictures drawn by the terminal's own graphics protocol (kitty, iTerm2, sixel). A picture is encoded when it is
/// painted, which the picture boxes and thumbnail slots do off the main actor, and its bytes are kept with it, so a
/// picture seen before is sent again without encoding it again.
///
/// With a `store` (a full-screen session), kitty pictures are sent once and then placed: the drawing's bytes carry
/// the picture's data only while the terminal does not hold it, and leaving the screen deletes the placement, not
/// the data. Inside tmux they are shown by Unicode placeholders instead (`KittyPlaceholders`). Without a store
/// (`imgcache show`, which prints and leaves), each picture is sent and shown in one command, as it always was.
public struct ProtocolPicturePainter: PicturePainting {
  public let encoder: PictureEncoder
  public let store: KittyPictureStore?

  public init(encoder: PictureEncoder, store: KittyPictureStore? = nil) {
    self.encoder = encoder
    self.store = store
  }

  public func paint(_ bitmap: ImageBitmap, columns: Int, rows: Int, id: UInt32) -> PaintedPicture {
    guard store != nil, encoder.capabilities.protocol == .kitty else {
      let bytes = encoder.encode(bitmap, columns: columns, rows: rows, id: id)
      return .placed(PictureDrawing(erase: encoder.erase(id: id)) { bytes })
    }
    return paint(bitmap, columns: columns, rows: rows, id: id, key: Self.contentKey(bitmap))
  }

  public func paint(_ bitmap: ImageBitmap, columns: Int, rows: Int, id: UInt32, key: String) -> PaintedPicture {
    guard let store, encoder.capabilities.protocol == .kitty else {
      return paint(bitmap, columns: columns, rows: rows, id: id)
    }
    let sent = KittyPictureSending(
      encoder: encoder, store: store, key: "\(key) \(columns)x\(rows)", columns: columns, rows: rows,
      png: encoder.boxPNG(bitmap, columns: columns, rows: rows))
    if encoder.capabilities.unicodePlaceholders {
      // Text, which the screen overwrites when the picture leaves: nothing to delete.
      return .placed(.sendingEachTime { sent.placeholders() })
    }
    return .placed(.sendingEachTime(erase: sent.erasePlacement(id)) { sent.placement(id) })
  }

  /// Without a store, kitty's delete-all; with one, the same and the store's whole id range freed (pictures not
  /// on the screen keep data that `d=A` does not reach).
  public var eraseAll: [UInt8] {
    var bytes = encoder.eraseAll()
    if store != nil, encoder.capabilities.protocol == .kitty {
      bytes += encoder.wrapped(KittyGraphics.delete(ids: KittyPictureStore.ids))
    }
    return bytes
  }

  public func releaseAll() -> [UInt8] {
    store?.forgetTransmissions()
    return eraseAll
  }

  /// The terminal's own cell, as measured (`TIOCGWINSZ`, `CSI 16 t`) or assumed.
  public var cellAspect: Double {
    let cell = encoder.capabilities.cellSize
    return cell.width > 0 && cell.height > 0 ? Double(cell.height) / Double(cell.width) : 2
  }

  /// The box's own pixels: the encoder scales into exactly this.
  public func sourceSize(columns: Int, rows: Int) -> PixelSize {
    let cell = encoder.capabilities.cellSize
    return PixelSize(width: max(1, columns) * max(1, cell.width), height: max(1, rows) * max(1, cell.height))
  }

  /// A name for a picture painted without one: its size and pixels, so the same picture is still sent once.
  static func contentKey(_ bitmap: ImageBitmap) -> String {
    var hasher = Hasher()
    hasher.combine(bitmap.width)
    hasher.combine(bitmap.height)
    bitmap.pixels.withUnsafeBytes { hasher.combine(bytes: $0) }
    return "pixels:\(hasher.finalize())"
  }
}

/// One kitty picture at one box size, as the store keeps it, with its PNG made when painted (off the main actor)
/// and kept, so a picture the store freed can be sent again without encoding it again.
struct KittyPictureSending: Sendable {
  let encoder: PictureEncoder
  let store: KittyPictureStore
  /// The picture's name (its URL, or its pixels) and box, which the store gives one image id.
  let key: String
  let columns: Int
  let rows: Int
  let png: [UInt8]?

  /// The data (if the terminal lacks it) and the frees the budget asks for, wrapped for tmux where needed.
  private func transmission(virtual: Bool) -> (id: UInt32, bytes: [UInt8]) {
    let use = store.use(key, pixelBytes: encoder.boxBytes(columns: columns, rows: rows))
    var bytes = use.freed.flatMap { encoder.wrapped(KittyGraphics.delete(id: $0)) }
    if use.needsTransmission, let png {
      bytes += KittyGraphics.transmitOnly(png: png, id: use.id).flatMap(encoder.wrapped)
      if virtual { bytes += encoder.wrapped(KittyGraphics.placeVirtual(id: use.id, columns: columns, rows: rows)) }
    }
    return (use.id, bytes)
  }

  /// Data if needed, then the placement `placement` at the cursor.
  func placement(_ placement: UInt32) -> [UInt8] {
    let (id, bytes) = transmission(virtual: false)
    return bytes + encoder.wrapped(KittyGraphics.place(id: id, placement: placement, columns: columns, rows: rows))
  }

  func erasePlacement(_ placement: UInt32) -> [UInt8] {
    encoder.wrapped(KittyGraphics.deletePlacement(id: store.id(for: key), placement: placement))
  }

  /// Data and its virtual placement if needed, then the placeholder cells, row by row from the cursor (saved and
  /// restored, so a box reaching the screen's edge never wraps).
  func placeholders() -> [UInt8] {
    let (id, bytes) = transmission(virtual: true)
    var text = "\u{1B}7"
    for row in 0..<rows {
      if row > 0 { text += "\u{1B}8\u{1B}[\(row)B" }
      text += KittyPlaceholders.row(row, columns: columns, imageID: id)
    }
    text += "\u{1B}8"
    return bytes + Array(text.utf8)
  }
}
