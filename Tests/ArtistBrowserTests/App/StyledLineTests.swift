import DemoCatalog
import Foundation
import TerminalUI
import Testing
import ToolOptions

@testable import ArtistBrowser

@Suite struct StyledLineTests {
  private let red = "\u{1B}[38;5;196;48;5;21m"

  @Test func colourCodesAreKeptAndTakeNoColumns() {
    let art = red + "▀▀" + "\u{1B}[0m"
    let line = StyledLine.screenLine("> " + art + " Cher", columns: 20)
    #expect(line.segments == [.preformatted("> " + art + " Cher", columns: 9)])
  }

  @Test func otherEscapeSequencesAndControlsFromTextAreRemoved() {
    let hostile = "Bj\u{1B}[2Jörk\u{1B}]0;pwned\u{07} \u{07}x\u{9B}31m"
    let line = StyledLine.screenLine(hostile, columns: 20)
    #expect(line.segments == [.preformatted("Björk x", columns: 7)])
  }

  @Test func aColourCodeWithForeignBytesIsNotAColourCode() {
    // ESC [ ? 1049 h is not SGR: it goes, with nothing left behind.
    #expect(StyledLine.tokens(of: "a\u{1B}[?1049hb") == [.text("a\u{1B}[?1049hb")])
    #expect(StyledLine.screenLine("a\u{1B}[?1049hb", columns: 5).segments == [.preformatted("ab", columns: 2)])
  }

  @Test func textIsClippedToTheScreenWidth() {
    let line = StyledLine.screenLine(red + "▀▀▀" + "\u{1B}[0m" + " Radiohead", columns: 8)
    #expect(line.segments == [.preformatted(red + "▀▀▀" + "\u{1B}[0m" + " Rad…", columns: 8)])
  }

  @Test func displayWidthSkipsColourCodesAndFitKeepsThem() {
    let art = "\u{1B}[38;2;255;0;0;48;2;0;0;255m▀\u{1B}[48;2;1;2;3m▀\u{1B}[0m"
    #expect(TerminalText.displayWidth(art) == 2)
    #expect(TerminalText.fit("> " + art + " Cher", toColumns: 10) == "> " + art + " Cher ")
    #expect(TerminalText.truncate(art + "abcdef", toColumns: 5) == art + "ab…")
  }
}

@Suite struct StatusBarTests {
  @Test func theDemoCatalogIsNamedWithItsReasonBeforeAndAfterDataArrives() {
    let before = StatusBar.text(StatusLine(isLoading: true), catalog: .demo(.noAPIKey), width: 80)
    #expect(before.hasPrefix("demo catalog (no LASTFM_API_KEY set) · loading…"))
    #expect(before.hasSuffix("? help · q quit"))
    #expect(TerminalText.displayWidth(before) == 80)
    let after = StatusBar.text(StatusLine(source: .demoCatalog), catalog: .demo(.requested), width: 60)
    #expect(after.hasPrefix("demo catalog (--demo) "))
  }

  @Test func lastFMStatusShowsSourceStaleAndError() {
    let catalog = CatalogChoice.lastFM(baseURL: URL(string: "https://ws.audioscrobbler.com/2.0/")!)
    let status = StatusLine(source: .offlineCache, isStale: true, error: "Network failed: timed out.")
    let text = StatusBar.text(status, catalog: catalog, width: 100)
    #expect(text.hasPrefix("offline cache · stale · Network failed: timed out."))
    #expect(StatusBar.text(StatusLine(), catalog: catalog, width: 40).hasPrefix("Last.fm "))
  }

  @Test func aNarrowScreenDropsTheHintFirst() {
    let text = StatusBar.text(
      StatusLine(source: .lastFM, isLoading: true),
      catalog: .lastFM(baseURL: URL(string: "https://ws.audioscrobbler.com/2.0/")!), width: 20)
    #expect(text == "Last.fm · loading…  ")
  }

  @Test func aFrameSplitsRowsWherePicturesBeginAndEnd() {
    // Given a body row with a picture over columns 2-4 and the colour of the cells after it set inside
    let red = "\u{1B}[38;5;196m"
    let picture = PicturePlacement(
      id: 1, rect: CellRect(row: 0, column: 2, columns: 3, rows: 1), contentKey: "k",
      drawing: PictureDrawing { [] })
    // When the frame is built
    let frame = FrameBuilder.frame(
      body: ["ab   " + red + "cd"], pictures: [picture], status: "s", size: TerminalSize(columns: 7, rows: 2))
    // Then the row is three segments, so the renderer can step over the middle one
    let expected: [LineSegment] = [
      .preformatted("ab", columns: 2), .preformatted("   ", columns: 3), .preformatted(red + "cd", columns: 2),
    ]
    #expect(frame[0].segments == expected)
    #expect(frame.pictures == [picture])
    #expect(frame.pictureColumns(row: 0) == [2..<5])
  }

  @Test func aPictureOverTheStatusLineIsLeftOut() {
    let picture = PicturePlacement(
      id: 1, rect: CellRect(row: 0, column: 0, columns: 2, rows: 2), contentKey: "k", drawing: PictureDrawing { [] })
    let frame = FrameBuilder.frame(
      body: ["ab"], pictures: [picture], status: "s", size: TerminalSize(columns: 7, rows: 2))
    #expect(frame.pictures.isEmpty)
  }

  @Test func theWholeLinePathGivesWhatTheTokensGive() {
    // Lines a frame is made of (block art, names, padding, hints), and lines that must take the tokens' path
    let red = "\u{1B}[38;5;196;48;5;21m"
    let art = red + "▀\u{1FB00}▄" + "\u{1B}[48;2;1;2;3m▌\u{1B}[0m"
    let lines = [
      "", "> " + art + " Cher", art, "  1. Björk — 1.2M listeners", String(repeating: " ", count: 30), red,
      "Bj\u{1B}[2Jörk", "tab\tx", "日本語", "e\u{301}", art + " " + String(repeating: "x", count: 40),
    ]
    for line in lines {
      for columns in [0, 5, 30, 100] {
        #expect(
          StyledLine.screenLine(line, columns: columns) == StyledLine.tokenized(line, columns: columns, splitAt: []),
          "\(line.debugDescription) at \(columns) columns")
      }
    }
  }
}
