import FoundationEssentials

/// Which tier answered a request.
public enum CacheTier: String, Codable, CaseIterable {
  /// The memory tier had the decoded image.
  case memory
  /// The disk tier had a fresh copy (or a stale one, when the network failed).
  case disk
  /// New bytes came from the server.
  case network
  /// The disk copy was stale; the server confirmed it with 304, so it was served without downloading.
  case revalidated
}

/// A decoded thumbnail and where it came from.
public struct ImageResponse {
  /// The URL asked for.
  public var url: URL { request?.url ?? askedURL! }
  /// The request a memory hit answered: kept instead of a copy of its URL, because the lookup has just read the
  /// request's storage and the URL's is a cold cache line and one more reference to count on the hottest path.
  let request: ImageRequest?
  /// The URL asked for, when `request` is nil. Two optionals, not an enum: `URL` is a resilient type, and an enum
  /// carrying one is laid out at run time, on every plain hit.
  let askedURL: URL?
  /// The decoded image.
  public let bitmap: ImageBitmap
  /// Which tier answered.
  public let tier: CacheTier
  /// Encoded size in bytes (0 for memory hits, which keep no encoded copy).
  public let byteCount: Int
  /// Served from disk past its freshness because revalidation failed on the network (offline first).
  public let isStale: Bool
  /// When the original's disk entry stops being fresh, if this answer left one in place: how long a processed image
  /// made from it may be kept on disk (`ImageRequest.Options.storeProcessedOnDisk`).
  var storedExpiry: Date? = nil

  /// Width in pixels.
  public var width: Int { bitmap.width }
  /// Height in pixels.
  public var height: Int { bitmap.height }

  init(url: URL, bitmap: ImageBitmap, tier: CacheTier, byteCount: Int, isStale: Bool, storedExpiry: Date? = nil) {
    self.request = nil
    self.askedURL = url
    self.bitmap = bitmap
    self.tier = tier
    self.byteCount = byteCount
    self.isStale = isStale
    self.storedExpiry = storedExpiry
  }

  /// A memory hit for `request`.
  init(memoryHit request: ImageRequest, bitmap: ImageBitmap) {
    self.request = request
    self.askedURL = nil
    self.bitmap = bitmap
    self.tier = .memory
    self.byteCount = 0
    self.isStale = false
  }
}

/// An image's encoded bytes, checked to be a well-formed PNG or JPEG, and the tier that answered: what
/// `ImageManager.data(for:)` returns.
public struct ImageDataResponse {
  /// The URL asked for.
  public let url: URL
  /// The encoded bytes, as the server sent them; never empty.
  public let bytes: [UInt8]
  /// The format and pixel size read from the bytes' header.
  public let header: ImageHeader
  /// Which tier answered.
  public let tier: CacheTier
  /// Served from disk past its freshness because revalidation failed on the network (offline first).
  public let isStale: Bool

  init(_ result: DataResult) {
    precondition(!result.bytesLeftOnDisk, "the pipeline reads bytes left on disk before answering")
    url = result.url
    bytes = result.bytes
    header = result.header
    tier = result.tier
    isStale = result.isStale
  }
}

/// The pipeline's own answer for one URL's bytes: the response, plus what later steps need (the bitmap a fetch
/// decoded, a failed store, bytes a revalidation left on disk).
struct DataResult {
  let url: URL
  let bytes: [UInt8]
  let header: ImageHeader
  let tier: CacheTier
  let isStale: Bool
  /// Present when this call had to decode the bytes to validate them (network fetches), so an image
  /// request does not decode twice.
  let decoded: ImageBitmap?
  /// Set when the bytes are good but could not be written to disk (for example the disk is full).
  let storeError: DiskCacheError?
  /// A revalidation a prefetch started confirmed the disk copy without reading it, or a prefetch's download went
  /// straight into its file: `bytes` is empty. A prefetch needs no bytes; `loadData` reads them for any other
  /// caller that joined.
  let bytesLeftOnDisk: Bool
  /// The size of the image: `bytes.count`, or of the file its bytes were left in.
  let byteCount: Int
  /// The expiry of the disk entry that holds these bytes (read, stored or refreshed by this load); nil when none
  /// does (`no-store`, `skipDiskTier`, a failed store) or it has no expiry.
  let storedExpiry: Date?

  init(
    url: URL, bytes: [UInt8], header: ImageHeader, tier: CacheTier, isStale: Bool, decoded: ImageBitmap?,
    storeError: DiskCacheError? = nil, bytesLeftOnDisk: Bool = false, byteCount: Int? = nil, storedExpiry: Date? = nil
  ) {
    self.url = url
    self.bytes = bytes
    self.header = header
    self.tier = tier
    self.isStale = isStale
    self.decoded = decoded
    self.storeError = storeError
    self.bytesLeftOnDisk = bytesLeftOnDisk
    self.byteCount = byteCount ?? bytes.count
    self.storedExpiry = storedExpiry
  }
}

extension CacheTier: Sendable {}
extension ImageResponse: Sendable {}
extension DataResult: Sendable {}
extension ImageDataResponse: Sendable {}
