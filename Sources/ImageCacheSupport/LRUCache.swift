/// A least-recently-used map bounded by total cost and by entry count.
///
/// Entries live in a slot array threaded by an intrusive doubly linked list (indices, not references, so there is
/// no ARC traffic per link and freed slots are reused); a dictionary maps keys to slots. `value(forKey:)`,
/// `setValue(_:forKey:cost:)` and `removeValue(forKey:)` are O(1); each eviction is O(1). The memory tier
/// (`ImageMemoryStore`) and the browser's painted pictures both keep theirs in one.
///
/// Not thread-safe on its own: its owner keeps it under a lock or on one actor. Everything is `@inlinable` so that
/// the memory tier's hit path is specialised for its key and value types across the module boundary.
public struct LRUCache<Key: Hashable, Value> {
  // Structure of arrays: the recency links are plain Ints beside the keys and values, so moving an entry to
  // the front touches no reference counts (a slot struct holding key and value would be copied on each hop).
  @usableFromInline static var none: Int { -1 }

  /// Entries are evicted, least recently used first, while their total cost is above this.
  public let costLimit: Int
  /// Entries are evicted, least recently used first, while there are more than this.
  public let countLimit: Int
  /// The sum of the entries' costs.
  @inlinable public var totalCost: Int { costTotal }

  @usableFromInline var costTotal = 0

  @usableFromInline var keys: [Key?] = []
  @usableFromInline var values: [Value?] = []
  @usableFromInline var costs: [Int] = []
  /// Each slot's neighbours in recency order.
  @usableFromInline var links: [Link] = []
  @usableFromInline var freeSlots: [Int] = []
  @usableFromInline var slotByKey: [Key: Int] = [:]
  @usableFromInline var newest = Self.none
  @usableFromInline var oldest = Self.none

  /// An empty cache with these limits (neither may be negative).
  @inlinable
  public init(costLimit: Int, countLimit: Int) {
    precondition(costLimit >= 0 && countLimit >= 0, "limits must not be negative")
    self.costLimit = costLimit
    self.countLimit = countLimit
  }

  /// The number of entries.
  @inlinable public var count: Int { slotByKey.count }

  /// The value, now the most recently used.
  @inlinable
  public mutating func value(forKey key: Key) -> Value? {
    guard let index = slotByKey[key] else { return nil }
    moveToNewest(index)
    return values[index]
  }

  /// The value without changing recency.
  @inlinable
  public func peekValue(forKey key: Key) -> Value? {
    slotByKey[key].flatMap { values[$0] }
  }

  /// Inserts or overwrites (an overwrite counts as a use), then evicts least recently used entries until both
  /// limits hold. Returns the evicted keys, oldest first.
  @inlinable @discardableResult
  public mutating func setValue(_ value: Value, forKey key: Key, cost: Int) -> [Key] {
    precondition(cost >= 0, "cost must not be negative")
    if let index = slotByKey[key] {
      costTotal += cost - costs[index]
      values[index] = value
      costs[index] = cost
      moveToNewest(index)
    } else {
      let index = allocateSlot(key: key, value: value, cost: cost)
      slotByKey[key] = index
      costTotal += cost
      linkAsNewest(index)
    }
    return evictToLimits()
  }

  /// Removes the entry; returns its value, if there was one.
  @inlinable @discardableResult
  public mutating func removeValue(forKey key: Key) -> Value? {
    guard let index = slotByKey.removeValue(forKey: key) else { return nil }
    unlink(index)
    let value = values[index]
    keys[index] = nil
    values[index] = nil
    costTotal -= costs[index]
    costs[index] = 0
    freeSlots.append(index)
    return value
  }

  /// Removes every entry.
  @inlinable
  public mutating func removeAll() {
    keys.removeAll()
    values.removeAll()
    costs.removeAll()
    links.removeAll()
    freeSlots.removeAll()
    slotByKey.removeAll()
    newest = Self.none
    oldest = Self.none
    costTotal = 0
  }

  /// Keys from most to least recently used.
  @inlinable public var keysByRecency: [Key] {
    var result: [Key] = []
    result.reserveCapacity(count)
    var cursor = newest
    while cursor != Self.none {
      result.append(keys[cursor]!)
      cursor = links[cursor].older
    }
    return result
  }

  @inlinable mutating func evictToLimits() -> [Key] {
    var evicted: [Key] = []
    while costTotal > costLimit || count > countLimit, oldest != Self.none {
      let key = keys[oldest]!
      removeValue(forKey: key)
      evicted.append(key)
    }
    return evicted
  }

  @inlinable mutating func allocateSlot(key: Key, value: Value, cost: Int) -> Int {
    if let index = freeSlots.popLast() {
      keys[index] = key
      values[index] = value
      costs[index] = cost
      return index
    }
    keys.append(key)
    values.append(value)
    costs.append(cost)
    links.append(Link(newer: Self.none, older: Self.none))
    return keys.count - 1
  }

  @inlinable mutating func moveToNewest(_ index: Int) {
    guard newest != index else { return }
    // A hit's whole relinking under one uniqueness check: the hot path of every memory hit.
    withLinks { links, ends in
      Self.unlink(index, in: links, ends: &ends)
      Self.linkAsNewest(index, in: links, ends: &ends)
    }
  }

  @inlinable mutating func linkAsNewest(_ index: Int) {
    withLinks { Self.linkAsNewest(index, in: $0, ends: &$1) }
  }

  @inlinable mutating func unlink(_ index: Int) {
    withLinks { Self.unlink(index, in: $0, ends: &$1) }
  }

  /// The links without a bounds check per access (every index is the list's own, in range) and the two ends,
  /// written back afterwards: `newest` and `oldest` cannot be reached through `self` while `links` is borrowed.
  @inlinable mutating func withLinks(_ body: (UnsafeMutablePointer<Link>, inout (newest: Int, oldest: Int)) -> Void) {
    var ends = (newest: newest, oldest: oldest)
    links.withUnsafeMutableBufferPointer { body($0.baseAddress!, &ends) }
    (newest, oldest) = ends
  }

  @inlinable static func linkAsNewest(
    _ index: Int, in links: UnsafeMutablePointer<Link>, ends: inout (newest: Int, oldest: Int)
  ) {
    links[index] = Link(newer: none, older: ends.newest)
    if ends.newest != none { links[ends.newest].newer = index }
    ends.newest = index
    if ends.oldest == none { ends.oldest = index }
  }

  @inlinable static func unlink(
    _ index: Int, in links: UnsafeMutablePointer<Link>, ends: inout (newest: Int, oldest: Int)
  ) {
    let link = links[index]
    if link.newer != none { links[link.newer].older = link.older } else { ends.newest = link.older }
    if link.older != none { links[link.older].newer = link.newer } else { ends.oldest = link.newer }
    links[index] = Link(newer: none, older: none)
  }

  /// A slot's neighbours: the next more recently used slot and the next less recently used one (`none` at the
  /// ends).
  @usableFromInline struct Link {
    @usableFromInline var newer: Int
    @usableFromInline var older: Int

    @inlinable init(newer: Int, older: Int) {
      self.newer = newer
      self.older = older
    }
  }
}
