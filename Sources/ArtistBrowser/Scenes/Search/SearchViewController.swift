import FoundationEssentials
import ImageCacheSupport
import TerminalUI

@MainActor
protocol SearchDisplayLogic: ExportDataDisplayLogic where ExportedViewModel == Search.ExportData.ViewModel {
  func displaySuggestions(viewModel: Search.LoadSuggestions.ViewModel)
  func displaySearchResults(viewModel: Search.SearchArtists.ViewModel)
}

/// A text field over a list. While typing, keys are text and the list offers matching recent searches;
/// Enter searches; Down (or Enter on results) moves into the list, where keys are list commands and `/` types again.
final class SearchViewController:
  SceneViewController<any SearchBusinessLogic, any SearchRoutingLogic & SearchDataPassing>, SceneShell,
  SearchDisplayLogic
{
  enum Mode: Equatable {
    case typing
    case browsing
  }

  private(set) var mode = Mode.typing
  /// What is typed, at most `PromptText.defaultLimit` scalars: the rest of a longer paste is dropped.
  private var prompt = PromptText()
  var query: String { prompt.text }
  private(set) var suggestions = Search.LoadSuggestions.ViewModel(suggestions: [])
  private(set) var results: Search.SearchArtists.ViewModel?
  private(set) var viewport = ListViewport()
  /// The search itself runs through `runtime.load`; suggestions, asked for on every key, have their own task.
  private var suggestionsTask: Task<Void, Never>?

  var title: String { "Search" }

  var takesText: Bool { mode == .typing }

  var status: StatusLine { runtime.status(results?.status) }

  /// Results are shown only while they answer the query in the field; otherwise suggestions are.
  var showsResults: Bool { results != nil && results?.query == query }

  /// Searches at once when the data store came with a query (opened from the command line), else suggests.
  func start() {
    if let preset = router?.dataStore?.query, !preset.isEmpty {
      prompt = PromptText(preset)
      search(refresh: false)
    } else {
      loadSuggestions()
    }
  }

  /// Suggestions, asked for outside the runtime's loads, stop and are awaited with them.
  func stop() {
    runtime.stop()
    suggestionsTask?.cancel()
  }

  func waitForLoad() async {
    await suggestionsTask?.value
    await runtime.waitForLoad()
  }

  func displaySuggestions(viewModel: Search.LoadSuggestions.ViewModel) {
    suggestions = viewModel
    if !showsResults { viewport.setCount(viewModel.suggestions.count, resetSelection: true) }
    changed()
  }

  func displaySearchResults(viewModel: Search.SearchArtists.ViewModel) {
    results = viewModel
    viewport.setCount(viewModel.rows.count, resetSelection: true)
    if !viewModel.rows.isEmpty { mode = .browsing }
    changed()
  }

  func handle(_ key: BrowserKey) -> Bool {
    if mode == .browsing, showsResults, handleWallKey(key, viewport: &viewport) { return true }
    // While browsing, keys that are not list commands (q, ?) belong to the app, as in the other lists.
    if mode == .browsing, ListCommand(key) == nil { return false }
    switch mode {
    case .typing:
      // A key that changed nothing (one past the prompt's limit) asks for no redraw: a long paste costs one check a key.
      if handleTyping(key) { changed() }
    case .browsing:
      handleBrowsing(key)
      changed()
    }
    return true
  }

  func renderFrame(width: Int, height: Int) -> SceneFrame {
    let cursor = mode == .typing ? "▏" : ""
    let label = "Search: "
    // The end of a query too long for the screen is shown, where typing goes on.
    let field =
      label + TerminalText.truncateLeading(DisplayFormat.sanitized(query) + cursor, toColumns: width - label.count)
    let listTitle =
      showsResults
      ? SceneText.joined([results?.title ?? "", results?.sortLabel ?? ""])
      : (suggestions.suggestions.isEmpty ? "" : "Recent searches")
    let footer =
      mode == .typing
      ? "type an artist · Enter search · ↓ to the list · Esc back" : "j/k move · Enter open · / edit · h back"
    let header = [field, "", listTitle]
    var pictures: [PicturePlacement] = []
    let lines = ScreenLayout.compose(
      header: header,
      body: { bodyHeight in
        if self.showsResults, let results = self.results {
          if let message = results.emptyMessage { return [message] }
          let slots = self.runtime.shownThumbnails
          let reserved = 4 + SceneText.widest(results.rows.map(\.listeners)) + (slots.map { $0.size.columns + 1 } ?? 0)
          let rows = results.rows
          let body = ListingBody.frame(
            rows: rows, message: nil, runtime: self.runtime, viewport: &self.viewport, picture: self.previewPicture,
            bodyRow: header.count, width: width, height: bodyHeight,
            tile: \.tile,
            facts: { $0.map { [$0.name, $0.listeners] } ?? [] },
            list: { columns, viewport in
              let nameColumns = SceneText.nameColumns(
                width: columns, preferred: SearchPresenter.nameColumns, reserved: reserved)
              return ListRenderer.frame(
                texts: rows.map { SceneText.column($0.name, nameColumns) + "  " + $0.listeners },
                imageURLs: rows.map(\.imageURL), viewport: &viewport, width: columns, height: bodyHeight,
                thumbnails: slots)
            })
          pictures = body.pictures
          return body.lines
        }
        // While typing nothing is selected yet: Down moves into the list.
        return ListRenderer.lines(
          texts: self.suggestions.suggestions, imageURLs: [], viewport: &self.viewport, width: width,
          height: bodyHeight, thumbnails: nil, marksSelection: self.mode == .browsing)
      }, footer: [footer], width: width, height: height)
    return SceneFrame(lines: lines, pictures: pictures)
  }

  func plainLines() -> [String] {
    guard showsResults, let results else {
      return ["Recent searches"] + suggestions.suggestions.map { "  \($0)" }
    }
    return [SceneText.joined([results.title, results.sortLabel])]
      + (results.emptyMessage.map { [$0] } ?? results.rows.map { "  \($0.name) — \($0.listeners)" })
  }

  func requestExport() { interactor?.exportData(request: .init()) }

  // MARK: Keys

  /// Whether the key changed anything.
  private func handleTyping(_ key: BrowserKey) -> Bool {
    switch key {
    case .character(let character):
      guard prompt.append(character) else { return false }
      loadSuggestions()
    case .backspace:
      if prompt.removeLast() {
        loadSuggestions()
      } else {
        router?.routeBack()
      }
    case .enter:
      search(refresh: false)
    case .escape:
      router?.routeBack()
    case .down:
      if viewport.count > 0 { mode = .browsing }
    default:
      return false
    }
    return true
  }

  private func handleBrowsing(_ key: BrowserKey) {
    guard let command = ListCommand(key) else { return }
    if viewport.apply(command) { return }
    switch command {
    case .open:
      openSelection()
    case .back:
      router?.routeBack()
    case .search:
      mode = .typing
    case .refresh:
      search(refresh: true)
    case .cycleSort:
      if showsResults { interactor?.changeSort(request: .init(order: nil)) }
    case .toggleThumbnails:
      runtime.toggleThumbnails()
    default:
      break
    }
  }

  private func openSelection() {
    if showsResults {
      guard let rows = results?.rows, !rows.isEmpty else { return }
      interactor?.selectResult(request: .init(index: viewport.selection))
      router?.routeToArtistDetail()
    } else if suggestions.suggestions.indices.contains(viewport.selection) {
      prompt = PromptText(suggestions.suggestions[viewport.selection])
      search(refresh: false)
    }
  }

  private func loadSuggestions() {
    guard let interactor else { return }
    suggestionsTask?.cancel()
    let typed = query
    suggestionsTask = Task { await interactor.loadSuggestions(request: .init(query: typed)) }
  }

  private func search(refresh: Bool) {
    guard let interactor, !query.trimmingWhitespace().isEmpty else { return }
    let typed = query
    runtime.load { await interactor.searchArtists(request: .init(query: typed, refresh: refresh)) }
  }
}
