import FoundationEssentials
import ImageCache
import LastFM
import ScrobbleArchive
import TerminalUI
import ToolOptions

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A listener's top albums of a range of days (`--user NAME --year 2019`), for `collage` and `warm`: counted in
/// their archive, or, when they have none, in that window's scrobbles fetched from `user.getRecentTracks` (paced
/// like the sync) and counted in memory.
struct RangeCovers {
  var user: String
  var range: ListeningRange
  var archive: ArchiveOptions

  /// The covers, most played first, and the line for stderr. `source` is left running: the demo catalog serves the
  /// covers of a demo archive too, so the caller stops it once they are fetched.
  struct Planned {
    var covers: [CoverPlan.Cover]
    var note: String
    var source: CatalogSource
  }

  /// How many scrobbles a page of `user.getRecentTracks` holds at most.
  static let pageSize = 200

  func plan(albums: Int, lastFM: LastFMOptions, transport: any DataLoading) async throws -> Planned {
    let store = try ArchiveOpening.openIfPresent(user: user, options: archive)
    let source = try await lastFM.settings.source()
    do {
      let counted: (covers: [CoverPlan.Cover], withoutCover: Int, origin: String)
      if let store {
        defer { store.close() }
        counted = try fromArchive(
          store, albums: albums, addresses: ArchivedCoverAddress(demoOrigin: source.demoOrigin))
      } else {
        counted = try await fromAPI(source: source, albums: albums, transport: transport)
      }
      let missing = counted.withoutCover > 0 ? " (\(counted.withoutCover) albums have no cover)" : ""
      let note =
        "\(TerminalText.sanitize(user))'s top albums (\(range.label)): \(counted.covers.count) covers\(missing), "
        + counted.origin
      return Planned(covers: counted.covers, note: note, source: source)
    } catch {
      await source.shutdown()
      throw error
    }
  }

  /// A demo archive's covers are asked of this run's demo server (`addresses`): the sync's is gone.
  private func fromArchive(_ store: ScrobbleStore, albums: Int, addresses: ArchivedCoverAddress) throws -> (
    covers: [CoverPlan.Cover], withoutCover: Int, origin: String
  ) {
    let statistics = ArchiveStatistics(store: store)
    do {
      let chart = try statistics.top(.album, in: range, limit: albums)
      let stored = try statistics.covers(of: chart.entries).mapValues(addresses.fetchAddress)
      var covers: [CoverPlan.Cover] = []
      var withoutCover = 0
      for entry in chart.entries {
        guard let album = entry.album else { continue }
        guard let url = stored[AlbumKey(artist: entry.artist, album: album)].flatMap(Self.coverURL) else {
          withoutCover += 1
          continue
        }
        covers.append(CoverPlan.Cover(artist: entry.artist, album: album, url: url, playCount: entry.plays))
      }
      return (covers, withoutCover, "from the archive \(TerminalText.sanitize(store.path))")
    } catch {
      throw CommandFailure("cannot read the archive \(TerminalText.sanitize(store.path)): \(error)")
    }
  }

  private func fromAPI(source: CatalogSource, albums: Int, transport: any DataLoading) async throws -> (
    covers: [CoverPlan.Cover], withoutCover: Int, origin: String
  ) {
    let interval = range.interval(in: .current)
    let from = interval.lowerBound == Int64.min ? nil : Int(interval.lowerBound)
    let to = interval.upperBound == Int64.max ? nil : Int(interval.upperBound - 1)
    let plays = LastFMPlaySource(
      client: LastFMClient(configuration: source.configuration, loader: transport), user: user,
      serviceName: source.serviceName)
    var counts = AlbumCounts()
    var page = 1
    var pages = 1
    while page <= pages {
      let answer: PlayPage
      do {
        answer = try await plays.plays(from: from, to: to, page: page, limit: Self.pageSize)
      } catch {
        throw CommandFailure(error.description)
      }
      if answer.plays.isEmpty { break }
      for play in answer.plays { counts.add(play) }
      pages = (answer.total + Self.pageSize - 1) / Self.pageSize
      page += 1
    }
    let ranked = counts.ranked().prefix(albums)
    let covers = ranked.compactMap { album in
      album.cover.flatMap(Self.coverURL).map {
        CoverPlan.Cover(artist: album.artist, album: album.album, url: $0, playCount: album.plays)
      }
    }
    let name = TerminalText.sanitize(user)
    let origin =
      "counted in \(counts.plays) scrobbles of that window fetched from the API (\(source.label)), as there is no "
      + "archive of \(name): `imgcache history sync \(name)` keeps one"
    return (covers, ranked.count - covers.count, origin)
  }

  /// A stored or served cover address, if it is http(s): nothing in an archive is trusted.
  static func coverURL(_ text: String) -> URL? {
    guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https"
    else { return nil }
    return url
  }
}

/// Albums' plays counted from scrobbles, for a window fetched from the API: the newest cover seen for each.
struct AlbumCounts {
  struct Album: Equatable {
    var artist: String
    var album: String
    var plays: Int
    var cover: String?
  }

  private var albums: [String: Album] = [:]
  private(set) var plays = 0

  mutating func add(_ play: ArchivedPlay) {
    plays += 1
    // Plays without an album count towards none, as in the archive's charts.
    guard !play.album.isEmpty else { return }
    let key = play.artist + "\u{0}" + play.album
    albums[key, default: Album(artist: play.artist, album: play.album, plays: 0, cover: nil)].plays += 1
    if albums[key]!.cover == nil, let cover = play.cover, !cover.isEmpty { albums[key]!.cover = cover }
  }

  /// Most plays first, ties by artist then album: the archive's order.
  func ranked() -> [Album] {
    albums.values.sorted {
      ($0.plays, $1.artist, $1.album) > ($1.plays, $0.artist, $0.album)
    }
  }
}
