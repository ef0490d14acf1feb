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
  @usableFromInline var newer: [Int] = []
  @usableFromInline var older: [Int] = []
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
    newer.removeAll()
    older.removeAll()
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
      cursor = older[cursor]
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
    newer.append(Self.none)
    older.append(Self.none)
    return keys.count - 1
  }

  @inlinable mutating func moveToNewest(_ index: Int) {
    guard newest != index else { return }
    unlink(index)
    linkAsNewest(index)
  }

  @inlinable mutating func linkAsNewest(_ index: Int) {
    older[index] = newest
    newer[index] = Self.none
    if newest != Self.none { newer[newest] = index }
    newest = index
    if oldest == Self.none { oldest = index }
  }

  @inlinable mutating func unlink(_ index: Int) {
    let newerIndex = newer[index]
    let olderIndex = older[index]
    if newerIndex != Self.none { older[newerIndex] = olderIndex } else { newest = olderIndex }
    if olderIndex != Self.none { newer[olderIndex] = newerIndex } else { oldest = newerIndex }
    newer[index] = Self.none
    older[index] = Self.none
  }
}
