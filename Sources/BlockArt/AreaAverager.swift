import ImageCache

/// The colour space the box filter averages in.
public enum FilterSpace: String, CaseIterable {
  /// Average the 8-bit sRGB values directly (what most image tools do; cheaper).
  case sRGB
  /// Convert to linear light first, average, convert back (physically right: a black/white checkerboard
  /// averages to the grey it looks like from afar, 188, not 128).
  case linear
}

/// Area-averaged resampling onto an opaque background, by ImageCache's resampler (the one the resize processor
/// uses): every output pixel is the coverage-weighted mean of the source pixels under its footprint, composited
/// onto `background`, enlarging included (symbol fitting wants a cell's edges as sharp as the source's).
struct AreaAverager {
  let space: FilterSpace
  let background: RGBColor

  /// Resamples `bitmap` to `width × height` opaque pixels; returns RGB bytes (3 per pixel).
  func resample(_ bitmap: ImageBitmap, width: Int, height: Int) -> [UInt8] {
    Resampler(linearLight: space == .linear, bilinearWhenEnlarging: false).rgb(
      bitmap, width: width, height: height, background: (background.red, background.green, background.blue))
  }
}

extension FilterSpace: Sendable {}
