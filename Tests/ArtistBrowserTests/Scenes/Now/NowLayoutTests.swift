import Foundation
import TerminalGraphics
import TerminalUI
import Testing

@testable import ArtistBrowser

/// The Now screen at the sizes people use (80×24, 100×30, 160×45, less the status line): the cover beside the
/// text from 80 columns, the five fact lines in fixed places, the earlier tracks with their small covers; and
/// what gives way on smaller screens: the small covers, then the earlier tracks, then the footer, then the tags
/// and the play counts. The idle screen shows the week's albums as a wall of small tiles.
@MainActor
@Suite struct NowLayoutTests {
  static let now = NowSceneTests.now

  static func viewModel(week: Now.FetchNowPlaying.WeekSummary? = nil) -> Now.FetchNowPlaying.ViewModel {
    .init(
      title: "Now — ada", headline: "Artist — One", album: "Album", when: "▶ playing now · ♥ loved",
      playCounts: "12 plays of this track · 340 of the artist", tags: "tags: drone · ambient",
      earlier: (1...5).map {
        .init(text: "Artist — Earlier \($0)", imageURL: URL(string: "https://img.test/e\($0).png"))
      },
      imageURL: URL(string: "https://img.test/cover.png"), week: week, errorMessage: nil,
      status: StatusLine(source: .demoCatalog))
  }

  /// A scene whose pictures (cover, small covers, wall tiles) all arrive at once, drawn as `#` letters.
  func makeSUT(_ viewModel: Now.FetchNowPlaying.ViewModel = viewModel()) async -> NowViewController {
    let loader = GatedThumbnailLoader()
    loader.open()
    let painter = BlockArtPicturePainter(renderer: LetterThumbnailRenderer())
    let preferences = BrowserPreferences()
    preferences.wallTileSize = .small
    let sut = NowViewController(
      runtime: SceneRuntime(
        preferences: BrowserPreferences(), thumbnails: ThumbnailSlots(loader: loader, painter: painter)),
      cover: LargePictureLoader(loader: loader, painter: painter, pictureID: PictureID.now),
      weekWall: WallView(preferences: preferences, cellAspect: 2) { size, first in
        ThumbnailSlots(loader: loader, painter: painter, size: size, firstPictureID: first)
      })
    sut.displayNowPlaying(viewModel: viewModel)
    return sut
  }

  /// Draws until every picture asked for has arrived, then once more.
  func settled(_ sut: NowViewController, width: Int, height: Int) async -> [String] {
    _ = sut.renderFrame(width: width, height: height)
    await sut.cover?.waitUntilIdle()
    await sut.waitForThumbnails()
    _ = sut.renderFrame(width: width, height: height)
    await sut.waitForThumbnails()
    let lines = sut.renderFrame(width: width, height: height).lines
    let plain = lines.map { $0.replacingOccurrences(of: "\u{1B}[0m", with: "") }
    #expect(lines.count == height)
    #expect(lines.allSatisfy { TerminalText.displayWidth($0) == width })
    return plain
  }

  func text(_ line: String, columns: Int) -> String {
    String(line.prefix(columns)).trimmingCharacters(in: .whitespaces)
  }

  /// The rows of `lines` whose columns `range` are all `#`: where a picture was drawn.
  func pictureRows(_ lines: [String], columns range: Range<Int>) -> [Int] {
    lines.indices.filter { index in
      let characters = Array(lines[index])
      return range.upperBound <= characters.count && characters[range].allSatisfy { $0 == "#" }
    }
  }

