import Foundation
import TerminalGraphics
import TerminalUI
import Testing

@testable import ArtistBrowser

/// The Now screen's cover through the kitty back end and the real screen renderer: what reaches the terminal as
/// the polls answer. A poll that brings the same track writes nothing; a new track of the same album rewrites the
/// text and sends no picture; a new cover is sent once.
@MainActor
@Suite struct NowPictureTests {
  static let kitty = GraphicsCapabilities(protocol: .kitty, cellSize: CellPixelSize(width: 10, height: 20))
  static let size = TerminalSize(columns: 100, rows: 30)
  static let albumCover = URL(string: "https://img.test/album.png")!

  static func play(_ name: String, cover: URL = albumCover) -> TrackPlay {
    TrackPlay(name: name, artist: "Artist", album: "Album", imageURL: cover, date: nil, isNowPlaying: true)
  }

  final class Screen {
    let output = RecordingOutput()
    lazy var renderer = ScreenRenderer(output: output)

    @MainActor func draw(_ scene: any BrowserScene) -> String {
      let frame = scene.renderFrame(width: NowPictureTests.size.columns, height: NowPictureTests.size.rows - 1)
      renderer.render(
        FrameBuilder.frame(body: frame.lines, pictures: frame.pictures, status: "s", size: NowPictureTests.size))
      return output.take()
    }
  }

  /// The kitty commands in `bytes` that carry a picture (`a=t` transmits, `a=T` transmits and places); the
  /// chunks after the first of a transmission have no `a=` and are not counted.
  static func transmissions(_ bytes: String) -> Int {
    bytes.components(separatedBy: "\u{1B}_G").dropFirst().filter { command in
      let control = command.prefix { $0 != ";" && $0 != "\u{1B}" }
      return control.split(separator: ",").contains { $0 == "a=T" || $0 == "a=t" }
    }.count
  }

  @Test func anUnchangedCoverIsNeverSentAgainAndANewOneOnce() async {
    // Given the Now screen on the kitty back end, answered: a track, the same track, another track of the same
    // album (the same cover), then a track of another album
    let loader = GatedThumbnailLoader()
    loader.open()
    let painter = SessionPictures.painter(for: Self.kitty, blockArt: LetterThumbnailRenderer())
    let cover = painter.map { LargePictureLoader(loader: loader, painter: $0, pictureID: PictureID.now) }
    let sut = NowViewController(
      runtime: SceneRuntime(preferences: BrowserPreferences(), thumbnails: nil), cover: cover)
    let worker = NowSceneTests.WorkerScript([
      .success([Self.play("One")]), .success([Self.play("One")]), .success([Self.play("Two")]),
      .success([Self.play("Three", cover: URL(string: "https://img.test/other.png")!)]),
    ])
    let interactor = NowInteractor(
      worker: worker, presenter: NowPresenter(viewController: sut), clock: { NowSceneTests.now })
    interactor.userName = "ada"
    sut.interactor = interactor
    let screen = Screen()

    // When the first answer is drawn and its cover arrives
    await interactor.fetchNowPlaying(request: .init())
    _ = screen.draw(sut)
    await sut.cover?.waitUntilIdle()
    let first = screen.draw(sut)
    // Then the cover is sent once
    #expect(Self.transmissions(first) == 1, "\(first.debugDescription.prefix(300))")

    // When a poll brings the same track
    let samePresented = await interactor.fetchNowPlaying(request: .init(refresh: true))
    // Then nothing is presented and nothing written
    #expect(!samePresented)
    #expect(screen.draw(sut).isEmpty)

    // When a poll brings another track of the same album
    await interactor.fetchNowPlaying(request: .init(refresh: true))
    let changed = screen.draw(sut)
    await sut.cover?.waitUntilIdle()
    let settled = changed + screen.draw(sut)
    // Then the new track is written and the cover is not sent again
    #expect(changed.contains("Artist — Two"))
    #expect(Self.transmissions(settled) == 0, "\(settled.debugDescription.prefix(300))")

    // When a poll brings a track with another cover
    await interactor.fetchNowPlaying(request: .init(refresh: true))
    let other = screen.draw(sut)
    await sut.cover?.waitUntilIdle()
    let otherSettled = other + screen.draw(sut)
    // Then that cover is sent, once
    #expect(other.contains("Artist — Three"))
    #expect(Self.transmissions(otherSettled) == 1)
    #expect(loader.requested == [Self.albumCover, URL(string: "https://img.test/other.png")!])
  }
}
