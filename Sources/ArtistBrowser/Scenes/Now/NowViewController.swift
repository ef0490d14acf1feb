import FoundationEssentials

@MainActor
protocol NowDisplayLogic: AnyObject {
  func displayNowPlaying(viewModel: Now.FetchNowPlaying.ViewModel)
}

/// What a listener plays now, followed live: the cover as large as the screen allows (pixels where the terminal
/// draws them, block art elsewhere), the track, its album and when, the loved heart, the listener's plays of the
/// track and the artist, the artist's tags, and the tracks before it with their small covers; after a day without
/// listening, the listener's week (`NowViewController+Layout`). A poll whose answer is the same track draws
/// nothing; a new track redraws once, and the cover is sent again only when it changed (`LargePictureLoader`
/// keeps an unchanged picture's transmission). The facts arrive after the track and fill their lines in.
final class NowViewController:
  SceneViewController<any NowBusinessLogic, any NowRoutingLogic & NowDataPassing>, SceneShell, NowDisplayLogic
{
  /// Waits between polls; injected so tests move time on without sleeping. Throws when the scene stops.
  typealias Sleep = @Sendable (_ seconds: Int) async throws -> Void

  private(set) var viewModel: Now.FetchNowPlaying.ViewModel?
  let cover: LargePictureLoader?
  /// The idle screen's small wall of the week's top albums; nil where the session draws no pictures.
  let weekWall: WallView?
  private let sleep: Sleep
  private var polling: Task<Void, Never>?

  init(
    runtime: SceneRuntime, cover: LargePictureLoader? = nil, weekWall: WallView? = nil,
    sleep: @escaping Sleep = { seconds in try await Task.sleep(for: .seconds(seconds)) }
  ) {
    self.cover = runtime.adopt(cover)
    self.weekWall = weekWall
    self.sleep = sleep
    super.init(runtime: runtime)
    weekWall?.onUpdate = { [weak runtime] in runtime?.changed() }
  }

  var title: String { viewModel?.title ?? "Now" }

  var status: StatusLine { runtime.status(viewModel?.status) }

  /// The first answer may come from the metadata cache; every poll after it asks the network.
  func start() {
    guard let interactor else { return }
    runtime.load {
      await interactor.fetchNowPlaying(request: .init())
      await interactor.waitForFacts()
    }
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
    interactor?.cancelFacts()
    weekWall?.cancelAll()
    runtime.stop()
  }

  var frameProgress: FrameProgress { runtime.progress + (weekWall?.progress ?? FrameProgress()) }

  func waitForThumbnails() async {
    await runtime.waitForThumbnails()
    await weekWall?.waitUntilIdle()
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
      runtime.load {
        await interactor.fetchNowPlaying(request: .init(refresh: true))
        await interactor.waitForFacts()
      }
    default: return false
    }
    return true
  }

  func plainLines() -> [String] {
    guard let viewModel else { return [title] }
    if viewModel.headline.isEmpty { return [viewModel.title, viewModel.errorMessage ?? viewModel.when] }
    let week = viewModel.week.map { week in
      [week.scrobbles, week.albums.isEmpty ? week.albumsTitle : week.albumsTitle + ":"]
        + week.albums.map { "  " + DisplayFormat.sanitized($0.title) + ($0.subtitle.isEmpty ? "" : "  " + $0.subtitle) }
    }
    return [viewModel.title, viewModel.headline, viewModel.album, viewModel.when, viewModel.playCounts, viewModel.tags]
      .filter { !$0.isEmpty } + (week ?? viewModel.earlier.map { "  " + $0.text })
  }

  /// The Now screen has no `--json` of its own: `imgcache now NAME --json` is that document.
  func requestExport() {}
}
