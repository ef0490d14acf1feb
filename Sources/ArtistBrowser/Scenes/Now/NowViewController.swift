import FoundationEssentials

@MainActor
protocol NowDisplayLogic: AnyObject {
  func displayNowPlaying(viewModel: Now.FetchNowPlaying.ViewModel)
}

/// What a listener plays now, followed live: the cover as large as the screen allows (pixels where the terminal
/// draws them, block art elsewhere), the track, its album and when, and the tracks before it. A poll whose
/// answer is the same track draws nothing; a new track redraws once, and the cover is sent again only when it
/// changed (`LargePictureLoader` keeps an unchanged picture's transmission).
@MainActor
final class NowViewController: SceneShell, NowDisplayLogic {
  /// Waits between polls; injected so tests move time on without sleeping. Throws when the scene stops.
  typealias Sleep = @Sendable (_ seconds: Int) async throws -> Void

  var interactor: (any NowBusinessLogic)?
  var router: (any NowRoutingLogic & NowDataPassing)?
  private(set) var viewModel: Now.FetchNowPlaying.ViewModel?
  let runtime: SceneRuntime
  let cover: LargePictureLoader?
  private let sleep: Sleep
  private var polling: Task<Void, Never>?

  init(
    runtime: SceneRuntime, cover: LargePictureLoader? = nil,
    sleep: @escaping Sleep = { seconds in try await Task.sleep(for: .seconds(seconds)) }
  ) {
    self.runtime = runtime
    self.cover = runtime.adopt(cover)
    self.sleep = sleep
  }

  var title: String { viewModel?.title ?? "Now" }

  var status: StatusLine { runtime.status(viewModel?.status) }

  /// The first answer may come from the metadata cache; every poll after it asks the network.
  func start() {
    guard let interactor else { return }
    runtime.load { await interactor.fetchNowPlaying(request: .init()) }
    polling = Task { [weak self, sleep] in
      await self?.runtime.waitForLoad()
      while !Task.isCancelled {
        guard let seconds = self?.interactor?.pollSeconds else { return }
        do { try await sleep(seconds) } catch { return }
        guard let interactor = self?.interactor else { return }
        await interactor.fetchNowPlaying(request: .init(refresh: true))
      }
    }
  }

  func stop() {
    polling?.cancel()
    runtime.stop()
  }

  func displayNowPlaying(viewModel: Now.FetchNowPlaying.ViewModel) {
    self.viewModel = viewModel
    changed()
  }

  func handle(_ key: BrowserKey) -> Bool {
    if key == .character("a") {
      router?.routeToArtist()
      return true
    }
    switch ListCommand(key) {
    case .open: router?.routeToAlbum()
    case .back: router?.routeBack()
    case .refresh:
      guard let interactor else { return true }
      runtime.load { await interactor.fetchNowPlaying(request: .init(refresh: true)) }
    default: return false
    }
    return true
  }

  func renderFrame(width: Int, height: Int) -> SceneFrame {
    guard let viewModel else { return loadingFrame(footer: "h back", width: width, height: height) }
    guard let cover, viewModel.imageURL != nil else {
      return SceneFrame(lines: page(viewModel, width: width, height: height))
    }
    return PicturePage.frame(
      picture: cover, url: viewModel.imageURL, width: width, height: height, minimumTextRows: 5
    ) { textWidth, textHeight in
      SceneFrame(lines: page(viewModel, width: textWidth, height: textHeight))
    }
  }

  private func page(_ viewModel: Now.FetchNowPlaying.ViewModel, width: Int, height: Int) -> [String] {
    let header = [viewModel.headline, viewModel.album, viewModel.when, ""]
    return ScreenLayout.compose(
      header: header,
      body: { rows in
        if viewModel.headline.isEmpty, let error = viewModel.errorMessage { return [error] }
        guard !viewModel.earlier.isEmpty else { return [] }
        return Array((["Before it:"] + viewModel.earlier).prefix(rows))
      }, footer: ["Enter album · a artist · h back · r refresh"], width: width, height: height)
  }

  func plainLines() -> [String] {
    guard let viewModel else { return [title] }
    if viewModel.headline.isEmpty { return [viewModel.title, viewModel.errorMessage ?? viewModel.when] }
    return [viewModel.title, viewModel.headline, viewModel.album, viewModel.when].filter { !$0.isEmpty }
      + viewModel.earlier.map { "  " + $0 }
  }

  /// The Now screen has no `--json` of its own: `imgcache now NAME --json` is that document.
  func requestExport() {}
}
