/// Last.fm's square image sizes, with the CDN path component and the `size` name API responses use.
public enum CoverSize: Int, CaseIterable {
  case small = 34
  case medium = 64
  case large = 174
  case extralarge = 300

  public var pixels: Int { rawValue }

  /// The folder in `/i/u/<folder>/<id>.png`.
  public var pathComponent: String {
    switch self {
    case .small: "34s"
    case .medium: "64s"
    case .large: "174s"
    case .extralarge: "300x300"
    }
  }

  public init?(pathComponent: String) {
    guard let size = Self.allCases.first(where: { $0.pathComponent == pathComponent }) else { return nil }
    self = size
  }
}

extension CoverSize: Sendable {}
