import DequeModule

/// Submissions beyond the transfer limit, waiting for a slot: the highest priority first, in arrival order within
/// one priority. A submission whose priority changes while it waits goes to the back of its new priority's line, as
/// a newcomer at that priority would. Confined to the loop thread.
struct WaitingTransfers {
  private var lines = Array(repeating: Deque<CurlMultiLoop.Submission>(), count: ImageRequest.Priority.allCases.count)
  private(set) var count = 0

  var isEmpty: Bool { count == 0 }

  /// Queues `submission` at the priority it has now (its context's, when it has one).
  mutating func append(_ submission: CurlMultiLoop.Submission) {
    var submission = submission
    submission.priority = submission.context?.priority ?? submission.priority
    lines[submission.priority.rawValue].append(submission)
    count += 1
  }

  /// The next submission to start: the first of the highest non-empty line.
  mutating func popFirst() -> CurlMultiLoop.Submission? {
    for index in lines.indices.reversed() where !lines[index].isEmpty {
      count -= 1
      return lines[index].removeFirst()
    }
    return nil
  }

  mutating func remove(id: UInt64) -> CurlMultiLoop.Submission? {
    for line in lines.indices {
      if let index = lines[line].firstIndex(where: { $0.ticket.id == id }) {
        count -= 1
        return lines[line].remove(at: index)
      }
    }
    return nil
  }

  /// Moves the submission `id` to the line of its context's priority now, if it waits and that changed.
  mutating func reprioritize(id: UInt64) {
    for line in lines.indices {
      guard let index = lines[line].firstIndex(where: { $0.ticket.id == id }) else { continue }
      guard let priority = lines[line][index].context?.priority, priority.rawValue != line else { return }
      count -= 1
      append(lines[line].remove(at: index))
      return
    }
  }

  /// Empties the queue, highest priority first.
  mutating func removeAll() -> [CurlMultiLoop.Submission] {
    var all: [CurlMultiLoop.Submission] = []
    while let next = popFirst() { all.append(next) }
    return all
  }
}