  @Test(arguments: [(80, 23, 28, 14), (100, 29, 48, 24), (160, 44, 88, 44)])
  func everyFactFitsBesideTheCover(width: Int, height: Int, coverColumns: Int, coverRows: Int) async {
    let sut = await makeSUT()
    let lines = await settled(sut, width: width, height: height)
    let textColumns = width - coverColumns - PicturePane.gap
    // The cover fills its box at the right, as tall as the screen or the box's width allows
    #expect(pictureRows(lines, columns: (width - coverColumns)..<width) == Array(0..<coverRows))
    // The five fact lines in their places
    #expect(
      lines.prefix(5).map { text($0, columns: textColumns) } == [
        "Artist — One", "Album", "▶ playing now · ♥ loved", "12 plays of this track · 340 of the artist",
        "tags: drone · ambient",
      ])
    #expect(text(lines[6], columns: textColumns) == "Before it:")
    // Every earlier track, with its small cover (6 × 3) beside it, and the keys at the bottom
    let covers = pictureRows(lines, columns: 2..<8)
    #expect(covers.count == 15, "five rows of covers three lines tall")
    for index in 1...5 { #expect(lines.contains { $0.contains("Earlier \(index)") }) }
    #expect(text(lines[height - 1], columns: textColumns).hasPrefix("Enter album"))
  }

  @Test func aShortScreenDropsTheSmallCoversThenTheOldestEarlierTracks() async {
    let sut = await makeSUT()
    // 80 × 12: five fact lines, the footer, and six rows for the earlier tracks: too few for two with covers
    let lines = await settled(sut, width: 80, height: 12)
    #expect(pictureRows(lines, columns: 2..<8).isEmpty, "no small covers")
    #expect(lines[5].hasPrefix(" ") && text(lines[6], columns: 50) == "Before it:")
    #expect((1...4).allSatisfy { index in lines.contains { $0.contains("Earlier \(index)") } })
    #expect(!lines.contains { $0.contains("Earlier 5") }, "the oldest gives way")
    #expect(text(lines[11], columns: 50).hasPrefix("Enter album"))
  }

  @Test func aTinyScreenKeepsTheHeadlineLongest() async {
    let sut = await makeSUT()
    let five = await settled(sut, width: 80, height: 5)
    #expect(text(five[4], columns: 50) == "tags: drone · ambient", "the footer went first")
    let three = await settled(sut, width: 80, height: 3)
    #expect(three.map { text($0, columns: 50) } == ["Artist — One", "Album", "▶ playing now · ♥ loved"])
  }

  @Test func belowEightyColumnsTheCoverGoesAboveAndTheEarlierTracksGiveWay() async {
    let sut = await makeSUT()
    let lines = await settled(sut, width: 60, height: 23)
    // 16 rows of cover (32 columns wide), a blank line, the five fact lines and the footer
    #expect(pictureRows(lines, columns: 0..<32) == Array(0..<16))
    #expect(text(lines[17], columns: 60) == "Artist — One")
    #expect(text(lines[21], columns: 60) == "tags: drone · ambient")
    #expect(text(lines[22], columns: 60).hasPrefix("Enter album"))
    #expect(!lines.contains { $0.contains("Earlier") })
  }

  @Test func theIdleScreenShowsTheWeeksAlbumsAsAWallOfSmallTiles() async {
    let albums = (1...8).map {
      WallTile(imageURL: URL(string: "https://img.test/a\($0).png"), title: "Album \($0)", subtitle: "\($0) plays")
    }
    let week = Now.FetchNowPlaying.WeekSummary(
      scrobbles: "0 scrobbles in the last 7 days", albumsTitle: "Top albums, last month", albums: albums)
    let sut = await makeSUT(Self.viewModel(week: week))
    let lines = await settled(sut, width: 80, height: 23)
    #expect(lines.map { text($0, columns: 80) }.contains("0 scrobbles in the last 7 days"))
    #expect(lines.map { text($0, columns: 80) }.contains("Top albums, last month"))
    // Small tiles (12 columns, 6 rows of picture, 14 × 10 with frame and captions): five across, one row
    for index in 1...5 { #expect(lines.contains { $0.contains("Album \(index)") }) }
    #expect(!lines.contains { $0.contains("Album 6") })
    #expect(pictureRows(lines, columns: 1..<13).count == 6)
    #expect(!lines.contains { $0.contains("Before it:") })
    #expect(sut.isSettled)
  }
}
