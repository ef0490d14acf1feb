/// First in, first out, with O(1) amortised `popFirst` (an array's `removeFirst` moves every element behind it).
struct FIFO<Element> {
  private var elements: [Element] = []
  private var head = 0

  var isEmpty: Bool { head == elements.count }

  mutating func append(contentsOf new: [Element]) { elements.append(contentsOf: new) }

  mutating func popFirst() -> Element? {
    guard head < elements.count else { return nil }
    let first = elements[head]
    head += 1
    // Drop the consumed prefix once it is most of the storage, so memory follows what is still queued.
    if head == elements.count {
      elements.removeAll(keepingCapacity: true)
      head = 0
    } else if head >= 64, head * 2 >= elements.count {
      elements.removeFirst(head)
      head = 0
    }
    return first
  }

  /// Removes and returns the first element matching `predicate`, keeping the others' order.
  mutating func remove(where predicate: (Element) -> Bool) -> Element? {
    guard let index = elements[head...].firstIndex(where: predicate) else { return nil }
    return elements.remove(at: index)
  }
}
