import FoundationEssentials
import ImageCacheSupport
import TerminalUI

@MainActor
protocol ListenerDisplayLogic: ExportDataDisplayLogic where ExportedViewModel == Listener.ExportData.ViewModel {
  func displayListener(viewModel: Listener.FetchListener.ViewModel)
  func displayEveryList(viewModel: Listener.FetchEveryList.ViewModel)
  func displayOpenItem(viewModel: Listener.OpenItem.ViewModel)
}

/// A listener's own Last.fm: the profile, then one of their lists (`Tab` switches: recent tracks, top artists,
/// albums and tracks for the period `p` cycles through, loved tracks). From `PicturePane.minimumWidth` columns up
/// the selected row's cover stands beside the list. Opened without a name (`u`), it first asks for one.
final class ListenerViewController:
  SceneViewController<any ListenerBusinessLogic, any ListenerRoutingLogic & ListenerDataPassing>, PagedScene,
  ListenerDisplayLogic
{
  private(set) var viewModel: Listener.FetchListener.ViewModel?
  /// Every list, loaded instead of one when the page is printed (`--plain`, `--json`).
  private(set) var everyList: Listener.FetchEveryList.ViewModel?
  /// Set by the command line before `start()`: a printout has every list, not the one a screen shows.
  var printsEveryList = false
  private(set) var viewport = ListViewport()
  /// The listener's own picture, beside the header.
  let profilePicture: LargePictureLoader?
  /// The name being typed while the scene asks for one.
  private(set) var prompt: PromptText?
  /// What the prompt starts with (`LASTFM_USER`).
  var suggestedUser = ""
  static let footer =
    "j/k move · Enter open · Tab list · p period · H history · n now · s sort · h back · t thumbnails · w wall · r refresh"

  init(runtime: SceneRuntime, profilePicture: LargePictureLoader? = nil) {
    self.profilePicture = runtime.adopt(profilePicture)
    super.init(runtime: runtime)
  }

  var takesText: Bool { prompt != nil }

  var title: String { viewModel?.name ?? router?.dataStore?.userName ?? "Listener" }

  var status: StatusLine { runtime.status(everyList?.status ?? viewModel?.status) }

  func start() {
    if printsEveryList, let interactor {
      runtime.load { await interactor.fetchEveryList(request: .init()) }
    } else if router?.dataStore?.userName.isEmpty ?? true {
      prompt = PromptText(suggestedUser)
      changed()
    } else {
      fetch(user: nil, refresh: false)
    }
  }

  func displayListener(viewModel: Listener.FetchListener.ViewModel) {
    self.viewModel = viewModel
    runtime.showList(count: viewModel.rows.count, in: &viewport)
  }

  func displayEveryList(viewModel: Listener.FetchEveryList.ViewModel) { everyList = viewModel }

  /// The row's page is known (a track's album looked up): go there, unless the scene was left meanwhile.
  func displayOpenItem(viewModel: Listener.OpenItem.ViewModel) {
    guard !Task.isCancelled else { return }
    router?.routeToSelection(note: viewModel.note)
  }

  // MARK: Keys

  func handle(_ key: BrowserKey) -> Bool {
    if prompt != nil { return handleTyping(key) }
    let canList = viewModel?.errorMessage == nil
    if canList, handleWallKey(key, viewport: &viewport) { return true }
    switch key {
    case .tab:
      run { await $0.switchList(request: .init(list: nil)) }
      return true
    case .character("p"):
      run { await $0.changePeriod(request: .init(period: nil)) }
      return true
    case .character("H"):
      router?.routeToHistory()
      return true
    case .character("n"):
      router?.routeToNow()
      return true
    default:
      break
    }
    guard let command = ListCommand(key) else { return false }
    if handleCommon(command, viewport: &viewport) { return true }
    switch command {
    case .open:
      guard canList, viewModel?.rows.isEmpty == false, let interactor else { return true }
      let index = viewport.selection
      runtime.load { await interactor.openItem(request: .init(index: index)) }
    case .back:
      router?.routeBack()
    case .cycleSort:
      runtime.resetsSelection = true
      interactor?.changeSort(request: .init(order: nil))
    case .refresh:
      fetch(user: nil, refresh: true)
    default:
      return false
    }
    return true
  }

  /// The prompt takes every key: text, Backspace, Enter to open the listener, Escape (or Backspace on an empty
  /// prompt) to go back.
  private func handleTyping(_ key: BrowserKey) -> Bool {
    guard var typed = prompt else { return false }
    switch key {
    case .character(let character):
      guard typed.append(character) else { return true }
    case .backspace:
      guard typed.removeLast() else {
        router?.routeBack()
        return true
      }
    case .escape:
      router?.routeBack()
      return true
    case .enter:
      let name = String(typed.text.trimmingWhitespace())
      guard !name.isEmpty else { return true }
      prompt = nil
      fetch(user: name, refresh: false)
      return true
    default:
      return true
    }
    prompt = typed
    changed()
    return true
  }

  // MARK: Output

  func renderFrame(width: Int, height: Int) -> SceneFrame {
    if let prompt {
      let label = "Listener: "
      let field =
        label
        + TerminalText.truncateLeading(DisplayFormat.sanitized(prompt.text) + "▏", toColumns: width - label.count)
      return SceneFrame(
        lines: ScreenLayout.compose(
          header: [field], body: { _ in [] }, footer: ["type a Last.fm user name · Enter open · Esc back"],
          width: width, height: height))
    }
    guard let viewModel else { return loadingFrame(footer: Self.footer, width: width, height: height) }
    if let error = viewModel.errorMessage {
      return failureFrame(name: viewModel.name, error: error, width: width, height: height)
    }
    let header = PictureHeader.frame(
      [SceneText.joined([viewModel.name] + viewModel.facts), viewModel.tabs, "", viewModel.listTitle],
      picture: profilePicture, url: viewModel.imageURL, width: width)
    let footer = runtime.shownWall == nil ? Self.footer : SceneText.wallHint + " · Tab list · p period"
    var page = SceneFrame.composed(header: header.lines, footer: [footer], width: width, height: height) { bodyHeight in
      ListingBody.frame(
        rows: viewModel.rows, message: viewModel.listMessage, runtime: runtime, viewport: &viewport,
        picture: previewPicture, bodyRow: header.lines.count, width: width, height: bodyHeight)
    }
    page.pictures = header.pictures + page.pictures
    return page
  }

  func plainLines() -> [String] {
    if let everyList {
      if let error = everyList.errorMessage { return [everyList.name, error] }
      return [SceneText.joined([everyList.name] + everyList.facts)]
        + everyList.sections.flatMap { section in
          [section.title + ":"] + (section.message.map { [$0] } ?? ListingBody.plainLines(section.rows))
        }
    }
    guard let viewModel else { return [title] }
    if let error = viewModel.errorMessage { return [viewModel.name, error] }
    let rows = ListingBody.plainLines(viewModel.rows)
    return [SceneText.joined([viewModel.name] + viewModel.facts), viewModel.listTitle + ":"]
      + (viewModel.listMessage.map { [$0] } ?? rows)
  }

  func requestExport() { interactor?.exportData(request: .init()) }

  // MARK: Private

  private func fetch(user: String?, refresh: Bool) {
    run { await $0.fetchListener(request: .init(user: user, refresh: refresh)) }
  }

  var hasMorePages: Bool { viewModel?.hasMore == true }

  func fetchNextPage() async { await interactor?.fetchNextPage(request: .init()) }

  /// A new list or period starts at its top.
  private func run(_ work: @escaping @MainActor (any ListenerBusinessLogic) async -> Void) {
    guard let interactor else { return }
    runtime.resetsSelection = true
    runtime.load { await work(interactor) }
  }
}
