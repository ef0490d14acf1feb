import FoundationEssentials
import ImageCache
import TerminalUI

/// What a picture became for the screen: block-art lines that go into the text, or a graphics protocol's
/// drawing placed over blank cells.
public enum PaintedPicture: Sendable {
  case text([String])
  case placed(PictureDrawing)
}

/// A width and a height in pixels (made by the painters, which know their cells).
public struct PixelSize: Hashable, Sendable {
  public var width: Int
  public var height: Int

  public init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }
}

/// Turns a bitmap into exactly `rows` strings of `columns` display columns (block art).
public protocol ThumbnailRendering: Sendable {
  func render(_ bitmap: ImageBitmap, columns: Int, rows: Int) -> [String]
}

/// Draws pictures into boxes of cells: the one place that decides between block art and a terminal graphics
/// protocol, so the scenes (and `imgcache show`) lay out boxes and never ask which. Made by
/// `SessionPictures.painter(for:blockArt:)` from the capabilities detected once per run.
public protocol PicturePainting: Sendable {
  /// `bitmap` fitted into `columns × rows` cells (aspect kept). `id` names the box to the terminal (kitty's
  /// placement id): painting another picture under the same id replaces the one shown there.
  func paint(_ bitmap: ImageBitmap, columns: Int, rows: Int, id: UInt32) -> PaintedPicture
  /// The same, with `key` naming the picture itself (its URL): a painter that keeps pictures in the terminal
  /// (kitty) sends a picture it has sent before under the same key and box as a placement only, no image data.
  func paint(_ bitmap: ImageBitmap, columns: Int, rows: Int, id: UInt32, key: String) -> PaintedPicture
  /// What removes every picture this painter may have drawn from the screen (toggling a view, changing scene,
  /// resizing, suspending). Pictures kept in the terminal stay there, so the next paint sends no data again.
  var eraseAll: [UInt8] { get }
  /// What removes every picture and frees every picture kept in the terminal (on quitting). After it, pictures
  /// are sent again in full.
  func releaseAll() -> [UInt8]
  /// How many times taller than wide a cell is for this painter's pictures, so a square picture gets a box that
  /// is square on the screen.
  var cellAspect: Double { get }
  /// The most pixels a picture painted into `columns × rows` cells is drawn from: scaling a picture down to fit
  /// this before painting it changes what is painted by no more than rounding.
  func sourceSize(columns: Int, rows: Int) -> PixelSize
}

extension PicturePainting {
  /// Painters that keep nothing in the terminal need no key.
  public func paint(_ bitmap: ImageBitmap, columns: Int, rows: Int, id: UInt32, key: String) -> PaintedPicture {
    paint(bitmap, columns: columns, rows: rows, id: id)
  }

  public func releaseAll() -> [UInt8] { eraseAll }

  /// Block art's: each cell is two samples tall and one wide (half blocks; the finer sets keep that ratio).
  public var cellAspect: Double { 2 }

  /// Block art's: 4 × 8 pixels a cell, at least twice the finest symbol set's samples (sextants, 2 × 3) each
  /// way, so the renderer's own area averaging still decides every sample.
  public func sourceSize(columns: Int, rows: Int) -> PixelSize {
    PixelSize(width: max(1, columns) * 4, height: max(1, rows) * 8)
  }
}

/// Block art through the thumbnail renderer (half blocks, or finer symbols): pictures are text, which the screen
/// overwrites like any other text.
public struct BlockArtPicturePainter: PicturePainting {
  public let renderer: any ThumbnailRendering

  public init(renderer: any ThumbnailRendering) {
    self.renderer = renderer
  }

  public var eraseAll: [UInt8] { [] }

  public func paint(_ bitmap: ImageBitmap, columns: Int, rows: Int, id: UInt32) -> PaintedPicture {
    .text(renderer.render(bitmap, columns: columns, rows: rows))
  }
}
