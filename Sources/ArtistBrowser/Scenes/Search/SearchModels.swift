import FoundationEssentials

enum Search {
  /// Recent searches matching what is typed so far (all of them when the query is empty).
  enum LoadSuggestions {
    struct Request {
      var query: String
    }

    struct Response {
      var query: String
      var suggestions: [String]
    }

    struct ViewModel: Codable, Equatable {
      var suggestions: [String]
    }
  }

  /// Runs artist.search; the query is remembered as a recent search.
  enum SearchArtists {
    struct Request {
      var query: String
      var refresh = false
    }

    struct Response {
      var query: String
      /// Already in `sort` order.
      var artists: [ArtistSummary]
      var sort: ArtistSortOrder = .rank
      var source: DataSource?
      var isStale: Bool
      var error: StoreError?
    }

    struct ViewModel: Codable, Equatable {
      typealias Row = ArtistRow

      /// The query as typed (not sanitised: it is matched against the text field to tell if results are current).
      var query: String
      var title: String
      var sortLabel: String
      var rows: [Row]
      var emptyMessage: String?
      var status: StatusLine
    }
  }

  /// Re-orders the results (nil cycles rank → name → listeners); presented through `SearchArtists`.
  enum ChangeSort {
    typealias Request = SortRequest<ArtistSortOrder>
    typealias Response = SearchArtists.Response
    typealias ViewModel = SearchArtists.ViewModel
  }

  /// The last search's results, as data for scripts (`--json`), in their current order.
  typealias ExportData = SceneExport<SearchArtists.Response, Exported>

  struct Exported: ExportContent {
    static let scene = "search"
    var query: String
    var sort: ArtistSortOrder
    var artists: [ExportedData.Artist]
  }

  /// Remembers the result the user opened, for the router to pass on.
  enum SelectResult {
    typealias Request = RowRequest
  }
}

extension Search.SearchArtists.Response: LoadedResponse {}
