import Synchronization

/// Pages and totals of closed windows of seconds, through the server's reading of `from` and `to`, each request
/// retried for passing failures and counted.
struct WindowFetcher: Sendable {
  let source: any PlayPageProviding
  let bounds: WindowBounds
  let retry: SyncRetry
  let tally: RequestTally

  /// The newest `limit` plays of `window`, and the server's total for it.
  func page(_ window: ClosedRange<Int>, number: Int = 1, limit: Int) async throws -> PlayPage {
    let (from, to) = bounds.parameters(window)
    tally.add()
    return try await retry.run { () async throws(PlaySourceError) in
      try await source.plays(from: from, to: to, page: number, limit: limit)
    }
  }

  /// The next page of a window being paged down from its cursor, and the plays in it not taken yet.
  func nextPlays(_ window: SyncWindow) async throws -> (
    page: PlayPage, plays: [(play: ArchivedPlay, seq: Int)], next: SyncWindow
  ) {
    let limit = ArchiveSync.pageLimit
    let number = window.pageNumber(limit: limit)
    let page = try await page(window.lo...window.cursor, number: number, limit: limit)
    let (plays, next) = window.newPlays(in: page.plays, pageNumber: number, limit: limit)
    return (page, plays, next)
  }

  /// How many plays the server counts in `window`: one play's page, for its `total`.
  func total(_ window: ClosedRange<Int>) async throws -> Int {
    try await page(window, limit: 1).total
  }

  /// Every play of `window`, newest first, each with its place among its second's plays: pages down by moving
  /// the window's top to the oldest second seen, as the sync's staging does.
  func allPlays(_ window: ClosedRange<Int>) async throws -> [(play: ArchivedPlay, seq: Int)] {
    var cursor = SyncWindow(lo: window.lowerBound, hi: window.upperBound)
    var plays: [(play: ArchivedPlay, seq: Int)] = []
    while cursor.cursor >= cursor.lo {
      let (_, taken, next) = try await nextPlays(cursor)
      guard !taken.isEmpty else { break }
      plays += taken
      cursor = next
    }
    return plays
  }
}

/// Requests sent by one sync, for its report.
final class RequestTally: Sendable {
  private let sent = Atomic<Int>(0)

  func add() { sent.add(1, ordering: .relaxed) }

  var count: Int { sent.load(ordering: .relaxed) }
}

/// Makes a window of the archive (or of the staged sync) hold what the server holds for it, by the totals: equal
/// counts are taken as equal contents; a window that differs is halved until each part that differs holds at most
/// `refetchLimit` plays on the server (or is one second), and those parts are fetched again whole and replace
/// theirs in one transaction each. Plays stamped late into the past and plays deleted since are both found so.
struct ArchiveReconciler {
  static let refetchLimit = 1000
  /// Rounds of checking the whole window: plays still arriving late while it is reconciled need another look.
  static let rounds = 3

  let store: ScrobbleStore
  let fetcher: WindowFetcher

  /// Plays fetched again.
  func reconcile(_ table: SyncLedger.Table, _ window: ClosedRange<Int>) async throws -> Int {
    var refetched = 0
    for _ in 0..<Self.rounds {
      let server = try await fetcher.total(window)
      let local = try store.read { try SyncLedger.count(table, window, $0) }
      guard server != local else { break }
      refetched += try await repair(table, window, serverTotal: server)
    }
    return refetched
  }

  private func repair(_ table: SyncLedger.Table, _ window: ClosedRange<Int>, serverTotal: Int) async throws -> Int {
    let local = try store.read { try SyncLedger.count(table, window, $0) }
    guard serverTotal != local else { return 0 }
    if serverTotal <= Self.refetchLimit || window.count == 1 {
      let plays = try await fetcher.allPlays(window)
      try store.write { try SyncLedger.replace(window, of: table, with: plays, $0) }
      return plays.count
    }
    let middle = window.lowerBound + (window.upperBound - window.lowerBound) / 2
    let halves = [window.lowerBound...middle, (middle + 1)...window.upperBound]
    var totals: [Int] = []
    for half in halves { totals.append(try await fetcher.total(half)) }
    // Halves that count far more than their whole: a server that ignores the bounds, which no halving ends.
    guard totals.reduce(0, +) <= serverTotal + max(100, serverTotal / 10) else {
      throw PlaySourceError(
        "the server's totals for time windows do not add up (\(totals.reduce(0, +)) in two halves of a window of "
          + "\(serverTotal)); it cannot be synced", isTransient: false)
    }
    var refetched = 0
    for (half, total) in zip(halves, totals) { refetched += try await repair(table, half, serverTotal: total) }
    return refetched
  }
}
