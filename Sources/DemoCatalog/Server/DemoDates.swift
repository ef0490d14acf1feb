import ImageCache
import ImageCacheSupport

/// The demo covers' `Last-Modified`, and `If-Modified-Since` compared against it.
enum DemoDates {
  static let coversLastModified = "Mon, 01 Jan 2024 00:00:00 GMT"
  static let coversLastModifiedSeconds = HTTPDate.secondsSinceEpoch(imfFixdate: coversLastModified)!
}
