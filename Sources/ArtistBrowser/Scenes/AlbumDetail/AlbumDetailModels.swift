import FoundationEssentials

enum AlbumDetail {
  /// Loads an album's track list.
  enum FetchAlbum {
    typealias Request = LoadRequest

    struct Response {
      var artistName: String
      var albumName: String
      var album: AlbumDetails?
      var source: DataSource?
      var isStale: Bool
      var error: StoreError?
    }

    struct ViewModel: Codable, Equatable {
      struct Track: Codable, Equatable {
        var number: String
        var name: String
        var duration: String
      }

      var title: String
      var artist: String
      var summary: String
      var tracks: [Track]
      var imageURL: URL?
      var errorMessage: String?
      var status: StatusLine
    }
  }

  /// What is loaded, as data for scripts (`--json`): the album and its tracks.
  typealias ExportData = SceneExport<FetchAlbum.Response, Exported>

  struct Exported: ExportContent {
    struct Album: Codable, Equatable {
      var name: String
      var artist: String
      var listeners: Int?
      var playCount: Int?
      var imageURL: String?
      var tracks: [ExportedData.Track]
    }

    static let scene = "album"
    var album: Album
  }
}

extension AlbumDetail.FetchAlbum.Response: LoadedResponse {}
