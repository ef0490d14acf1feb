import FoundationEssentials

/// What `imgcache warm <artist>` will fetch: album covers of an artist (and of its most similar artists),
/// each picture once, in the order the lists gave them.
public struct CoverPlan {
  public struct Cover {
    /// The album's artist as Last.fm spells it.
    public var artist: String
    public var album: String
    public var url: URL
    /// The album's play count in the list it came from (the artist's, a listener's, a tag's), where it gave one.
    public var playCount: Int?

    public init(artist: String, album: String, url: URL, playCount: Int? = nil) {
      self.artist = artist
      self.album = album
      self.url = url
      self.playCount = playCount
    }
  }

  /// The canonical name (after Last.fm's autocorrection) of the asked artist; the listener's or tag's name for
  /// their plans.
  public var artist: String
  /// The similar artists whose albums were included, most similar first.
  public var similarArtists: [String]
  /// Distinct cover URLs: the artist's albums first, then each similar artist's, each list in chart order.
  public var covers: [Cover]
  /// Albums skipped because Last.fm has no picture for them.
  public var albumsWithoutCover: Int

  public init(artist: String, similarArtists: [String], covers: [Cover], albumsWithoutCover: Int) {
    self.artist = artist
    self.similarArtists = similarArtists
    self.covers = covers
    self.albumsWithoutCover = albumsWithoutCover
  }
}

/// Works out which covers to warm the image cache with. Requests go one at a time, so a plan costs
/// 2 + 2 × similar requests at most (fewer when answers are fresh in the metadata cache).
public struct CoverPlanner {
  /// Last.fm's largest first page of `artist.getTopAlbums`: what "all albums" means here.
  public static let firstPageSize = 50

  let client: CachedLastFMClient

  public init(client: CachedLastFMClient) {
    self.client = client
  }

  /// Resolves `artist` (autocorrected; `.notFound` carries suggestions), then collects the covers of its top
  /// `albums` albums (nil: the whole first page) and of the top albums of its `similar` most similar artists.
  /// A similar artist Last.fm cannot find after all is left out rather than failing the plan.
  public func plan(artist: String, albums: Int?, similar: Int, size: ImageSet.Size, policy: CachePolicy)
    async throws(LastFMError) -> CoverPlan
  {
    let canonical = try await client.artistInfo(artist, policy: policy).finalResult().value.name
    let albumLimit = albums.map { max(0, $0) }
    var collector = CoverCollector(size: size)
    collector.add(try await topAlbums(of: canonical, limit: albumLimit, policy: policy), artist: canonical)

    var similarNames: [String] = []
    if similar > 0 {
      let neighbours = try await client.similarArtists(artist: canonical, limit: similar, policy: policy)
        .finalResult().value.prefix(similar)
      for neighbour in neighbours {
        do throws(LastFMError) {
          let albums = try await topAlbums(of: neighbour.name, limit: albumLimit, policy: policy)
          similarNames.append(neighbour.name)
          collector.add(albums, artist: neighbour.name)
        } catch .notFound {
          continue
        }
      }
    }
    return CoverPlan(
      artist: canonical, similarArtists: similarNames, covers: collector.covers,
      albumsWithoutCover: collector.withoutCover)
  }

  private func topAlbums(of artist: String, limit: Int?, policy: CachePolicy) async throws(LastFMError) -> [Album] {
    guard limit != 0 else { return [] }
    let page = try await client.topAlbums(
      artist: artist, page: 1, limit: limit ?? Self.firstPageSize, policy: policy
    ).finalResult().value
    // Last.fm sometimes returns more items than the limit asked for.
    return limit.map { Array(page.items.prefix($0)) } ?? page.items
  }
}

/// Keeps the first occurrence of each cover URL and counts albums without a picture.
struct CoverCollector {
  let size: ImageSet.Size
  var covers: [CoverPlan.Cover] = []
  var withoutCover = 0
  private var seen: Set<URL> = []

  init(size: ImageSet.Size) { self.size = size }

  mutating func add(_ albums: [Album], artist: String) {
    for album in albums {
      // The asked size, or the nearest one Last.fm has (see `ImageSet.url(for:)`).
      guard let url = album.images.url(for: size) else {
        withoutCover += 1
        continue
      }
      if seen.insert(url).inserted {
        covers.append(
          CoverPlan.Cover(
            artist: album.artist.isEmpty ? artist : album.artist, album: album.name, url: url,
            playCount: album.playcount))
      }
    }
  }
}

extension CoverPlan: Sendable, Equatable {}
extension CoverPlan.Cover: Sendable, Equatable {}
extension CoverPlanner: Sendable {}
