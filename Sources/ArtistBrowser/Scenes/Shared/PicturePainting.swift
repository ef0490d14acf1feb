import Foundation
import ImageCache
import TerminalUI

/// What a picture became for the screen: block-art lines that go into the text, or a graphics protocol's
/// drawing placed over blank cells.
public enum PaintedPicture: Sendable {
  case text([String])
  case placed(PictureDrawing)
}

/// Draws pictures into boxes of cells: the one place that decides between block art and a terminal graphics
/// protocol, so the scenes lay out boxes and never ask which.
public protocol PicturePainting: Sendable {
  /// `bitmap` fitted into `columns × rows` cells (aspect kept). `id` names the picture to the terminal, which
  /// replaces and deletes pictures by it.
  func paint(_ bitmap: ImageBitmap, columns: Int, rows: Int, id: UInt32) -> PaintedPicture
  /// What removes every picture this painter may have drawn (on leaving the full screen).
  var eraseAll: [UInt8] { get }
  /// How many times taller than wide a cell is for this painter's pictures, so a square picture gets a box that
  /// is square on the screen.
  var cellAspect: Double { get }
  /// The most pixels a picture painted into `columns × rows` cells is drawn from: scaling a picture down to fit
  /// this before painting it changes what is painted by no more than rounding.
  func sourceSize(columns: Int, rows: Int) -> PixelSize
}

extension PicturePainting {
  /// Block art's: each cell is two samples tall and one wide (half blocks; the finer sets keep that ratio).
  public var cellAspect: Double { 2 }

  /// Block art's: 4 × 8 pixels a cell, at least twice the finest symbol set's samples (sextants, 2 × 3) each
  /// way, so the renderer's own area averaging still decides every sample.
  public func sourceSize(columns: Int, rows: Int) -> PixelSize {
    PixelSize(width: max(1, columns) * 4, height: max(1, rows) * 8)
  }
}

/// Block art through the thumbnail renderer (half blocks, or finer symbols): pictures are text.
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
