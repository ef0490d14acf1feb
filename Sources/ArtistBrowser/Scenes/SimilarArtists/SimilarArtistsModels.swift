import FoundationEssentials

enum SimilarArtists {
  /// Loads the artists Last.fm considers similar, best match first.
  enum FetchSimilar {
    typealias Request = LoadRequest

    struct Response {
      var artistName: String
      var similar: [SimilarArtist]
      var source: DataSource?
      var isStale: Bool
      var error: StoreError?
    }

    struct ViewModel: Codable, Equatable {
      struct Row: Codable, Equatable {
        var name: String
        var match: String
        var imageURL: URL?
      }

      var title: String
      var rows: [Row]
      var emptyMessage: String?
      var status: StatusLine
    }
  }

  /// What is loaded, as data for scripts (`--json`): the similar artists, best match first.
  typealias ExportData = SceneExport<FetchSimilar.Response, Exported>

  struct Exported: ExportContent {
    static let scene = "similar"
    /// The artist they are similar to, as asked for.
    var artist: String
    var similar: [ExportedData.Similar]
  }

  /// Remembers the row the user opened, for the router to pass on.
  enum SelectArtist {
    typealias Request = RowRequest
  }
}

extension SimilarArtists.FetchSimilar.Response: LoadedResponse {}
