import FoundationEssentials
import LastFM

@MainActor
protocol ListenerPresentationLogic: ExportDataPresentationLogic where ExportedResponse == Listener.ExportData.Response {
  func presentListener(response: Listener.FetchListener.Response)
  func presentEveryList(response: Listener.FetchEveryList.Response)
  func presentOpenItem(response: Listener.OpenItem.Response)
}

final class ListenerPresenter: ScenePresenter<any ListenerDisplayLogic>, ListenerPresentationLogic {
  static let nameColumns = 40
  static let nowPlaying = "▶ now playing"

  func presentListener(response: Listener.FetchListener.Response) {
    let profile = response.profile
    let name = DisplayFormat.clean(profile?.name ?? response.userName, columns: Self.nameColumns)
    let errorMessage = response.profileError.map(ErrorMessage.text(for:))
    let listError = response.listError.map(ErrorMessage.text(for:))
    let rows = response.items.map { Self.row($0, list: response.list, now: response.now) }
    let listMessage = listError ?? (rows.isEmpty ? Self.emptyMessage(response.list) : nil)
    let periodNote =
      response.periodAskedOfAHistory ? "\(response.list.title) have no period: p changes the charts' (Tab)" : nil
    viewController?.displayListener(
      viewModel: .init(
        name: name, facts: profile.map(Self.facts) ?? [], imageURL: profile?.imageURL,
        tabs: Listener.List.tabs(shown: response.list),
        listTitle: SceneText.joined([
          Self.title(response.list, period: response.period), response.list.isChart ? response.sort.label : "",
        ]),
        rows: rows, hasMore: response.hasMore, listMessage: listMessage, errorMessage: errorMessage,
        status: StatusLine(
          source: response.source, isStale: response.isStale, error: errorMessage ?? listError ?? periodNote)))
  }

  func presentEveryList(response: Listener.FetchEveryList.Response) {
    let profile = response.profile
    let errorMessage = response.profileError.map(ErrorMessage.text(for:))
    var firstListError: String?
    let sections = response.sections.map { section in
      let error = section.error.map(ErrorMessage.text(for:))
      firstListError = firstListError ?? error
      let rows = section.items.map { Self.row($0, list: section.list, now: response.now) }
      return Listener.FetchEveryList.ViewModel.Section(
        title: Self.title(section.list, period: response.period), rows: rows,
        message: error ?? (rows.isEmpty ? Self.emptyMessage(section.list) : nil))
    }
    viewController?.displayEveryList(
      viewModel: .init(
        name: DisplayFormat.clean(profile?.name ?? response.userName, columns: Self.nameColumns),
        facts: profile.map(Self.facts) ?? [], sections: sections, errorMessage: errorMessage,
        status: StatusLine(
          source: response.source, isStale: response.isStale, error: errorMessage ?? firstListError)))
  }

  static func title(_ list: Listener.List, period: ListeningPeriod) -> String {
    list.isChart ? SceneText.joined([list.title, period.label]) : list.title
  }

  static func emptyMessage(_ list: Listener.List) -> String { "No \(list.title.lowercased()) yet." }

  func presentOpenItem(response: Listener.OpenItem.Response) {
    viewController?.displayOpenItem(viewModel: .init(note: Self.note(response)))
  }

  /// Why a track opened its artist, when it did.
  static func note(_ response: Listener.OpenItem.Response) -> String? {
    response.albumMissing ? TrackAlbumNote.text(track: response.item.name, error: response.lookupError) : nil
  }

  func presentExportedData(response: Listener.ExportData.Response) {
    guard let profile = response.profile else { return }
    viewController?.displayExportedData(
      viewModel: .init(
        source: response.source, stale: response.isStale,
        content: .init(
          listener: .init(
            name: ExportedData.text(profile.name), realName: profile.realName.map(ExportedData.text),
            playCount: profile.playCount,
            registered: profile.registered.map { Int($0.timeIntervalSince1970.rounded(.down)) },
            country: profile.country.map(ExportedData.text), imageURL: profile.imageURL?.absoluteString),
          period: response.period,
          lists: response.sections.map { section in
            .init(
              list: section.list, period: section.list.isChart ? response.period : nil, hasMore: section.hasMore,
              items: section.items.map(ExportedData.ListedItem.init),
              error: section.error.map { ErrorMessage.forPrintout(ErrorMessage.text(for: $0)) })
          })))
  }

  /// The real name on a line of its own, then scrobbles, registered since and country.
  static func facts(_ profile: ListenerSummary) -> [String] {
    let realName = DisplayFormat.clean(profile.realName ?? "", columns: nameColumns)
    let figures = SceneText.joined([
      DisplayFormat.counted(profile.playCount, "scrobble", "scrobbles"),
      profile.registered.map { "since " + ListeningTime.calendarDate($0) } ?? "",
      DisplayFormat.clean(profile.country ?? "", columns: 30),
    ])
    return [realName, figures].filter { !$0.isEmpty }
  }

  /// Charts lead with the rank and end with the plays; histories lead with when.
  static func row(_ item: ListeningItem, list: Listener.List, now: Date) -> Listener.FetchListener.ViewModel.Row {
    let lead: String =
      if item.isNowPlaying {
        nowPlaying
      } else if let rank = item.rank, list.isChart {
        "\(rank)."
      } else if let date = item.date {
        list == .recent ? ListeningTime.relative(date, now: now) : ListeningTime.calendarDate(date)
      } else { "" }
    return .init(
      lead: lead, title: DisplayFormat.clean(item.name, columns: nameColumns),
      detail: item.kind == .artist ? "" : DisplayFormat.clean(item.artist, columns: 30),
      figure: list.isChart ? DisplayFormat.counted(item.playCount, "play", "plays") : "", imageURL: item.imageURL,
      isNowPlaying: item.isNowPlaying)
  }
}
