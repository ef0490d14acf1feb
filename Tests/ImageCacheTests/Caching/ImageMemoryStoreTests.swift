import Testing

@testable import ImageCache

@Suite struct ImageMemoryStoreTests {
  /// A `side`×`side` RGBA bitmap filled with `seed`: costs side² × 4 bytes.
  static func bitmap(side: Int, seed: UInt8 = 0) -> ImageBitmap {
    ImageBitmap(width: side, height: side, pixels: [UInt8](repeating: seed, count: side * side * 4))
  }

  @Test func evictsLeastRecentlyUsedByCount() {
    let store = ImageMemoryStore(costLimit: 1 << 20, countLimit: 3)
    for key in ["a", "b", "c", "d"] { store.setImage(Self.bitmap(side: 2), forKey: key) }

    #expect(store.keysByRecency == ["d", "c", "b"])
    #expect(store.statistics.count == 3)
  }

  @Test func evictsLeastRecentlyUsedByCost() {
    // Given a 1000-byte limit and 100-byte images (5×5×4), the largest allowed
    let store = ImageMemoryStore(costLimit: 1000, countLimit: 100)
    for index in 0..<10 { store.setImage(Self.bitmap(side: 5), forKey: "k\(index)") }
    #expect(store.statistics.totalCost == 1000)

    // When an 11th arrives
    store.setImage(Self.bitmap(side: 5), forKey: "k10")

    // Then exactly the oldest went
    #expect(!store.contains("k0"))
    #expect(store.keysByRecency == (1...10).reversed().map { "k\($0)" })
    #expect(store.statistics.totalCost == 1000)
  }

  @Test func readRefreshesRecency() {
    let store = ImageMemoryStore(costLimit: 1 << 20, countLimit: 3)
    for key in ["a", "b", "c"] { store.setImage(Self.bitmap(side: 2), forKey: key) }

    _ = store.image(forKey: "a")
    store.setImage(Self.bitmap(side: 2), forKey: "d")

    #expect(store.keysByRecency == ["d", "a", "c"])
  }

  @Test func overwriteCountsAsUse() {
    let store = ImageMemoryStore(costLimit: 1 << 20, countLimit: 3)
    for key in ["a", "b", "c"] { store.setImage(Self.bitmap(side: 2), forKey: key) }

    store.setImage(Self.bitmap(side: 3, seed: 9), forKey: "a")
    store.setImage(Self.bitmap(side: 2), forKey: "d")

    #expect(store.keysByRecency == ["d", "a", "c"])
    #expect(store.image(forKey: "a") == Self.bitmap(side: 3, seed: 9))
    #expect(store.statistics.totalCost == 36 + 16 + 16)
  }

  @Test func entryAboveATenthOfTheLimitIsRefusedAndDropsTheOldValue() {
    // Given a 1000-byte limit: 100 bytes is the most one image may cost
    let store = ImageMemoryStore(costLimit: 1000, countLimit: 100)
    store.setImage(Self.bitmap(side: 5), forKey: "a")
    store.setImage(Self.bitmap(side: 5), forKey: "b")

    // When "a" is replaced by a 6×6 (144-byte) image
    store.setImage(Self.bitmap(side: 6), forKey: "a")

    // Then neither the new nor the old "a" is kept; "b" is untouched
    #expect(store.keysByRecency == ["b"])
    #expect(store.statistics.totalCost == 100)
  }

  @Test func countsHitsAndMisses() {
    let store = ImageMemoryStore()
    store.setImage(Self.bitmap(side: 1), forKey: "a")

    _ = store.image(forKey: "a")
    _ = store.image(forKey: "a")
    _ = store.image(forKey: "missing")
    _ = store.contains("a")

    let statistics = store.statistics
    #expect(statistics.hits == 2)
    #expect(statistics.misses == 1)
    #expect(
      statistics
        == MemoryCacheStatistics(count: 1, totalCost: 4, costLimit: 128 << 20, countLimit: 2000, hits: 2, misses: 1))
  }

  @Test func removeAndRemoveAll() {
    let store = ImageMemoryStore()
    for key in ["a", "b", "c"] { store.setImage(Self.bitmap(side: 1), forKey: key) }

    store.removeImage(forKey: "b")
    #expect(store.keysByRecency == ["c", "a"])

    store.removeAll()
    #expect(store.keysByRecency.isEmpty)
    #expect(store.statistics.totalCost == 0)
  }

  @Test func concurrentUseKeepsCountsConsistent() async {
    // Given many tasks hammering 40 keys in a cache holding 25
    let store = ImageMemoryStore(costLimit: 1 << 20, countLimit: 25)
    let taskCount = 32
    let operationsPerTask = 200

    await withTaskGroup(of: Void.self) { group in
      for task in 0..<taskCount {
        group.addTask {
          for step in 0..<operationsPerTask {
            let key = "k\((task * 7 + step) % 40)"
            if step % 3 == 0 {
              store.setImage(Self.bitmap(side: 2, seed: UInt8(task)), forKey: key)
            } else if step % 17 == 0 {
              store.removeImage(forKey: key)
            } else {
              _ = store.image(forKey: key)
            }
          }
        }
      }
    }

    // Then every lookup was counted once, and the totals agree with what is kept
    let lookups = (0..<operationsPerTask).filter { $0 % 3 != 0 && $0 % 17 != 0 }.count * taskCount
    let statistics = store.statistics
    #expect(statistics.hits + statistics.misses == lookups)
    #expect(statistics.count <= 25)
    #expect(statistics.count == store.keysByRecency.count)
    #expect(statistics.totalCost == statistics.count * 16)
  }
}
