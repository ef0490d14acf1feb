import FoundationEssentials
import ImageCache
import TextRaster

/// Lays covers out in a grid: each scaled to fill a square tile (the centre kept, the overflow cropped; area
/// averaging down, bilinear up: the resize processor every part of the project uses), in reading order, with a
/// neutral tile where a cover is missing or failed.
struct CollageComposer {
  let columns: Int
  let rows: Int
  let tile: Int

  /// What a missing or failed cover is drawn as: an even mid-dark grey, opaque, that reads as "nothing here"
  /// beside any cover.
  static let neutral: (red: UInt8, green: UInt8, blue: UInt8) = (0x3A, 0x3A, 0x3A)

  /// The processor a cover goes through: exactly `tile × tile` pixels.
  var processor: ImageProcessors.Resize {
    ImageProcessors.Resize(size: tile, contentMode: .fill, upscale: true)
  }

  var width: Int { columns * tile }
  var height: Int { rows * tile }

  /// The pixels (RGBA) of a canvas of neutral tiles.
  func blankCanvas() -> [UInt8] {
    var pixels = [UInt8](repeating: 0xFF, count: width * height * 4)
    for index in stride(from: 0, to: pixels.count, by: 4) {
      pixels[index] = Self.neutral.red
      pixels[index + 1] = Self.neutral.green
      pixels[index + 2] = Self.neutral.blue
    }
    return pixels
  }

  /// Copies a scaled cover into cell `index` (reading order). A cover of another size (which the processor never
  /// gives) is copied as far as it reaches.
  func place(_ cover: ImageBitmap, at index: Int, in canvas: inout [UInt8]) {
    let left = (index % columns) * tile
    let top = (index / columns) * tile
    let rowBytes = min(tile, cover.width) * 4
    canvas.withUnsafeMutableBytes { target in
      cover.pixels.withUnsafeBytes { source in
        for row in 0..<min(tile, cover.height) {
          let to = ((top + row) * width + left) * 4
          (target.baseAddress! + to).copyMemory(from: source.baseAddress! + row * cover.width * 4, byteCount: rowBytes)
        }
      }
    }
  }

  /// `canvas` with the caption of every cell that has one written on its tile.
  func writing(_ writer: CollageCaptionWriter, of cells: [CollageSource.Cell], on canvas: [UInt8]) -> [UInt8] {
    var picture = RGBACanvas(ImageBitmap(width: width, height: height, pixels: canvas))
    for (index, cell) in cells.enumerated() {
      guard case .url(_, let caption?) = cell else { continue }
      writer.write(caption, tileLeft: (index % columns) * tile, tileTop: (index / columns) * tile, on: &picture)
    }
    return picture.pixels
  }
}
