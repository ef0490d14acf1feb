/// A least-recently-used map bounded by total cost and by entry count.
///
/// Entries live in a slot array threaded by an intrusive doubly linked list (indices, not references, so there is
/// no ARC traffic per link and freed slots are reused); a dictionary maps keys to slots. `value(forKey:)`,
/// `setValue(_:forKey:cost:)` and `removeValue(forKey:)` are O(1); each eviction is O(1).
struct LRUCache<Key: Hashable, Value> {
  // Structure of arrays: the recency links are plain Ints beside the keys and values, so moving an entry to
  // the front touches no reference counts (a slot struct holding key and value would be copied on each hop).
  private static var none: Int { -1 }

  let costLimit: Int
  let countLimit: Int
  private(set) var totalCost = 0

  private var keys: [Key?] = []
  private var values: [Value?] = []
  private var costs: [Int] = []
  private var newer: [Int] = []
  private var older: [Int] = []
  private var freeSlots: [Int] = []
  private var slotByKey: [Key: Int] = [:]
  private var newest = LRUCache.none
  private var oldest = LRUCache.none

  init(costLimit: Int, countLimit: Int) {
    precondition(costLimit >= 0 && countLimit >= 0, "limits must not be negative")
    self.costLimit = costLimit
    self.countLimit = countLimit
  }

  var count: Int { slotByKey.count }

  /// The value, now the most recently used.
  mutating func value(forKey key: Key) -> Value? {
    guard let index = slotByKey[key] else { return nil }
    moveToNewest(index)
    return values[index]
  }

  /// The value without changing recency.
  func peekValue(forKey key: Key) -> Value? {
    slotByKey[key].flatMap { values[$0] }
  }

  /// Inserts or overwrites (an overwrite counts as a use), then evicts least recently used entries until both
  /// limits hold. Returns the evicted keys, oldest first.
  @discardableResult
  mutating func setValue(_ value: Value, forKey key: Key, cost: Int) -> [Key] {
    precondition(cost >= 0, "cost must not be negative")
    if let index = slotByKey[key] {
      totalCost += cost - costs[index]
      values[index] = value
      costs[index] = cost
      moveToNewest(index)
    } else {
      let index = allocateSlot(key: key, value: value, cost: cost)
      slotByKey[key] = index
      totalCost += cost
      linkAsNewest(index)
    }
    return evictToLimits()
  }

  @discardableResult
  mutating func removeValue(forKey key: Key) -> Value? {
    guard let index = slotByKey.removeValue(forKey: key) else { return nil }
    unlink(index)
    let value = values[index]
    keys[index] = nil
    values[index] = nil
    totalCost -= costs[index]
    costs[index] = 0
    freeSlots.append(index)
    return value
  }

  mutating func removeAll() {
    keys.removeAll()
    values.removeAll()
    costs.removeAll()
    newer.removeAll()
    older.removeAll()
    freeSlots.removeAll()
    slotByKey.removeAll()
    newest = Self.none
    oldest = Self.none
    totalCost = 0
  }

  /// Keys from most to least recently used.
  var keysByRecency: [Key] {
    var result: [Key] = []
    result.reserveCapacity(count)
    var cursor = newest
    while cursor != Self.none {
      result.append(keys[cursor]!)
      cursor = older[cursor]
    }
    return result
  }

  private mutating func evictToLimits() -> [Key] {
    var evicted: [Key] = []
    while totalCost > costLimit || count > countLimit, oldest != Self.none {
      let key = keys[oldest]!
      removeValue(forKey: key)
      evicted.append(key)
    }
    return evicted
  }

  private mutating func allocateSlot(key: Key, value: Value, cost: Int) -> Int {
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

  private mutating func moveToNewest(_ index: Int) {
    guard newest != index else { return }
    unlink(index)
    linkAsNewest(index)
  }

  private mutating func linkAsNewest(_ index: Int) {
    older[index] = newest
    newer[index] = Self.none
    if newest != Self.none { newer[newest] = index }
    newest = index
    if oldest == Self.none { oldest = index }
  }

  private mutating func unlink(_ index: Int) {
    let newerIndex = newer[index]
    let olderIndex = older[index]
    if newerIndex != Self.none { older[newerIndex] = olderIndex } else { newest = olderIndex }
    if olderIndex != Self.none { newer[olderIndex] = newerIndex } else { oldest = newerIndex }
    newer[index] = Self.none
    older[index] = Self.none
  }
}
