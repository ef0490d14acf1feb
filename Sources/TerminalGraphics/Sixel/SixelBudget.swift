import BlockArt
import ImageCache

/// Keeps a sixel picture under a size: tmux drops a sequence longer than its input buffer (about 1 MB), which
/// leaves nothing drawn, or worse, the rest of the sequence drawn as text.
enum SixelBudget {
  /// Under tmux's limit with room for the passthrough wrapping (every ESC doubled) and the cursor moves.
  static let tmuxLimit = 1_000_000

  /// Fewer colours first (the picture keeps its size), then smaller by a fifth at a time. Nil when libsixel fails;
  /// the picture as small as `minimumSide` pixels is returned even if still over, which never happens in practice
  /// (a 64-pixel square is a few kilobytes).
  static func encode(_ bitmap: ImageBitmap, limit: Int?, background: RGBColor) -> [UInt8]? {
    var picture = bitmap
    let minimumSide = 64
    while true {
      for colors in [256, 64, 16] {
        guard
          let sixel = SixelImage.encode(rgb: rgb(picture), width: picture.width, height: picture.height, colors: colors)
        else { return nil }
        guard let limit, sixel.count > limit else { return sixel }
        if colors == 16 && min(picture.width, picture.height) <= minimumSide { return sixel }
      }
      let width = max(1, picture.width * 4 / 5)
      let height = max(1, picture.height * 4 / 5)
      picture = PictureScaler(background: background).scale(picture, width: width, height: height)
    }
  }

  static func rgb(_ bitmap: ImageBitmap) -> [UInt8] {
    var rgb = [UInt8](repeating: 0, count: bitmap.width * bitmap.height * 3)
    for index in 0..<(bitmap.width * bitmap.height) {
      rgb[index * 3] = bitmap.pixels[index * 4]
      rgb[index * 3 + 1] = bitmap.pixels[index * 4 + 1]
      rgb[index * 3 + 2] = bitmap.pixels[index * 4 + 2]
    }
    return rgb
  }
}
