/// The library version, sent in the default `User-Agent`.
public enum ImageCacheVersion {
  public static let string = "0.1.0"
}
