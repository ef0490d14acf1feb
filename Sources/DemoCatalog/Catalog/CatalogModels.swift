/// One fictional artist, with everything the Last.fm methods the demo server answers need.
public struct DemoArtist: Equatable {
  public let name: String
  public let mbid: String
  public let listeners: Int
  public let playcount: Int
  /// 2–5 tags, most relevant first.
  public let tags: [String]
  public let bio: DemoText
  /// Ordered by play count, highest first (the order `artist.getTopAlbums` returns).
  public let albums: [DemoAlbum]
  /// Ordered by match, best first.
  public internal(set) var similar: [DemoSimilarArtist]
}

/// A wiki text as Last.fm returns it: a short summary and the full content, both ending in the "Read more" link.
public struct DemoText: Equatable {
  public let published: String
  public let summary: String
  public let content: String
}

public struct DemoAlbum: Equatable {
  public let name: String
  public let artistName: String
  public let mbid: String
  public let listeners: Int
  public let playcount: Int
  public let tags: [String]
  public let wiki: DemoText
  /// In album order (rank 1 first).
  public let tracks: [DemoTrack]
  /// The 32 hex digits naming this album's cover files, as in `/i/u/174s/<coverID>.png`.
  public let coverID: String
}

public struct DemoTrack: Equatable {
  public let name: String
  public let mbid: String
  public let durationSeconds: Int
  public let listeners: Int
  public let playcount: Int
}

public struct DemoSimilarArtist: Equatable {
  public let name: String
  /// In 0…1; mostly from shared tags, so it is roughly symmetric.
  public let match: Double
}

extension DemoArtist: Sendable {}
extension DemoText: Sendable {}
extension DemoAlbum: Sendable {}
extension DemoTrack: Sendable {}
extension DemoSimilarArtist: Sendable {}
