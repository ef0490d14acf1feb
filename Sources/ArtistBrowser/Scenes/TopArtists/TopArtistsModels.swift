import FoundationEssentials

enum TopArtists {
  /// Loads the chart from its first page (again, with `refresh`, bypassing the metadata cache).
  enum FetchArtists {
    typealias Request = LoadRequest

    struct Response {
      /// Everything loaded so far, already in `sort` order.
      var artists: [ArtistSummary]
      var sort: ArtistSortOrder
      var hasMore: Bool
      var source: DataSource?
      var isStale: Bool
      var error: StoreError?
    }

    struct ViewModel: Codable, Equatable {
      typealias Row = ArtistRow

      var title: String
      var sortLabel: String
      var rows: [Row]
      var hasMore: Bool
      /// Shown in place of the list when there is nothing to list (first load failed, empty chart).
      var emptyMessage: String?
      var status: StatusLine
    }
  }

  /// Appends the next chart page; presented through `FetchArtists`.
  enum FetchNextPage {
    typealias Request = StateRequest
    typealias Response = FetchArtists.Response
    typealias ViewModel = FetchArtists.ViewModel
  }

  /// Re-orders what is loaded (nil cycles rank → name → listeners); presented through `FetchArtists`.
  enum ChangeSort {
    typealias Request = SortRequest<ArtistSortOrder>
    typealias Response = FetchArtists.Response
    typealias ViewModel = FetchArtists.ViewModel
  }

  /// What is loaded, as data for scripts (`--json`): the chart in its current order.
  typealias ExportData = SceneExport<FetchArtists.Response, Exported>

  struct Exported: ExportContent {
    static let scene = "chart"
    var sort: ArtistSortOrder
    /// More pages can be loaded.
    var hasMore: Bool
    var artists: [ExportedData.Artist]
  }

  /// Remembers the tag picked with `T` in the preview pane, for the router to pass on.
  enum SelectTag {
    typealias Request = RowRequest
  }

  /// Remembers the row the user opened, for the router to pass on.
  enum SelectArtist {
    typealias Request = RowRequest
  }

  /// The selected artist's facts for the preview pane beside the chart (wide screens): what the chart row knows
  /// at once (`showPreview`), then the tags once the artist's details arrive (`fetchPreviewDetails`).
  enum ShowPreview {
    typealias Request = RowRequest

    struct Response {
      var artist: ArtistSummary
      var details: ArtistDetails?
    }

    struct ViewModel: Equatable {
      var imageURL: URL?
      /// Name, figures, tags: one line each, longest last, so a short pane cuts the least useful.
      var facts: [String]
      /// The tags shown, one by one, for `T` to offer.
      var tags: [String] = []
    }
  }
}

extension TopArtists.FetchArtists.Response: LoadedResponse {}
