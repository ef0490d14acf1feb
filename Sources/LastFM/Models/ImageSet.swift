import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The sizes Last.fm offers for one picture, with the placeholder star filtered out.
public struct ImageSet {
  public enum Size: String, CaseIterable, Comparable {
    case small, medium, large, extralarge, mega

    /// Nominal edge length in pixels; Last.fm serves `mega` at the `extralarge` resolution in practice.
    public var pixels: Int {
      switch self {
      case .small: 34
      case .medium: 64
      case .large: 174
      case .extralarge: 300
      case .mega: 300
      }
    }

    /// The smallest size at least `pixels` wide, or the largest one there is.
    public static func fitting(pixels: Int) -> Size {
      allCases.first { $0.pixels >= pixels } ?? .mega
    }

    public static func < (lhs: Size, rhs: Size) -> Bool { lhs.order < rhs.order }

    private var order: Int { Size.allCases.firstIndex(of: self)! }
  }

  /// Hash of the grey star Last.fm returns for every artist since 2019; it is not a real picture.
  public static let placeholderHash = "2a96cbd8b46e442fc41c2b86b821562f"

  public let urls: [Size: URL]

  /// Keeps only real pictures: placeholder-star URLs are dropped.
  public init(_ urls: [Size: URL] = [:]) {
    self.urls = urls.filter { !ImageSet.isPlaceholder($0.value) }
  }

  public static let empty = ImageSet()

  public var isEmpty: Bool { urls.isEmpty }

  /// The asked size if present, else the nearest larger one, else the nearest smaller one.
  public func url(for size: Size) -> URL? {
    if let exact = urls[size] { return exact }
    let larger = Size.allCases.filter { $0 > size }
    let smaller = Size.allCases.filter { $0 < size }.reversed()
    for candidate in larger + smaller {
      if let url = urls[candidate] { return url }
    }
    return nil
  }

  public static func isPlaceholder(_ url: URL) -> Bool {
    // `memcmp` at each place the first byte matches: Foundation's `String.contains` goes through `NSString` and the
    // standard library's generic search instantiates metadata on every call, and a first screen checks about a
    // thousand URLs (BENCHMARKS.md has the counts).
    var string = url.absoluteString
    return string.withUTF8 { haystack in
      placeholderBytes.withUnsafeBufferPointer { needle in
        guard haystack.count >= needle.count else { return false }
        return (0...(haystack.count - needle.count)).contains { start in
          haystack[start] == needle[0] && memcmp(haystack.baseAddress! + start, needle.baseAddress!, needle.count) == 0
        }
      }
    }
  }

  private static let placeholderBytes = Array(placeholderHash.utf8)
}

extension ImageSet.Size: Sendable {}
extension ImageSet: Sendable, Equatable {}
