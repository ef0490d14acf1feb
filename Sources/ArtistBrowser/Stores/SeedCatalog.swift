import FoundationEssentials

extension InMemoryArtistsStore {
  /// A handful of artists with details, albums, tracks and similar artists: enough to walk every scene.
  static var seedCatalog: Catalog {
    var catalog = Catalog()
    let names: [(String, Int, Int)] = [
      ("Radiohead", 7_412_345, 1_034_567_890), ("Björk", 2_345_678, 234_567_890),
      ("Portishead", 1_987_654, 123_456_789), ("Massive Attack", 2_876_543, 198_765_432),
      ("Aphex Twin", 1_234_567, 187_654_321), ("Boards of Canada", 1_123_456, 134_567_890),
    ]
    catalog.chart = names.enumerated().map { index, entry in
      ArtistSummary(
        rank: index + 1, name: entry.0, listeners: entry.1, playCount: entry.2,
        imageURL: URL(string: "http://127.0.0.1/img/artist\(index + 1).png"))
    }
    catalog.details[key("Radiohead")] = ArtistDetails(
      name: "Radiohead", listeners: 7_412_345, playCount: 1_034_567_890, tags: ["alternative", "rock", "electronic"],
      bioSummary:
        "Radiohead are an English rock band formed in Abingdon in 1985. <a href=\"https://www.last.fm/music/Radiohead\">Read more on Last.fm</a>",
      imageURL: URL(string: "http://127.0.0.1/img/artist1.png"))
    catalog.albums[key("Radiohead")] = [
      AlbumSummary(
        rank: 1, name: "OK Computer", artist: "Radiohead", playCount: 98_765_432,
        imageURL: URL(string: "http://127.0.0.1/img/okc.png")),
      AlbumSummary(
        rank: 2, name: "In Rainbows", artist: "Radiohead", playCount: 76_543_210,
        imageURL: URL(string: "http://127.0.0.1/img/inr.png")),
    ]
    catalog.albumDetails[key("Radiohead", "OK Computer")] = AlbumDetails(
      name: "OK Computer", artist: "Radiohead", listeners: 3_456_789, playCount: 98_765_432,
      tracks: [
        TrackSummary(number: 1, name: "Airbag", duration: 284),
        TrackSummary(number: 2, name: "Paranoid Android", duration: 387),
        TrackSummary(number: 3, name: "Subterranean Homesick Alien", duration: 267),
      ],
      imageURL: URL(string: "http://127.0.0.1/img/okc.png"))
    catalog.similar[key("Radiohead")] = [
      SimilarArtist(name: "Thom Yorke", match: 1.0), SimilarArtist(name: "Portishead", match: 0.873),
      SimilarArtist(name: "Massive Attack", match: 0.61),
    ]
    return catalog
  }
}
