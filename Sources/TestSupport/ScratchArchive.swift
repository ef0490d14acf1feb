import Foundation
import ImageCacheSupport
import ScrobbleArchive

/// A listener's archive in a folder of its own under the temporary folder, filled by the test with plain INSERTs
/// and the counts recounted as a sync does (the sync's layout, without the sync), removed by `remove()`.
public final class ScratchArchive {
  public let folder: URL
  public let listener: String
  public let store: ScrobbleStore

  /// One play: when (unix seconds) and what.
  public struct Play: Sendable {
    public var time: Int64
    public var artist: String
    public var album: String
    public var track: String
    /// The album cover's URL, as a sync stores it.
    public var cover: String?

    public init(_ time: Int64, _ artist: String, album: String = "", track: String = "Song", cover: String? = nil) {
      self.time = time
      self.artist = artist
      self.album = album
      self.track = track
      self.cover = cover
    }
  }

  public init(listener: String = "ada") throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("archive-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    self.listener = listener
    store = try ScrobbleStore(path: folder.appendingPathComponent("\(listener).sqlite").path)
  }

  /// Adds `plays`; plays of one second get `seq` 0, 1, … in the order given.
  public func add(_ plays: [Play]) throws {
    try store.write { connection in
      var seqs: [Int64: Int64] = [:]
      let insert = try connection.cachedStatement(
        sql: "INSERT INTO scrobble (time, seq, artist, album, track, cover) VALUES (?, ?, ?, ?, ?, ?)")
      for play in plays {
        let seq = try seqs[play.time] ?? Self.nextSeq(play.time, connection)
        seqs[play.time] = seq + 1
        try insert.execute([play.time, seq, play.artist, play.album, play.track, play.cover])
      }
      if let first = plays.map(\.time).min(), let last = plays.map(\.time).max() {
        try PlayCounts.recount(first...last, connection)
      }
    }
  }

  /// Records `seconds` as the length of `artist`'s `track`.
  public func setDuration(artist: String, track: String, seconds: Int) throws {
    try store.write { connection in
      try connection.execute(
        sql: "INSERT OR REPLACE INTO track_duration (artist, track, seconds) VALUES (?, ?, ?)",
        arguments: [artist, track, Int64(seconds)])
    }
  }

  private static func nextSeq(_ time: Int64, _ connection: SQLiteConnection) throws -> Int64 {
    (try connection.fetchValue(Int64.self, sql: "SELECT max(seq) + 1 FROM scrobble WHERE time = ?", arguments: [time]))
      ?? 0
  }

  /// The `--archive-dir` arguments that point a command here.
  public var arguments: [String] { ["--archive-dir", folder.path] }

  public func remove() {
    store.close()
    try? FileManager.default.removeItem(at: folder)
  }
}
