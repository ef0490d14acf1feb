import Foundation
import ImageCache
import TerminalGraphics
import TerminalUI

/// Pictures drawn by the terminal's own graphics protocol (kitty, iTerm2, sixel). A picture is encoded when it is
/// painted, which the picture boxes and thumbnail slots do off the main actor, and its bytes are kept with it, so a
/// picture seen before is sent again without encoding it again.
struct ProtocolPicturePainter: PicturePainting {
  let encoder: PictureEncoder

  func paint(_ bitmap: ImageBitmap, columns: Int, rows: Int, id: UInt32) -> PaintedPicture {
    let bytes = encoder.encode(bitmap, columns: columns, rows: rows, id: id)
    return .placed(PictureDrawing(erase: encoder.erase(id: id)) { bytes })
  }

  var eraseAll: [UInt8] { encoder.eraseAll() }

  /// The terminal's own cell, as measured (`TIOCGWINSZ`, `CSI 16 t`) or assumed.
  var cellAspect: Double {
    let cell = encoder.capabilities.cellSize
    return cell.width > 0 && cell.height > 0 ? Double(cell.height) / Double(cell.width) : 2
  }

  /// The box's own pixels: the encoder scales into exactly this.
  func sourceSize(columns: Int, rows: Int) -> PixelSize {
    let cell = encoder.capabilities.cellSize
    return PixelSize(width: max(1, columns) * max(1, cell.width), height: max(1, rows) * max(1, cell.height))
  }
}

/// How the full screen draws pictures, once the terminal's capabilities are known.
enum SessionPictures {
  /// A protocol's pictures where the terminal has one, block art where it has none, nothing for `none`.
  static func painter(for capabilities: GraphicsCapabilities, blockArt: (any ThumbnailRendering)?)
    -> (any PicturePainting)?
  {
    guard capabilities.drawsPictures else { return nil }
    if capabilities.protocol != nil {
      return ProtocolPicturePainter(encoder: PictureEncoder(capabilities: capabilities))
    }
    return blockArt.map { BlockArtPicturePainter(renderer: $0) }
  }
}
