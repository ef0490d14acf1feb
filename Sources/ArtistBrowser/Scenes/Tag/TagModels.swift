import FoundationEssentials

/// The tag (genre) page. Named `TagPage`, not `Tag`, which Swift Testing's tests would read as theirs.
enum TagPage {
  /// The lists under the summary, in the order `Tab` goes through them.
  enum List: String, PageTabs, Codable, Sendable {
    case artists, albums

    var title: String { self == .artists ? "Top artists" : "Top albums" }
  }

  /// Loads the tag's description and the first page of both lists (again, with `refresh`, bypassing the cache).
  enum FetchTag {
    typealias Request = LoadRequest

    struct Response {
      var tagName: String
      var info: TagSummary?
      /// The description could not be loaded: the page has nothing to show.
      var infoError: StoreError?
      var list: List
      /// Both lists' order.
      var sort = ListingSortOrder.rank
      var artists: [ListeningItem]
      var albums: [ListeningItem]
      /// The shown list has more pages.
      var hasMore: Bool
      var source: DataSource?
      var isStale: Bool
      /// Why a list could not be loaded.
      var artistsError: StoreError?
      var albumsError: StoreError?
    }

    struct ViewModel: Equatable {
      typealias Row = ListingRow

      var name: String
      /// Reach and uses.
      var figures: String
      var summary: String
      var tabs: String
      var list: List
      var artists: [Row]
      var albums: [Row]
      /// The shown list's rows.
      var rows: [Row] { list == .artists ? artists : albums }
      var hasMore: Bool
      /// In place of a list's rows: an empty list says so, a failed one why.
      var artistsMessage: String?
      var albumsMessage: String?
      var listMessage: String? { list == .artists ? artistsMessage : albumsMessage }
      /// Set when the tag could not be loaded at all.
      var errorMessage: String?
      var status: StatusLine
    }
  }

  /// Re-sorts both lists (nil: the next order, as `s`); presented through `FetchTag`.
  enum ChangeSort {
    typealias Request = SortRequest<ListingSortOrder>
  }

  /// Appends the shown list's next page; presented through `FetchTag`.
  enum FetchNextPage {
    typealias Request = StateRequest
  }

  /// Shows the other list (`Tab`); presented through `FetchTag`.
  enum SwitchList {
    struct Request {
      var list: List?
    }
  }

  /// Remembers the row the user opened, for the router to pass on.
  enum SelectItem {
    typealias Request = RowRequest
  }

  /// What is loaded, as data for scripts (`--json`): the tag and both its lists.
  typealias ExportData = SceneExport<FetchTag.Response, Exported>

  struct Exported: ExportContent {
    struct Tag: Codable, Equatable {
      var name: String
      var reach: Int?
      var total: Int?
      /// As Last.fm sends it: may end with an HTML "Read more" link.
      var summary: String
    }

    static let scene = "tag"
    var tag: Tag
    var artists: [ExportedData.ListedItem]
    var albums: [ExportedData.ListedItem]
    var artistsError: String?
    var albumsError: String?
  }
}
