import FoundationEssentials

enum ArtistDetail {
  /// Enter on a top track: its album (`track.getInfo`), the router going once it is known; without one the page
  /// stays, with a note on the status line.
  enum OpenTrack {
    /// The row among the top tracks.
    typealias Request = RowRequest

    struct Response {
      var track: TrackChartEntry
      /// The album found, now the selected album.
      var album: AlbumSummary?
      var lookupError: StoreError?
    }

    struct ViewModel: Equatable {
      var opensAlbum: Bool
      var note: String?
    }
  }

  /// Loads the artist's details and top albums together.
  enum FetchArtist {
    typealias Request = LoadRequest

    struct Response {
      var artistName: String
      var details: ArtistDetails?
      var albums: [AlbumSummary]
      /// The albums can fail on their own; the details are still worth showing.
      var albumsError: StoreError?
      var source: DataSource?
      var isStale: Bool
      var error: StoreError?
      /// Nil when the catalog has none to give.
      var topTracks: [TrackChartEntry]?
      /// The top tracks can fail on their own, like the albums.
      var topTracksError: StoreError?
    }

    struct ViewModel: Codable, Equatable {
      struct Album: Codable, Equatable {
        var rank: String
        var name: String
        var playCount: String
        var imageURL: URL?
      }

      var name: String
      var listeners: String
      var playCount: String
      var tags: String
      var bio: String
      var imageURL: URL?
      var albums: [Album]
      var albumsMessage: String?
      /// Set when the artist itself could not be loaded.
      var errorMessage: String?
      var status: StatusLine
      /// Rank, name, plays and listeners of the artist's most played tracks (`Tab` shows them instead of albums).
      var tracks: [Track] = []
      var tracksMessage: String?
      /// The shown tags one by one, for `T` to offer (one cleaned to nothing stays, empty, to keep the places).
      var tagNames: [String] = []

      struct Track: Codable, Equatable {
        var rank: String
        var name: String
        var playCount: String
        var listeners: String
      }
    }
  }

  /// What is loaded, as data for scripts (`--json`): the artist and their top albums.
  typealias ExportData = SceneExport<FetchArtist.Response, Exported>

  struct Exported: ExportContent {
    struct Artist: Codable, Equatable {
      var name: String
      var listeners: Int?
      var playCount: Int?
      var tags: [String]
      /// As Last.fm sends it: may end with an HTML "Read more" link.
      var bio: String
      var imageURL: String?
    }

    static let scene = "artist"
    var artist: Artist
    var albums: [ExportedData.Album]
    /// Why the albums are missing, when they could not be loaded (the artist could).
    var albumsError: String?
    /// Absent when the catalog has none to give.
    var topTracks: [ExportedData.ChartTrack]?
    var topTracksError: String?
  }

  /// Remembers the tag the user picked with `T`, for the router to pass on.
  enum SelectTag {
    typealias Request = RowRequest
  }

  /// Remembers the album the user opened, for the router to pass on.
  enum SelectAlbum {
    typealias Request = RowRequest
  }
}

extension ArtistDetail.FetchArtist.Response: LoadedResponse {}
