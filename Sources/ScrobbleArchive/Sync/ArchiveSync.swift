/// Brings a listener's archive up to date with the server's list of plays, with no duplicate and no gap however
/// long it takes, whatever arrives meanwhile and wherever it is killed.
///
/// - The window `lo...hi` is fixed when a sync starts: `hi` is the start time, `lo` the second after the newest
///   play kept (1 for an empty archive). Plays arriving meanwhile are newer than `hi` and do not shift pages.
/// - Pages go down by time, not by page number: each asks for `lo...cursor`, the cursor being the oldest second
///   staged so far, and skips that second's plays already staged. Late plays stamped inside the window cannot
///   shift a page either.
/// - Each page's rows and the cursor are written in one transaction into `sync_staging`: a sync killed at any
///   moment resumes at the first play it had not kept.
/// - The paged window is checked against the server's total for it; a window whose counts differ is halved until
///   the parts that differ are small, and those are fetched again whole (`ArchiveReconciler`). Then the staged
///   window replaces the same seconds of `scrobble` in one transaction.
/// - Last, the whole archive up to `hi` is checked the same way: plays stamped in the past after an earlier sync,
///   and plays deleted since, are found by the totals and fetched again where they differ.
public struct ArchiveSync: Sendable {
  public static let pageLimit = 200

  let store: ScrobbleStore
  let source: any PlayPageProviding
  let retry: SyncRetry

  public init(store: ScrobbleStore, source: any PlayPageProviding, retry: SyncRetry = SyncRetry()) {
    self.store = store
    self.source = source
    self.retry = retry
  }

  /// Syncs up to `now` (UTC seconds). `progress` is called after every page.
  public func run(now: Int, progress: @Sendable (SyncProgress) -> Void = { _ in }) async throws -> SyncReport {
    var report = SyncReport(countBefore: try store.count())
    let tally = RequestTally()
    guard let bounds = try await bounds(tally: tally) else {
      report.countAfter = report.countBefore
      report.requests = tally.count
      return report
    }
    let fetcher = WindowFetcher(source: source, bounds: bounds, retry: retry, tally: tally)
    // A sync left by a killed run is finished first; then one more, up to now, for what came since.
    var resumed = try store.read(SyncLedger.window)
    report.resumed = resumed != nil
    while true {
      let window = try resumed ?? newWindow(now: now)
      if let window {
        let expected = try await stage(window, fetcher: fetcher, report: &report, progress: progress)
        report.windowTotal += expected
        let reconciler = ArchiveReconciler(store: store, fetcher: fetcher)
        report.refetched += try await reconciler.reconcile(.staging, window.lo...window.hi)
        try store.write { try SyncLedger.commitStaged(window, $0) }
      }
      guard resumed != nil else { break }
      resumed = nil
    }
    let reconciler = ArchiveReconciler(store: store, fetcher: fetcher)
    report.refetched += try await reconciler.reconcile(.scrobble, 1...now)
    report.countAfter = try store.count()
    report.requests = tally.count
    return report
  }

  /// The window of a new sync, saved; nil when the archive already reaches `now`.
  private func newWindow(now: Int) throws -> SyncWindow? {
    try store.write { db -> SyncWindow? in
      let lo = (try SyncLedger.newestTime(db) ?? 0) + 1
      guard lo <= now else { return nil }
      let window = SyncWindow(lo: lo, hi: now)
      try SyncLedger.start(window, db)
      return window
    }
  }

  /// Pages `window` into staging from its cursor down; the server's total for the window as first seen. The next
  /// page is asked for while this one is written: it depends only on the cursor, known once a page is read, and
  /// the server's time and the archive's then overlap. Each page is still written whole with its cursor, in order,
  /// so a sync killed meanwhile resumes as before; a page fetched but not written is fetched again.
  private func stage(
    _ start: SyncWindow, fetcher: WindowFetcher, report: inout SyncReport, progress: (SyncProgress) -> Void
  ) async throws -> Int {
    var expected: Int?
    var staged = try store.read { try SyncLedger.count(.staging, start.lo...start.hi, $0) }
    guard start.cursor >= start.lo else { return staged }
    var fetched = try await fetcher.nextPlays(start)
    var window = start
    while true {
      let (page, plays, next) = fetched
      if expected == nil { expected = page.total + staged - window.cursorTaken }
      guard !plays.isEmpty else { break }
      window = next
      window.pages += 1
      let saved = window
      let hasNext = saved.cursor >= saved.lo
      async let following = hasNext ? fetcher.nextPlays(saved) : nil
      try store.write { db in
        try SyncLedger.insert(plays, into: .staging, db)
        try SyncLedger.save(saved, db)
      }
      staged += plays.count
      report.pages += 1
      report.added += plays.count
      progress(SyncProgress(pages: window.pages, staged: staged, expected: max(expected ?? 0, staged)))
      guard let after = try await following else { break }
      fetched = after
    }
    return expected ?? staged
  }

  /// How the server reads `from` and `to`: as the archive remembers it, or asked now and remembered. Nil when
  /// the listener has no plays at all.
  private func bounds(tally: RequestTally) async throws -> WindowBounds? {
    if let text = try store.read({ try SyncLedger.meta("bounds", $0) }), let bounds = WindowBounds(text: text) {
      return bounds
    }
    tally.add()
    let newest = try await retry.run { () async throws(PlaySourceError) in
      try await source.plays(from: nil, to: nil, page: 1, limit: Self.pageLimit)
    }
    guard !newest.plays.isEmpty else { return nil }
    guard let second = WindowBounds.probeSecond(in: newest) else {
      throw PlaySourceError(
        "cannot tell how the server reads from= and to=: its newest plays are all a second apart",
        isTransient: false)
    }
    let plays = newest.plays.count { $0.time == second }
    let bounds = try await WindowBounds.probe(second: second, plays: plays) { from, to in
      tally.add()
      return try await retry.run { () async throws(PlaySourceError) in
        try await source.plays(from: from, to: to, page: 1, limit: 1).total
      }
    }
    try store.write { try SyncLedger.setMeta("bounds", bounds.text, $0) }
    return bounds
  }
}

/// Where a sync stands, after each page.
public struct SyncProgress: Sendable, Equatable {
  public var pages: Int
  /// Plays staged in the window so far.
  public var staged: Int
  /// Plays the server counted in the window when it started.
  public var expected: Int
}

/// What a sync did.
public struct SyncReport: Sendable, Equatable {
  public var countBefore: Int
  public var countAfter = 0
  /// Pages written and plays staged in them.
  public var pages = 0
  public var added = 0
  /// The server's total for the new window when its paging began.
  public var windowTotal = 0
  /// Plays fetched again where a window's count differed from the server's.
  public var refetched = 0
  /// Requests sent, retries not counted.
  public var requests = 0
  /// A sync a killed run had left was finished.
  public var resumed = false

  init(countBefore: Int) { self.countBefore = countBefore }
}
