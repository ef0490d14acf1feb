/// The memory tier: decoded images, bounded by cost (pixel bytes) and count, least recently used evicted first.
public protocol ImageCaching: AnyObject, Sendable {
  /// Counts a hit or a miss; a hit refreshes recency.
  func image(forKey key: ImageCacheKey) -> ImageBitmap?
  /// Overwriting counts as a use. An image costing more than a tenth of the cost limit is not kept.
  func setImage(_ image: ImageBitmap, forKey key: ImageCacheKey)
  /// Removes the image for `key`, if any.
  func removeImage(forKey key: ImageCacheKey)
  /// Removes every image.
  func removeAll()
  /// Entry count, cost, limits and hit and miss counts.
  var statistics: MemoryCacheStatistics { get }
}

/// String keys for callers that look an image up once; a caller that asks again should keep an `ImageCacheKey`.
extension ImageCaching {
  /// `image(forKey:)` with a string key.
  public func image(forKey key: String) -> ImageBitmap? { image(forKey: ImageCacheKey(key)) }
  /// `setImage(_:forKey:)` with a string key.
  public func setImage(_ image: ImageBitmap, forKey key: String) { setImage(image, forKey: ImageCacheKey(key)) }
  /// `removeImage(forKey:)` with a string key.
  public func removeImage(forKey key: String) { removeImage(forKey: ImageCacheKey(key)) }
}

/// The memory tier's size and use.
public struct MemoryCacheStatistics: Equatable {
  /// The number of images kept.
  public var count: Int
  /// Their total cost: pixel bytes.
  public var totalCost: Int
  /// The cost the tier evicts down to.
  public var costLimit: Int
  /// The number of images the tier evicts down to.
  public var countLimit: Int
  /// Lookups that found an image.
  public var hits: Int
  /// Lookups that found none.
  public var misses: Int

  /// Statistics with the given figures.
  public init(count: Int, totalCost: Int, costLimit: Int, countLimit: Int, hits: Int, misses: Int) {
    self.count = count
    self.totalCost = totalCost
    self.costLimit = costLimit
    self.countLimit = countLimit
    self.hits = hits
    self.misses = misses
  }
}

extension MemoryCacheStatistics: Sendable {}
