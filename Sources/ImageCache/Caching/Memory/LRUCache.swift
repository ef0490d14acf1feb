/// A least-recently-used map bounded by total cost and by entry count.
///
/// Entries live in a slot array threaded by an intrusive doubly linked list (indices, not references, so there is
/// no ARC traffic per link and freed slots are reused); a dictionary maps keys to slots. `value(forKey:)`,
/// `setValue(_:forKey:cost:)` and `removeValue(forKey:)` are O(1); each eviction is O(1).
struct LRUCache<Key: Hashable, Value> {
  fileprivate struct Slot {
    var key: Key
    var value: Value
    var cost: Int
    /// Towards the most recently used end.
    var newer: Int?
    /// Towards the least recently used end.
    var older: Int?
  }

  let costLimit: Int
  let countLimit: Int
  private(set) var totalCost = 0

  /// `nil` marks a free slot.
  private var slots: [Slot?] = []
  private var freeSlots: [Int] = []
  private var slotByKey: [Key: Int] = [:]
  private var newest: Int?
  private var oldest: Int?

  init(costLimit: Int, countLimit: Int) {
    precondition(costLimit >= 0 && countLimit >= 0, "limits must not be negative")
    self.costLimit = costLimit
    self.countLimit = countLimit
  }

  var count: Int { slotByKey.count }

  /// Returns the value and marks it most recently used.
  mutating func value(forKey key: Key) -> Value? {
    guard let index = slotByKey[key] else { return nil }
    moveToNewest(index)
    return slots[index]!.value
  }

  /// Returns the value without touching recency.
  func peekValue(forKey key: Key) -> Value? {
    slotByKey[key].map { slots[$0]!.value }
  }

  /// Inserts or replaces (a replacement counts as a use), then evicts least recently used entries until both
  /// limits hold. Returns the evicted keys, oldest first.
  @discardableResult
  mutating func setValue(_ value: Value, forKey key: Key, cost: Int) -> [Key] {
    precondition(cost >= 0, "cost must not be negative")
    if let index = slotByKey[key] {
      totalCost += cost - slots[index]!.cost
      slots[index]!.value = value
      slots[index]!.cost = cost
      moveToNewest(index)
    } else {
      let index = allocateSlot(Slot(key: key, value: value, cost: cost, newer: nil, older: nil))
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
    let slot = slots[index]!
    slots[index] = nil
    freeSlots.append(index)
    totalCost -= slot.cost
    return slot.value
  }

  mutating func removeAll() {
    slots.removeAll()
    freeSlots.removeAll()
    slotByKey.removeAll()
    newest = nil
    oldest = nil
    totalCost = 0
  }

  /// Keys from most to least recently used (walks the list; for inspection and tests).
  var keysByRecency: [Key] {
    var keys: [Key] = []
    keys.reserveCapacity(count)
    var cursor = newest
    while let index = cursor {
      keys.append(slots[index]!.key)
      cursor = slots[index]!.older
    }
    return keys
  }

  private mutating func evictToLimits() -> [Key] {
    var evicted: [Key] = []
    while totalCost > costLimit || count > countLimit, let index = oldest {
      let key = slots[index]!.key
      removeValue(forKey: key)
      evicted.append(key)
    }
    return evicted
  }

  private mutating func allocateSlot(_ slot: Slot) -> Int {
    if let index = freeSlots.popLast() {
      slots[index] = slot
      return index
    }
    slots.append(slot)
    return slots.count - 1
  }

  private mutating func moveToNewest(_ index: Int) {
    guard newest != index else { return }
    unlink(index)
    linkAsNewest(index)
  }

  private mutating func linkAsNewest(_ index: Int) {
    slots[index]!.older = newest
    slots[index]!.newer = nil
    if let previousNewest = newest { slots[previousNewest]!.newer = index }
    newest = index
    if oldest == nil { oldest = index }
  }

  private mutating func unlink(_ index: Int) {
    let newer = slots[index]!.newer
    let older = slots[index]!.older
    if let newer { slots[newer]!.older = older } else { newest = older }
    if let older { slots[older]!.newer = newer } else { oldest = newer }
    slots[index]!.newer = nil
    slots[index]!.older = nil
  }
}

extension LRUCache: Sendable where Key: Sendable, Value: Sendable {}
extension LRUCache.Slot: Sendable where Key: Sendable, Value: Sendable {}
