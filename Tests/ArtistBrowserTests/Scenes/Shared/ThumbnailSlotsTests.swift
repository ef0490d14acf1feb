import Foundation
import ImageCache
import Synchronization
import TerminalGraphics
import Testing

@testable import ArtistBrowser

@MainActor
@Suite(.timeLimit(.minutes(20))) struct ThumbnailSlotsTests {
  /// Fails for URLs ending in "broken.png", comes back cancelled (its task was not) for "given-up.png", succeeds
  /// otherwise; counts calls.
  final class FlakyLoader: ThumbnailLoading {
    private let calls = Mutex<[URL]>([])
    var requested: [URL] { calls.withLock { $0 } }

    func thumbnail(for url: URL) async throws -> ImageBitmap {
      calls.withLock { $0.append(url) }
      if url.lastPathComponent == "broken.png" { throw ImageDecodingError.corrupt(format: .png, reason: "truncated") }
      if url.lastPathComponent == "given-up.png" { throw CancellationError() }
      return ImageBitmap(width: 1, height: 1, pixels: [0, 0, 0, 255])
    }
  }

  let good = URL(string: "http://127.0.0.1/good.png")!
  let broken = URL(string: "http://127.0.0.1/broken.png")!
  let givenUp = URL(string: "http://127.0.0.1/given-up.png")!

  @Test func aBrokenImageShowsTheFailureMarkAndIsNotAskedAgain() async {
    let loader = FlakyLoader()
    let sut = ThumbnailSlots(
      loader: loader, renderer: LetterThumbnailRenderer(), size: ThumbnailSize(columns: 2, rows: 3))
    var updates = 0
    sut.onUpdate = { updates += 1 }
    sut.request([good, broken])
    await sut.waitUntilIdle()
    sut.request([good, broken])
    await sut.waitUntilIdle()
    // Each asked for once, in either order (the two loads run at once).
    #expect(loader.requested.count == 2)
    #expect(Set(loader.requested) == [good, broken])
    #expect(updates == 2)  // the picture, and the failure (a wall's status line counts failures)
    #expect(sut.lines(for: good) == ["##", "##", "##"])
    // The failure mark, never the dots of a cover still loading: the frame is complete, with one failure.
    #expect(sut.lines(for: broken) == ["  ", "× ", "  "])
    #expect(sut.lines(for: nil) == ["  ", "  ", "  "])
    #expect(sut.progress == FrameProgress(thumbnailsFailed: 1))
    #expect(sut.progress.isComplete)
  }

  /// The Now screen's slots: a day of earlier tracks must not pile up their pictures; a list's keep theirs.
  @Test func slotsKeepingOnlyTheRequestedDropAPictureNoLongerAskedFor() async {
    let other = URL(string: "http://127.0.0.1/other.png")!
    let size = ThumbnailSize(columns: 2, rows: 3)
    let painter = BlockArtPicturePainter(renderer: LetterThumbnailRenderer())
    let now = ThumbnailSlots(loader: FlakyLoader(), painter: painter, size: size, keepsOnlyRequested: true)
    let list = ThumbnailSlots(loader: FlakyLoader(), painter: painter, size: size)
    for sut in [now, list] {
      sut.request([good, broken])
      await sut.waitUntilIdle()
      sut.request([other])
      await sut.waitUntilIdle()
    }
    #expect(now.isReady(other) && !now.isReady(good) && now.failedURLs.isEmpty)
    #expect(list.isReady(other) && list.isReady(good) && list.failedURLs == [broken])
  }

  /// What `--exit-after-first-frame` waits for is what the frame shows: a slot whose load ended without a picture
  /// and without failing (cancelled under it) still shows its placeholder, so the frame is not complete, though
  /// nothing is in flight any more.
  @Test func aSlotLeftWithoutAPictureIsStillAwaited() async {
    let sut = ThumbnailSlots(
      loader: FlakyLoader(), renderer: LetterThumbnailRenderer(), size: ThumbnailSize(columns: 2, rows: 3))
    #expect(sut.progress.isComplete)  // nothing drawn yet, nothing awaited
    sut.request([good, givenUp], prefetch: [broken])
    await sut.waitUntilIdle()
    #expect(sut.pendingURLs.isEmpty)
    #expect(sut.lines(for: givenUp) == ["  ", "··", "  "])
    // Only the slots on screen count: the prefetched cover that failed is not on this frame.
    #expect(sut.progress == FrameProgress(thumbnailsAwaited: 1))
    #expect(!sut.progress.isComplete)
    // When the rows on screen change to ones whose covers are in, the frame is complete.
    sut.request([good])
    #expect(sut.progress.isComplete)
  }

  @Test func blockArtThumbnailsAskForFourByEightPixelsACell() async {
    // Given block-art slots of 6×3 cells
    let loader = GatedThumbnailLoader()
    loader.open()
    let sut = ThumbnailSlots(loader: loader, renderer: LetterThumbnailRenderer(), size: ThumbnailSize.row)
    // When two rows ask for their covers
    sut.request([good, broken])
    await sut.waitUntilIdle()
    // Then each cover is asked for fitted to 24×24 pixels, twice the sextants' 12×9 samples each way
    #expect(loader.boxes == [PixelSize(width: 24, height: 24), PixelSize(width: 24, height: 24)])
    #expect(sut.lines(for: good) == Array(repeating: "######", count: 3))
  }

  @Test func kittyPicturesAreNamedByTheirURLAndSentOnce() async {
    // Given kitty slots kept in the terminal, and two covers whose pixels are the same (the loader answers
    // one black pixel for both)
    let kitty = GraphicsCapabilities(protocol: .kitty, cellSize: CellPixelSize(width: 10, height: 20))
    let painter = SessionPictures.painter(for: kitty, blockArt: nil, store: KittyPictureStore())!
    let sut = ThumbnailSlots(loader: FlakyLoader(), painter: painter, size: ThumbnailSize(columns: 4, rows: 2))
    let twin = URL(string: "http://127.0.0.1/twin.png")!
    // When both arrive and are drawn
    sut.request([good, twin])
    await sut.waitUntilIdle()
    let first = sut.placement(for: good, row: 0, column: 0).map { String(decoding: $0.drawing.bytes, as: UTF8.self) }
    let second = sut.placement(for: twin, row: 2, column: 0).map { String(decoding: $0.drawing.bytes, as: UTF8.self) }
    // Then each URL is its own picture: both are transmitted, under different image ids
    let ids = [first, second].map { $0?.firstMatch(of: /a=t,[^\u{1B}]*?i=(\d+)/).map { String($0.1) } }
    #expect(ids.allSatisfy { $0 != nil })
    #expect(ids[0] != ids[1])
    // And drawing the first again (a scroll brought it back) places it without sending its data again
    let again = sut.placement(for: good, row: 4, column: 0).map { String(decoding: $0.drawing.bytes, as: UTF8.self) }
    #expect(again?.contains("a=t") == false)
    #expect(again?.contains("a=p") == true)
  }
}

