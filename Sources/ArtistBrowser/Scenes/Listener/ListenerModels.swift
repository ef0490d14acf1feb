import FoundationEssentials

enum Listener {
  /// The lists beside the profile, in the order `Tab` goes through them.
  enum List: String, PageTabs, Codable, Sendable {
    case recent, topArtists, topAlbums, topTracks, loved

    var title: String {
      switch self {
      case .recent: "Recent tracks"
      case .topArtists: "Top artists"
      case .topAlbums: "Top albums"
      case .topTracks: "Top tracks"
      case .loved: "Loved tracks"
      }
    }

    /// The charts cover a period (`p`); the histories do not.
    var isChart: Bool { self == .topArtists || self == .topAlbums || self == .topTracks }
  }

  /// Loads the profile and the shown list's first page (again, with `refresh`, bypassing the metadata cache).
  /// `user`, when given, is the name typed at the prompt.
  enum FetchListener {
    struct Request {
      var user: String?
      var refresh = false
    }

    struct Response {
      var userName: String
      var profile: ListenerSummary?
      /// The profile could not be loaded: the page has nothing to show.
      var profileError: StoreError?
      var list: List
      var period: ListeningPeriod
      /// The charts' order; recent and loved tracks are in time order whatever it is.
      var sort = ListingSortOrder.rank
      /// Everything loaded of `list`, the track playing now first (a chart in `sort` order).
      var items: [ListeningItem]
      var hasMore: Bool
      var source: DataSource?
      var isStale: Bool
      /// The list could not be loaded (a private profile hides its listening; the profile still shows).
      var listError: StoreError?
      /// What relative times are counted from.
      var now: Date
      /// `p` was pressed on a list that has no period (recent or loved tracks): nothing changed, and the status
      /// line says why.
      var periodAskedOfAHistory = false
    }

    struct ViewModel: Equatable {
      typealias Row = ListingRow

      var name: String
      /// Real name; scrobbles, registered since, country.
      var facts: [String]
      var imageURL: URL?
      /// Every list's title, the shown one in brackets.
      var tabs: String
      /// The shown list, with its period for a chart.
      var listTitle: String
      var rows: [Row]
      var hasMore: Bool
      /// In place of the rows: an empty list, or why it could not be loaded.
      var listMessage: String?
      /// Set when the listener could not be loaded at all.
      var errorMessage: String?
      var status: StatusLine
    }
  }

  /// Appends the shown list's next page; presented through `FetchListener`.
  enum FetchNextPage {
    typealias Request = StateRequest
  }

  /// Shows another list (nil: the next one, as `Tab`); presented through `FetchListener`.
  enum SwitchList {
    struct Request {
      var list: List?
    }
  }

  /// The charts' next period (`p`); presented through `FetchListener`.
  enum ChangePeriod {
    struct Request {
      var period: ListeningPeriod?
    }
  }

  /// Re-sorts the shown chart (nil: the next order, as `s`); presented through `FetchListener`.
  enum ChangeSort {
    typealias Request = SortRequest<ListingSortOrder>
  }

  /// Opens a row. A track whose row does not name its album is looked up first (`track.getInfo`), so Enter on
  /// a chart or loved track opens its album; the router goes once the album is known.
  enum OpenItem {
    typealias Request = RowRequest

    struct Response {
      /// The row, its album filled in when the lookup found one.
      var item: ListeningItem
      /// A track whose album is not known: it opens its artist instead.
      var albumMissing = false
      /// Why the lookup failed, when it did.
      var lookupError: StoreError?
    }

    struct ViewModel: Equatable {
      /// One line for the status line when the track opens its artist instead of its album.
      var note: String?
    }
  }

  /// `--plain` and `--json`: the profile and the first page of every list (the charts for the period), at once.
  enum FetchEveryList {
    typealias Request = StateRequest

    /// One list as loaded: its rows, or why it could not be.
    struct Section {
      var list: List
      var items: [ListeningItem]
      var hasMore: Bool
      var error: StoreError?
    }

    struct Response {
      var userName: String
      var profile: ListenerSummary?
      var profileError: StoreError?
      var period: ListeningPeriod
      /// In `Tab` order; only the shown list when the page was loaded for the screen.
      var sections: [Section]
      var source: DataSource?
      var isStale: Bool
      var now: Date
    }

    struct ViewModel: Equatable {
      struct Section: Equatable {
        /// The list's title, with its period for a chart.
        var title: String
        var rows: [ListingRow]
        /// In place of the rows: an empty list, or why it could not be loaded.
        var message: String?
      }

      var name: String
      var facts: [String]
      var sections: [Section]
      /// Set when the listener could not be loaded at all.
      var errorMessage: String?
      /// Its error is the profile's, else the first list's: either ends a printout with exit status 1.
      var status: StatusLine
    }
  }

  /// What is loaded, as data for scripts (`--json`): the profile and every list loaded.
  typealias ExportData = SceneExport<FetchEveryList.Response, Exported>

  struct Exported: ExportContent {
    struct Profile: Codable, Equatable {
      var name: String
      var realName: String?
      var playCount: Int?
      /// Unix seconds.
      var registered: Int?
      var country: String?
      var imageURL: String?
    }

    struct ListedSection: Codable, Equatable {
      var list: List
      /// The chart's period; absent for recent and loved tracks.
      var period: ListeningPeriod?
      var hasMore: Bool
      var items: [ExportedData.ListedItem]
      /// Why the list is missing, when the profile could be loaded and the list not.
      var error: String?
    }

    static let scene = "listener"
    var listener: Profile
    /// The charts' period.
    var period: ListeningPeriod
    var lists: [ListedSection]
  }
}
