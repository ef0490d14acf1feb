import FoundationEssentials
import TerminalUI

/// The pieces of the `--json` documents: what a scene loaded, for scripts, not the text it shows. Counts, ranks,
/// durations (seconds) and match fractions are numbers; names are as the catalog gave them, with control
/// characters and escape sequences removed. A key absent means the catalog did not say. The key names are a
/// promise to scripts: `docs/schemas/artist-browser-*.schema.json` describe them, and the end-to-end tests check
/// the built tool's output against those files.
enum ExportedData {
  struct Artist: Codable, Equatable {
    var rank: Int
    var name: String
    var mbid: String?
    var listeners: Int?
    var playCount: Int?
    var imageURL: String?

    init(_ artist: ArtistSummary) {
      rank = artist.rank
      name = ExportedData.text(artist.name)
      mbid = artist.mbid.map(ExportedData.text)
      listeners = artist.listeners
      playCount = artist.playCount
      imageURL = artist.imageURL?.absoluteString
    }
  }

  struct Album: Codable, Equatable {
    var rank: Int
    var name: String
    var artist: String
    var playCount: Int?
    var imageURL: String?

    init(_ album: AlbumSummary) {
      rank = album.rank
      name = ExportedData.text(album.name)
      artist = ExportedData.text(album.artist)
      playCount = album.playCount
      imageURL = album.imageURL?.absoluteString
    }
  }

  struct Track: Codable, Equatable {
    var number: Int
    var name: String
    /// Seconds.
    var duration: Int?

    init(_ track: TrackSummary) {
      number = track.number
      name = ExportedData.text(track.name)
      duration = track.duration.flatMap { $0 > 0 ? $0 : nil }
    }
  }

  struct Similar: Codable, Equatable {
    var name: String
    /// 0...1, as Last.fm reports it.
    var match: Double
    var imageURL: String?

    init(_ artist: SimilarArtist) {
      name = ExportedData.text(artist.name)
      match = artist.match
      imageURL = artist.imageURL?.absoluteString
    }
  }

  /// Text from the catalog with nothing a terminal or a careless script would act on: line breaks become spaces,
  /// escape sequences and other control characters go; everything else, spacing included, stays as given.
  static func text(_ value: String) -> String {
    var scalars = String.UnicodeScalarView()
    for scalar in value.unicodeScalars {
      scalars.append(scalar == "\n" || scalar == "\r" ? " " : scalar)
    }
    return TerminalText.removingControls(String(scalars))
  }
}

/// What `jsonSnapshot()` throws when the scene has nothing loaded to export.
struct NothingLoadedToExport: Error, CustomStringConvertible {
  var description: String { "nothing is loaded yet" }
}

extension ExportedData.Artist: Sendable {}
extension ExportedData.Album: Sendable {}
extension ExportedData.Track: Sendable {}
extension ExportedData.Similar: Sendable {}
