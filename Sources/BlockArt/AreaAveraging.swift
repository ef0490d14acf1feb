import ImageCache

/// The box filter block art uses, for other renderers that shrink pictures (the terminal graphics protocols).
public enum AreaAveraging {
  /// `bitmap` area-averaged to `width × height` and composited onto `background`: RGB bytes, 3 per pixel.
  public static func rgb(
    _ bitmap: ImageBitmap, width: Int, height: Int, background: RGBColor = .black, space: FilterSpace = .sRGB
  ) -> [UInt8] {
    AreaAverager(space: space, background: background).resample(bitmap, width: width, height: height)
  }
}
