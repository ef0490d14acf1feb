import Testing

@testable import ImageCache

@Suite struct FIFOTests {
  @Test func elementsLeaveInArrivalOrder() {
    var queue = FIFO<Int>()
    queue.append(contentsOf: [1, 2, 3])
    #expect(queue.popFirst() == 1)
    queue.append(contentsOf: [4])
    #expect([queue.popFirst(), queue.popFirst(), queue.popFirst()] == [2, 3, 4])
    #expect(queue.popFirst() == nil)
    #expect(queue.isEmpty)
  }

  @Test func removingOneKeepsTheOthersInOrder() {
    var queue = FIFO<Int>()
    queue.append(contentsOf: [1, 2, 3, 4])
    _ = queue.popFirst()
    // Already gone: not found again.
    #expect(queue.remove(where: { $0 == 1 }) == nil)
    #expect(queue.remove(where: { $0 == 3 }) == 3)
    #expect(queue.remove(where: { $0 == 9 }) == nil)
    #expect([queue.popFirst(), queue.popFirst()] == [2, 4])
    #expect(queue.isEmpty)
  }

  /// Long runs of appends and pops cross the point where the consumed prefix is dropped: order must survive it.
  @Test func orderSurvivesCompaction() {
    var queue = FIFO<Int>()
    var expected: [Int] = []
    var popped: [Int] = []
    var next = 0
    for round in 0..<300 {
      let batch = Array(next..<next + round % 7 + 1)
      next += batch.count
      queue.append(contentsOf: batch)
      expected += batch
      for _ in 0..<(round % 5) { if let value = queue.popFirst() { popped.append(value) } }
    }
    while let value = queue.popFirst() { popped.append(value) }
    #expect(popped == expected)
  }
}
