import Foundation
import TerminalGraphics
import TerminalUI
import Testing

@testable import ArtistBrowser

/// The listener's picture in the header's right end, drawn like the preview pane (outside the VIP cycle, through
/// the session's picture painter): a placeholder while it loads or when there is none, then the picture itself,
/// in the header's own rows so the list keeps its place.
@MainActor
@Suite struct ListenerProfilePictureTests {
  static let url = URL(string: "https://img.example/u/nightjar.png")!
  static let width = 100
  /// The header's four rows hold a square picture on cells twice as tall as wide: 8 × 4.
  static let box = (columns: 8, rows: 4)

  func makeSUT(renderer: any ThumbnailRendering = LetterThumbnailRenderer(), imageURL: URL? = url)
    -> (ListenerViewController, GatedThumbnailLoader)
  {
    let loader = GatedThumbnailLoader()
    let picture = LargePictureLoader(
      loader: loader, painter: BlockArtPicturePainter(renderer: renderer), pictureID: PictureID.listener)
    let sut = ListenerViewController(
      runtime: SceneRuntime(preferences: BrowserPreferences(), thumbnails: nil), profilePicture: picture)
    var viewModel = ListenerViewControllerTests.viewModel
    viewModel.imageURL = imageURL
    sut.displayListener(viewModel: viewModel)
    return (sut, loader)
  }

  /// The header's right end: the box's columns, after the text and the gap.
  static func pictureCells(_ line: String) -> String {
    let plain = line.replacingOccurrences(of: "\u{1B}[0m", with: "")
    return String(plain.dropFirst(width - box.columns).prefix(box.columns))
  }

  @Test func aPlaceholderWhileLoadingThenThePictureInTheHeadersRows() async {
    // Given a listener with a picture
    let (sut, loader) = makeSUT()
    // When drawn before the picture arrives
    let before = sut.renderFrame(width: Self.width, height: 20).lines
    // Then the picture is asked for, a placeholder stands in its box, and the text keeps its rows
    await loader.waitUntil { requested, _ in !requested.isEmpty }
    #expect(loader.requested == [Self.url])
    #expect(Self.pictureCells(before[1]).trimmingCharacters(in: .whitespaces) == PictureHeader.loadingLabel)
    #expect(before[0].hasPrefix("nightjar_radio · Mara Quell · "))
    #expect(before[3].hasPrefix("Recent tracks"))
    #expect(before[4].hasPrefix("> ▶ now playing  Sas Horizon"))
    #expect(!sut.isSettled)
    // When it arrives
    loader.open()
    await sut.profilePicture?.waitUntilIdle()
    let after = sut.renderFrame(width: Self.width, height: 20).lines
    // Then it fills the 8 × 4 box at the header's right end, and nothing below it
    for row in 0..<Self.box.rows { #expect(Self.pictureCells(after[row]) == "########", "row \(row)") }
    #expect(!after[Self.box.rows].contains("#"))
    #expect(after.allSatisfy { TerminalText.displayWidth($0) == Self.width })
    #expect(sut.isSettled)
  }

  @Test func theBlockArtCarriesThePicturesColours() async {
    // Given a true-colour block-art painter and a red picture (the loader's answer)
    let (sut, loader) = makeSUT(renderer: BlockArtThumbnailRenderer(colorMode: .trueColor))
    _ = sut.renderFrame(width: Self.width, height: 20)
    loader.open()
    await sut.profilePicture?.waitUntilIdle()
    // When drawn
    let header = sut.renderFrame(width: Self.width, height: 20).lines.prefix(Self.box.rows)
    // Then each header row ends in half blocks coloured as the picture: red decoded back from the bytes
    for line in header {
      let cells = String(line.split(separator: "\u{1B}[0m").dropFirst().joined())
      #expect(cells.contains("38;2;255;0;0") && cells.contains("▀"), "\(line.debugDescription)")
    }
  }

  @Test func noPictureOnLastFMIsAPlaceholderAndNoLoad() async {
    // Given a listener without a picture (none given, or only Last.fm's placeholder star, which is dropped)
    let (sut, loader) = makeSUT(imageURL: nil)
    // When drawn
    let lines = sut.renderFrame(width: Self.width, height: 20).lines
    // Then the box says so, nothing is asked for, and the scene is settled
    #expect(Self.pictureCells(lines[1]) == PictureHeader.noPictureLabel)
    #expect(loader.requested.isEmpty)
    #expect(sut.isSettled)
  }

  @Test func below100ColumnsTheHeaderHasNoPicture() {
    let (sut, loader) = makeSUT()
    let lines = sut.renderFrame(width: 99, height: 20).lines
    #expect(lines[0].hasPrefix("nightjar_radio · Mara Quell · 1.9K scrobbles"))
    #expect(!lines.prefix(4).contains { $0.contains(PictureHeader.loadingLabel) })
    #expect(loader.requested.isEmpty)
  }
}
