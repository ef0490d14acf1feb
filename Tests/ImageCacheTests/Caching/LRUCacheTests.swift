import ImageCacheSupport
import Testing

@testable import ImageCache

@Suite struct LRUCacheTests {
  @Test func countLimitEvictsLeastRecentlyUsed() {
    var cache = LRUCache<String, Int>(costLimit: 100, countLimit: 3)
    for key in ["a", "b", "c"] { cache.setValue(0, forKey: key, cost: 1) }

    let evicted = cache.setValue(0, forKey: "d", cost: 1)

    #expect(evicted == ["a"])
    #expect(cache.keysByRecency == ["d", "c", "b"])
  }

  @Test func costLimitEvictsAsManyAsNeededOldestFirst() {
    // Given 4 entries costing 25 each in a cache limited to 100
    var cache = LRUCache<String, Int>(costLimit: 100, countLimit: 10)
    for key in ["a", "b", "c", "d"] { cache.setValue(0, forKey: key, cost: 25) }

    // When one costing 45 arrives
    let evicted = cache.setValue(0, forKey: "e", cost: 45)

    // Then the two oldest go (one would leave 120 > 100)
    #expect(evicted == ["a", "b"])
    #expect(cache.keysByRecency == ["e", "d", "c"])
    #expect(cache.totalCost == 95)
  }

  @Test func readMovesEntryToMostRecent() {
    var cache = LRUCache<String, Int>(costLimit: 100, countLimit: 3)
    for (value, key) in ["a", "b", "c"].enumerated() { cache.setValue(value, forKey: key, cost: 1) }

    #expect(cache.value(forKey: "a") == 0)
    cache.setValue(3, forKey: "d", cost: 1)

    #expect(cache.keysByRecency == ["d", "a", "c"])
  }

  @Test func peekDoesNotChangeOrder() {
    var cache = LRUCache<String, Int>(costLimit: 100, countLimit: 3)
    for key in ["a", "b", "c"] { cache.setValue(0, forKey: key, cost: 1) }

    #expect(cache.peekValue(forKey: "a") == 0)

    #expect(cache.keysByRecency == ["c", "b", "a"])
  }

  @Test func overwriteUpdatesValueCostAndRecency() {
    var cache = LRUCache<String, Int>(costLimit: 100, countLimit: 3)
    for key in ["a", "b", "c"] { cache.setValue(0, forKey: key, cost: 10) }

    cache.setValue(7, forKey: "a", cost: 30)

    #expect(cache.keysByRecency == ["a", "c", "b"])
    #expect(cache.totalCost == 50)
    #expect(cache.count == 3)
    #expect(cache.peekValue(forKey: "a") == 7)
  }

  @Test func removeUnlinksFromAnyPositionAndSlotsAreReused() {
    var cache = LRUCache<String, Int>(costLimit: 100, countLimit: 10)
    for key in ["a", "b", "c", "d"] { cache.setValue(0, forKey: key, cost: 5) }

    #expect(cache.removeValue(forKey: "b") == 0)
    #expect(cache.removeValue(forKey: "d") == 0)
    #expect(cache.removeValue(forKey: "missing") == nil)
    cache.setValue(1, forKey: "e", cost: 5)
    cache.setValue(2, forKey: "f", cost: 5)

    #expect(cache.keysByRecency == ["f", "e", "c", "a"])
    #expect(cache.totalCost == 20)
  }

  @Test func removeAllEmptiesAndStaysUsable() {
    var cache = LRUCache<String, Int>(costLimit: 100, countLimit: 10)
    for key in ["a", "b"] { cache.setValue(0, forKey: key, cost: 5) }

    cache.removeAll()
    cache.setValue(1, forKey: "c", cost: 5)

    #expect(cache.keysByRecency == ["c"])
    #expect(cache.totalCost == 5)
  }

  @Test func singleEntryOverCostLimitEvictsItself() {
    var cache = LRUCache<String, Int>(costLimit: 10, countLimit: 10)
    cache.setValue(0, forKey: "a", cost: 5)

    let evicted = cache.setValue(0, forKey: "big", cost: 20)

    #expect(evicted == ["a", "big"])
    #expect(cache.count == 0)
    #expect(cache.totalCost == 0)
  }
}
