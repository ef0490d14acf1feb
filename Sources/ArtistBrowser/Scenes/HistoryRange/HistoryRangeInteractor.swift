import FoundationEssentials
import ScrobbleArchive

@MainActor
protocol HistoryRangeBusinessLogic: ExportDataBusinessLogic {
  func fetchRange(request: HistoryRange.FetchRange.Request) async
  func switchList(request: HistoryRange.SwitchList.Request)
  func selectItem(request: HistoryRange.SelectItem.Request)
}

@MainActor
protocol HistoryRangeDataStore: AnyObject {
  var userName: String { get set }
  var range: ListeningRange { get set }
  /// "March 2024", as the History page named it.
  var rangeTitle: String { get set }
  var selectedDestination: ListeningDestination? { get }
}

final class HistoryRangeInteractor:
  SceneInteractor<any HistoryRangePresentationLogic, any HistoryWorking>, HistoryRangeBusinessLogic,
  HistoryRangeDataStore
{
  static let limit = 50

  var userName = ""
  var range = ListeningRange.allTime
  var rangeTitle = ""
  private(set) var selectedDestination: ListeningDestination?
  private(set) var list = HistoryRange.List.albums
  private var top: HistoryTop?
  private var error: String?

  func fetchRange(request: HistoryRange.FetchRange.Request) async {
    do {
      top = try await worker.fetchTop(user: userName, range: range, limit: Self.limit)
      error = nil
    } catch {
      top = nil
      self.error = (error as? HistoryArchiveError)?.description ?? "Cannot read the archive: \(error)"
    }
    present()
  }

  func switchList(request: HistoryRange.SwitchList.Request) {
    list = list.next
    present()
  }

  func selectItem(request: HistoryRange.SelectItem.Request) {
    guard let entry = request.row(in: (list == .albums ? top?.albums : top?.artists) ?? []) else { return }
    selectedDestination = entry.album.map { .album(artist: entry.artist, album: $0) } ?? .artist(entry.artist)
  }

  func exportData(request: HistoryRange.ExportData.Request) {
    guard top != nil else { return }
    presenter?.presentExportedData(response: response())
  }

  private func present() { presenter?.presentRange(response: response()) }

  private func response() -> HistoryRange.FetchRange.Response {
    .init(userName: userName, rangeTitle: rangeTitle, top: top, list: list, error: error)
  }
}
