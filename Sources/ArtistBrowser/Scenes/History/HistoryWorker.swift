import FoundationEssentials
import ScrobbleArchive

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What the History pages read from a listener's archive, and the sync that fills it. Every question is one
/// range's indexed queries (a year's calendar, a range's chart), run off the main actor.
protocol HistoryWorking: Sendable {
  /// The year's plays on the local calendar, and the archive's first and last play; throws
  /// `HistoryArchiveError.missing` when the listener has no archive yet.
  func fetchYear(user: String, year: Int) async throws -> HistoryYear
  /// The `limit` most played albums and artists of `range`, its play count and the albums' covers.
  func fetchTop(user: String, range: ListeningRange, limit: Int) async throws -> HistoryTop
  /// Brings the archive up to date (creating it), calling `progress` after every page (a `.running` state);
  /// returns the `.finished` state.
  func sync(user: String, progress: @escaping @Sendable (History.SyncState) -> Void) async throws -> History.SyncState
}

struct HistoryYear: Sendable, Equatable {
  var year: Int
  var calendar: ListeningCalendar
  /// The first and last play's days; nil for an empty archive.
  var firstDay: LocalDate?
  var lastDay: LocalDate?
}

struct HistoryTop: Sendable, Equatable {
  var range: ListeningRange
  var plays: Int
  var albums: [ChartEntry]
  var artists: [ChartEntry]
  var covers: [AlbumKey: String]
}

/// Why the archive could not be read, in one line each.
enum HistoryArchiveError: Error, Equatable, CustomStringConvertible {
  /// No archive yet: the page offers to sync.
  case missing(folder: String)
  case badName(String)
  case notAFile(String)
  case unreadable(String)
  /// The browser was started without a catalog to sync from.
  case noSource

  var description: String {
    switch self {
    case .missing(let folder): "No archive of this listener in \(DisplayFormat.sanitized(folder)) yet."
    case .badName(let name): "\"\(DisplayFormat.clean(name, columns: 40))\" is not a Last.fm listener name."
    case .notAFile(let path): "\(DisplayFormat.sanitized(path)) is not a regular file; refusing to read it."
    case .unreadable(let reason): "Cannot read the archive: \(DisplayFormat.sanitized(reason))"
    case .noSource: "This catalog has no listeners to sync."
    }
  }
}

/// Where the archives are and how a sync reaches the catalog: built once by the environment.
struct HistoryServices: Sendable {
  var location: ArchiveLocation
  var zone = LocalZone.current
  /// The charts' colours, from the session's colour mode.
  var chartPalette = ChartPalette.shades
  /// The listener's plays a page at a time (`user.getRecentTracks`, never the metadata cache); nil: no sync.
  var playSource: (@Sendable (_ user: String) -> any PlayPageProviding)?
  /// Where the archive's covers are fetched from: a demo archive's from this session's demo server, if it runs one.
  var covers = ArchivedCoverAddress(demoOrigin: nil)
}

struct HistoryWorker: HistoryWorking {
  let services: HistoryServices

  func fetchYear(user: String, year: Int) async throws -> HistoryYear {
    try await reading(user: user) { statistics in
      let span = try statistics.span()
      return HistoryYear(
        year: year, calendar: try statistics.calendar(in: .year(year)),
        firstDay: span.map { services.zone.date(at: $0.lowerBound) },
        lastDay: span.map { services.zone.date(at: $0.upperBound) })
    }
  }

  func fetchTop(user: String, range: ListeningRange, limit: Int) async throws -> HistoryTop {
    try await reading(user: user) { statistics in
      let albums = try statistics.top(.album, in: range, limit: limit)
      return HistoryTop(
        range: range, plays: try statistics.playCount(in: range), albums: albums.entries,
        artists: try statistics.top(.artist, in: range, limit: limit).entries,
        covers: try statistics.covers(of: albums.entries).mapValues(services.covers.fetchAddress))
    }
  }

  func sync(user: String, progress: @escaping @Sendable (History.SyncState) -> Void) async throws -> History.SyncState {
    guard let makeSource = services.playSource else { throw HistoryArchiveError.noSource }
    let path = try path(user: user)
    await Task.detached {
      try? FileManager.default.createDirectory(
        atPath: services.location.folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    }.value
    let store = try Self.open(path, folder: services.location.folder, create: true)
    defer { store.close() }
    let report = try await ArchiveSync(store: store, source: makeSource(user)).run(now: Int(time(nil))) { step in
      progress(.running(pages: step.pages, staged: step.staged, expected: step.expected))
    }
    return .finished(count: report.countAfter, added: report.countAfter - report.countBefore)
  }

  /// Opens the archive on a detached task (SQLite blocks), asks, closes.
  private func reading<Value: Sendable>(
    user: String, _ body: @escaping @Sendable (ArchiveStatistics) throws -> Value
  ) async throws -> Value {
    let path = try path(user: user)
    let services = services
    return try await Task.detached {
      let store = try Self.open(path, folder: services.location.folder, create: false)
      defer { store.close() }
      return try body(ArchiveStatistics(store: store, zone: services.zone))
    }.value
  }

  private func path(user: String) throws -> String {
    guard let path = services.location.path(forUser: user) else { throw HistoryArchiveError.badName(user) }
    return path
  }

  /// Nothing in a data folder is trusted: a link, a pipe or a folder where the file should be is refused, and a
  /// missing file is created only by a sync.
  private static func open(_ path: String, folder: String, create: Bool) throws -> ScrobbleStore {
    var status = stat()
    if lstat(path, &status) == 0 {
      guard status.st_mode & S_IFMT == S_IFREG else { throw HistoryArchiveError.notAFile(path) }
    } else if !create {
      throw HistoryArchiveError.missing(folder: folder)
    }
    do {
      return try ScrobbleStore(path: path)
    } catch {
      throw HistoryArchiveError.unreadable("\(error)")
    }
  }
}
