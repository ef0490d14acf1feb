/// A byte-budgeted cache that evicts the least recently used entries.
///
/// Eviction sorts by last use and drops the oldest until a quarter of the budget is free, so its cost is paid
/// rarely and the common paths (hit, insert under budget) stay O(1) without a linked list.
struct RecentlyUsedCache<Key: Hashable, Value> {
  private struct Entry {
    let value: Value
    let cost: Int
    var lastUse: UInt64
  }

  let byteBudget: Int
  private var entries: [Key: Entry] = [:]
  private var clock: UInt64 = 0
  private(set) var totalCost = 0

  init(byteBudget: Int) { self.byteBudget = byteBudget }

  var count: Int { entries.count }

  mutating func value(for key: Key) -> Value? {
    clock += 1
    entries[key]?.lastUse = clock
    return entries[key]?.value
  }

  mutating func insert(_ value: Value, for key: Key, cost: Int) {
    clock += 1
    if let old = entries.updateValue(Entry(value: value, cost: cost, lastUse: clock), forKey: key) {
      totalCost -= old.cost
    }
    totalCost += cost
    if totalCost > byteBudget { evict(downTo: byteBudget * 3 / 4) }
  }

  private mutating func evict(downTo target: Int) {
    // Unique clock values make the order total, so eviction is deterministic.
    for (key, entry) in entries.sorted(by: { $0.value.lastUse < $1.value.lastUse }) where totalCost > target {
      entries[key] = nil
      totalCost -= entry.cost
    }
  }
}
