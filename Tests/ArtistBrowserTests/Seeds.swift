import Foundation

@testable import ArtistBrowser

/// Test data shared by the scene tests.
enum Seeds {
  static let cherURL = URL(string: "http://127.0.0.1/img/cher.png")!
  static let cher = ArtistSummary(
    rank: 1, name: "Cher", listeners: 1_234_567, playCount: 98_765_432, imageURL: cherURL)
  static let abba = ArtistSummary(rank: 2, name: "abba", listeners: 12_345, playCount: 987)
  static let bjork = ArtistSummary(rank: 3, name: "Björk", listeners: 987, playCount: 12)

  /// `count` artists named "Artist 1"…, listeners decreasing, each with its own image URL.
  static func chart(_ count: Int, startingAt first: Int = 1) -> [ArtistSummary] {
    (first..<(first + count)).map { rank in
      ArtistSummary(
        rank: rank, name: "Artist \(rank)", listeners: 1_000_000 - rank,
        imageURL: URL(string: "http://127.0.0.1/img/a\(rank).png"))
    }
  }

  static let cherDetails = ArtistDetails(
    name: "Cher", listeners: 1_234_567, playCount: 45_678_901, tags: ["pop", "dance", "80s"],
    bioSummary: "Cher is an American singer.\n <a href=\"https://www.last.fm/music/Cher\">Read more on Last.fm</a>",
    imageURL: cherURL)

  static let believe = AlbumSummary(
    rank: 1, name: "Believe", artist: "Cher", playCount: 2_345_678,
    imageURL: URL(string: "http://127.0.0.1/img/believe.png"))
  static let closer = AlbumSummary(rank: 2, name: "Closer to the Truth", artist: "Cher", playCount: 456)

  static let believeDetails = AlbumDetails(
    name: "Believe", artist: "Cher", listeners: 456_789, playCount: 2_345_678,
    tracks: [
      TrackSummary(number: 1, name: "Believe", duration: 225),
      TrackSummary(number: 2, name: "The Power", duration: 3723),
      TrackSummary(number: 3, name: "Runaway", duration: nil),
    ])

  static let similarToCher = [
    SimilarArtist(name: "Madonna", match: 0.873), SimilarArtist(name: "Kylie Minogue", match: 1.0),
    SimilarArtist(name: "Dusty Springfield", match: 0.004),
  ]

  /// A store holding the seeds above.
  static func store(chart: [ArtistSummary] = [cher, abba, bjork], source: DataSource = .lastFM)
    -> InMemoryArtistsStore
  {
    var catalog = InMemoryArtistsStore.Catalog()
    catalog.chart = chart
    catalog.source = source
    catalog.details[InMemoryArtistsStore.key("Cher")] = cherDetails
    catalog.albums[InMemoryArtistsStore.key("Cher")] = [believe, closer]
    catalog.albumDetails[InMemoryArtistsStore.key("Cher", "Believe")] = believeDetails
    catalog.similar[InMemoryArtistsStore.key("Cher")] = similarToCher
    return InMemoryArtistsStore(catalog: catalog)
  }
}