@MainActor
@Suite struct StatusLineTests {
  @Test func loadingShowsUntilTheDataArrives() async {
    let factory = SceneFactory(
      services: BrowserServices(
        artists: Seeds.store(source: .offlineCache), recentSearches: InMemoryRecentSearchesStore()),
      preferences: BrowserPreferences(), navigator: NavigatorSpy())
    let sut = factory.makeTopArtists()
    sut.start()
    #expect(sut.status.text == "loading…")
    #expect(sut.render(width: 20, height: 4)[2] == "Loading…            ")
    await sut.waitForLoad()
    #expect(sut.status.text == "offline cache")
  }

  @Test func everyPartInOrder() {
    let status = StatusLine(source: .demoCatalog, isStale: true, isLoading: true, error: "Network failed: x.")
    #expect(status.text == "demo catalog · stale · loading… · Network failed: x.")
    #expect(StatusLine().text == "")
  }
}

@MainActor
@Suite struct ListRendererTests {
  @Test func tallThumbnailsPutTheLabelOnTheMiddleLine() {
    let slots = ThumbnailSlots(
      loader: GatedThumbnailLoader(), renderer: LetterThumbnailRenderer(), size: ThumbnailSize(columns: 2, rows: 3))
    var viewport = ListViewport()
    viewport.setCount(3)
    let lines = ListRenderer.lines(
      texts: ["one", "two", "three"], imageURLs: [URL(string: "http://127.0.0.1/1.png"), nil, nil],
      viewport: &viewport, width: 12, height: 7, thumbnails: slots)
    #expect(
      lines == [
        "            ", "> ·· one    ", "            ",
        "            ", "     two    ", "            ",
      ])
    #expect(viewport.visibleRows == 2)
    slots.cancelAll()
  }
}
