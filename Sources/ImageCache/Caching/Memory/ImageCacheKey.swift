/// A memory-tier key: the cache key string with its hash worked out once.
///
/// A table cell asks for the same image many times; hashing a 60-byte URL string on every lookup costs a third of a
/// memory hit. Holding an `ImageCacheKey` pays that once. Equality still compares the strings, so two different
/// URLs whose hashes collide stay two entries.
public struct ImageCacheKey: Hashable, Sendable {
  /// The cache key string (`ImageManager.cacheKey(for:)`).
  public let string: String
  private let hash: Int

  /// The key for `string`, hashed once here.
  public init(_ string: String) {
    self.string = string
    // Swift's per-process seeded hash: the key strings come from the network, so a predictable hash would let a
    // server line every entry up in one bucket.
    self.hash = string.hashValue
  }

  /// A key with a chosen hash, so tests can make two different URLs collide.
  init(_ string: String, hash: Int) {
    self.string = string
    self.hash = hash
  }

  public static func == (lhs: ImageCacheKey, rhs: ImageCacheKey) -> Bool {
    lhs.hash == rhs.hash && lhs.string == rhs.string
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(hash)
  }

  // Dictionary asks for this, not `hash(into:)`; the default would run SipHash again over the stored hash. The
  // stored hash is already seeded per process; mixing in the table's seed keeps tables' layouts apart.
  public func _rawHashValue(seed: Int) -> Int {
    hash ^ seed
  }
}

extension ImageCacheKey: CustomStringConvertible {
  public var description: String { string }
}
