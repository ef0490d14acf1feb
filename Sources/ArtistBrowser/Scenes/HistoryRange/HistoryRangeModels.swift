import FoundationEssentials
import ScrobbleArchive

/// One range of a listener's archive (a day, a month, a year): its most played albums and artists.
enum HistoryRange {
  /// The two lists, in the order `Tab` goes through them.
  enum List: String, PageTabs, Codable, Sendable {
    case albums, artists

    var title: String { self == .albums ? "Top albums" : "Top artists" }
  }

  enum FetchRange {
    typealias Request = StateRequest

    struct Response {
      var userName: String
      var rangeTitle: String
      var top: HistoryTop?
      var list: List
      var error: String?
    }

    struct ViewModel: Equatable {
      var title: String
      var facts: String
      /// Both lists' titles, the shown one in brackets.
      var tabs: String
      var rows: [ListingRow]
      var listMessage: String?
      var errorMessage: String?
      var status: StatusLine
    }
  }

  /// `Tab`: the other list; presented through `FetchRange`.
  enum SwitchList {
    typealias Request = StateRequest
  }

  /// Enter: the row's album or artist page.
  enum SelectItem {
    typealias Request = RowRequest
  }

  typealias ExportData = SceneExport<FetchRange.Response, Exported>

  struct Exported: ExportContent {
    static let scene = "historyRange"
    var listener: String
    var from: String?
    var to: String?
    var plays: Int
    var albums: [History.Exported.Entry]
    var artists: [History.Exported.Entry]
  }
}
