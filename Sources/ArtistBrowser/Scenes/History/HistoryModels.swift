import FoundationEssentials
import ScrobbleArchive

/// The listener's History page: a year of their archive as a calendar with a day cursor, the listening clock, the
/// months, and the chosen range's top albums.
enum History {
  /// What Enter opens around the cursor: its day, its month or its year (`d`, `m`, `y`).
  enum Scope: String, CaseIterable, Codable, Sendable {
    case day, month, year

    func range(around date: LocalDate) -> ListeningRange {
      switch self {
      case .day: ListeningRange(first: date, last: date)
      case .month:
        ListeningRange(
          first: LocalDate(year: date.year, month: date.month, day: 1),
          last: LocalDate(
            year: date.year, month: date.month, day: LocalDate.days(inMonth: date.month, of: date.year)))
      case .year: .year(date.year)
      }
    }

    /// "Tue 2024-03-05", "March 2024", "2024".
    func label(_ date: LocalDate) -> String {
      switch self {
      case .day: CalendarHeatmap.weekdayNames[date.weekdayFromMonday] + " " + date.description
      case .month: History.monthNames[date.month - 1] + " \(date.year)"
      case .year: "\(date.year)"
      }
    }
  }

  static let monthNames = [
    "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November",
    "December",
  ]

  /// Where the archive stands: read, missing (the page offers a sync), or a sync under way.
  enum SyncState: Equatable, Sendable {
    case idle
    case running(pages: Int, staged: Int, expected: Int)
    case finished(count: Int, added: Int)
    case failed(String)
  }

  /// Loads the year around the cursor (the page's first load, and again when the cursor leaves the year), then
  /// the chosen range's chart.
  enum FetchHistory {
    typealias Request = StateRequest

    struct Response {
      var userName: String
      var year: HistoryYear?
      var cursor: LocalDate
      var scope: Scope
      var top: HistoryTop?
      /// Why the year could not be read (a missing archive offers a sync).
      var error: HistoryArchiveError?
      var otherError: String?
      var sync: SyncState
    }

    struct ViewModel: Equatable {
      var title: String
      /// The year's plays, the archive's span.
      var facts: String
      /// `ChartPalette`-coloured lines of the calendar, the cursor's cell marked.
      var heatmap: [String]
      /// The cursor's day, month and year with their plays; what Enter opens.
      var cursorLine: String
      var clock: [String]
      var months: [String]
      /// The chosen range's top albums: the page's wall of covers (rows for printouts).
      var chartTitle: String
      var albums: [ListingRow]
      /// In place of the page: no archive, or why it could not be read; the sync's progress.
      var message: String?
      var syncLine: String?
      var status: StatusLine
    }
  }

  /// Moves the cursor by days (h/l, j/k a week), months ([ ]) or years ({ }).
  enum MoveCursor {
    struct Request {
      var days = 0
      var months = 0
      var years = 0
    }
  }

  /// What Enter opens (`d`, `m`, `y`).
  enum ChangeScope {
    struct Request {
      var scope: Scope
    }
  }

  /// Reads what a move or a scope change left out of date: the cursor's year, the range's chart.
  enum LoadStale {
    typealias Request = StateRequest
  }

  /// Enter on a cover of the page's wall: that album's page, as from every other list.
  enum SelectAlbum {
    typealias Request = RowRequest
  }

  /// `s`: syncs the archive (creating it), reloading the page when it ends.
  enum SyncArchive {
    typealias Request = StateRequest
  }

  /// What is loaded, as data for scripts (`--json`).
  typealias ExportData = SceneExport<FetchHistory.Response, Exported>

  struct Exported: ExportContent {
    struct Day: Codable, Equatable {
      var date: String
      var plays: Int
      /// 0 (none) to 4, as drawn.
      var level: Int
    }

    struct Month: Codable, Equatable {
      var month: String
      var plays: Int
    }

    struct Entry: Codable, Equatable {
      var rank: Int
      var artist: String
      var album: String?
      var plays: Int
      var imageURL: String?
    }

    struct RangeChart: Codable, Equatable {
      var scope: Scope
      var from: String
      var to: String
      var plays: Int
      var albums: [Entry]
      var artists: [Entry]
    }

    static let scene = "history"
    var listener: String
    var year: Int
    var cursor: String
    var plays: Int
    var firstDay: String?
    var lastDay: String?
    var days: [Day]
    var months: [Month]
    /// `clock[weekday][hour]`, Monday first, local hours.
    var clock: [[Int]]
    var range: RangeChart?
  }
}
