/// Where the fonts come from: Debian's fonts-dejavu-core (a dependency of the package), or `IMGCACHE_FONT` for a
/// font of the user's choice, with fonts-droid-fallback's CJK glyphs where it is installed. A fixed list rather
/// than fontconfig: a few known files, and one library fewer.
public enum FontFiles {
  public static let folder = "/usr/share/fonts/truetype/dejavu"

  /// The proportional bold face captions are written in.
  public static func captions(environment: [String: String]) -> String {
    environment["IMGCACHE_FONT"].flatMap { $0.isEmpty ? nil : $0 } ?? folder + "/DejaVuSans-Bold.ttf"
  }

  /// The monospace faces a terminal screen is drawn in.
  public static let monospace = folder + "/DejaVuSansMono.ttf"
  public static let monospaceBold = folder + "/DejaVuSansMono-Bold.ttf"

  /// Faces tried, in order, for a scalar the chosen face has no glyph for; those not installed are skipped.
  public static let fallbacks = [
    folder + "/DejaVuSans.ttf", "/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf",
  ]
}
