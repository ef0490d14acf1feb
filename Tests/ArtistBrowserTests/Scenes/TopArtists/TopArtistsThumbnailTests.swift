import Foundation
import TerminalGraphics
import TerminalUI
import Testing

@testable import ArtistBrowser

/// The chart wired for real (in-memory store) with a gated thumbnail loader.
@MainActor
@Suite(.timeLimit(.minutes(20))) struct TopArtistsThumbnailTests {
  func makeSUT(chart: [ArtistSummary], painter: (any PicturePainting)? = nil) async
    -> (TopArtistsViewController, GatedThumbnailLoader)
  {
    let loader = GatedThumbnailLoader()
    let navigator = NavigatorSpy()
    let services = BrowserServices(
      artists: Seeds.store(chart: chart), recentSearches: InMemoryRecentSearchesStore(), thumbnailLoader: loader,
      thumbnailRenderer: LetterThumbnailRenderer(), thumbnailSize: ThumbnailSize(columns: 3, rows: 1),
      picturePainter: painter)
    let factory = SceneFactory(
      services: services, preferences: BrowserPreferences(showsThumbnails: true), navigator: navigator)
    let sut = factory.makeTopArtists()
    sut.start()
    await sut.waitForLoad()
    return (sut, loader)
  }

  @Test func placeholderFirstThenTheThumbnail() async {
    // Given
    let (sut, loader) = await makeSUT(chart: [Seeds.cher])
    var redraws = 0
    sut.onNeedsDisplay = { redraws += 1 }
    // When
    let before = sut.render(width: 40, height: 4)
    // Then
    #expect(before[2].hasPrefix("> ···   1. Cher"))
    // When the loader answers
    loader.open()
    await sut.thumbnails?.waitUntilIdle()
    // Then
    #expect(redraws == 1)
    #expect(sut.render(width: 40, height: 4)[2].hasPrefix("> ###   1. Cher"))
    #expect(loader.requested == [Seeds.cherURL])
  }

  @Test func onlyVisibleRowsLoadAndScrolledAwayLoadsAreCancelled() async {
    // Given 6 artists and room for 2 rows
    let chart = Seeds.chart(6)
    let urls = chart.compactMap(\.imageURL)
    let (sut, loader) = await makeSUT(chart: chart)
    _ = sut.render(width: 40, height: 5)
    await loader.waitUntil { requested, _ in requested.count == 2 }
    // The two loads run at once: they may reach the loader in either order.
    #expect(loader.requested.count == 2)
    #expect(Set(loader.requested) == Set(urls[0...1]))
    // When jumping to the bottom
    _ = sut.handle(.character("G"))
    _ = sut.render(width: 40, height: 5)
    await loader.waitUntil { requested, cancelled in requested.count == 4 && cancelled.count == 2 }
    // Then the first two were cancelled and the last two asked for
    #expect(Set(loader.cancelled) == Set(urls[0...1]))
    #expect(Set(loader.requested.suffix(2)) == Set(urls[4...5]))
    #expect(sut.thumbnails?.pendingURLs == Set(urls[4...5]))
    loader.open()
    await sut.thumbnails?.waitUntilIdle()
  }

  @Test func withAGraphicsProtocolThumbnailsArePlacedOverBlankSlots() async {
    // Given a painter that places pictures
    let (sut, loader) = await makeSUT(chart: [Seeds.cher, Seeds.abba], painter: PlacingPainter())
    // When the chart is drawn and its thumbnails arrive
    _ = sut.renderFrame(width: 40, height: 5)
    loader.open()
    await sut.thumbnails?.waitUntilIdle()
    let frame = sut.renderFrame(width: 40, height: 5)
    // Then each row keeps a blank slot and a picture is placed over it, one id per cover
    #expect(frame.lines[2].hasPrefix(">       1. Cher"))
    #expect(frame.pictures.map(\.rect) == [CellRect(row: 2, column: 2, columns: 3, rows: 1)])
    #expect(frame.pictures.map(\.id) == [ThumbnailSlots.firstPictureID])
    #expect(frame.pictures.first?.contentKey == Seeds.cherURL.absoluteString)
    #expect(frame.pictures.first.map { String(decoding: $0.drawing.bytes, as: UTF8.self) } == "<picture 3x1>")
  }

  /// What `--exit-after-first-frame` waits for: the chart loaded and every thumbnail on screen drawn.
  @Test func settlesOnlyWhenTheChartAndEveryShownThumbnailAreIn() async {
    // Given a chart still loading
    let loader = GatedThumbnailLoader()
    let factory = SceneFactory(
      services: BrowserServices(
        artists: Seeds.store(chart: Seeds.chart(3)), recentSearches: InMemoryRecentSearchesStore(),
        thumbnailLoader: loader, thumbnailRenderer: LetterThumbnailRenderer(),
        thumbnailSize: ThumbnailSize(columns: 3, rows: 1)),
      preferences: BrowserPreferences(showsThumbnails: true), navigator: NavigatorSpy())
    let sut = factory.makeTopArtists()
    sut.start()
    #expect(!sut.isSettled)
    // When it has loaded and its rows ask for their thumbnails
    await sut.waitForLoad()
    _ = sut.render(width: 40, height: 6)
    await loader.waitUntil { requested, _ in requested.count == 3 }
    // Then it waits for them
    #expect(!sut.isSettled)
    // When they arrive
    loader.open()
    await sut.thumbnails?.waitUntilIdle()
    // Then the next frame is complete
    #expect(sut.isSettled)
    #expect(sut.render(width: 40, height: 6)[2...4].allSatisfy { $0.contains("###") })
  }

  @Test func toggleOffDrawsNoThumbnails() async {
    let (sut, loader) = await makeSUT(chart: [Seeds.cher])
    _ = sut.handle(.character("t"))
    let lines = sut.render(width: 40, height: 4)
    #expect(lines[2].hasPrefix(">   1. Cher"))
    #expect(loader.requested == [])
  }
}
