import ImageCache

/// The tile at `column`, `row` of a decoded collage of `side`-pixel square tiles.
func collageTile(_ collage: ImageBitmap, column: Int, row: Int, side: Int) -> ImageBitmap {
  var pixels: [UInt8] = []
  for y in (row * side)..<((row + 1) * side) {
    let start = (y * collage.width + column * side) * 4
    pixels += collage.pixels[start..<(start + side * 4)]
  }
  return ImageBitmap(width: side, height: side, pixels: pixels)
}
