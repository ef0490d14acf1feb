import DemoCatalog
import Foundation
import TerminalUI
import Testing
import ToolOptions

@testable import ArtistBrowser

/// The status line names the catalog in use, and shortens a long error there only: the reason is what goes, the
/// key to press stays.
@Suite struct StatusMessageTests {
  static let longReason =
    "could not reach Last.fm: could not connect: Failed to connect to ws.audioscrobbler.com port 443 after 3 ms: "
    + "Couldn't connect to server"

  @Test(arguments: [
    ("https://ws.audioscrobbler.com/2.0/", "Last.fm"), ("http://127.0.0.1:8080/2.0/", "127.0.0.1:8080"),
    ("https://lastfm.example.org/2.0/", "lastfm.example.org"),
  ])
  func theStatusLineNamesTheCatalogInUse(base: String, name: String) throws {
    let catalog = CatalogChoice.lastFM(baseURL: try #require(URL(string: base)))
    // Before the first answer, and once answers labelled Last.fm arrive
    #expect(StatusBar.text(StatusLine(isLoading: true), catalog: catalog, width: 80).hasPrefix("\(name) · loading…"))
    #expect(StatusBar.text(StatusLine(source: .lastFM), catalog: catalog, width: 80).hasPrefix("\(name) "))
  }

  @Test func theDemoCatalogIsNamedByItsNotice() {
    #expect(
      StatusBar.text(StatusLine(source: .demoCatalog), catalog: .demo(.noAPIKey), width: 80)
        .hasPrefix("demo catalog (no LASTFM_API_KEY set) "))
  }

  @Test func aLongErrorIsShortenedOnTheStatusLineKeepingTheKeyToPress() {
    let message = ErrorMessage.text(for: .networkFailed(reason: Self.longReason))
    #expect(message == "Network failed: \(Self.longReason). Press r to retry.", "the message itself is whole")
    let catalog = CatalogChoice.lastFM(baseURL: URL(string: "https://ws.audioscrobbler.com/2.0/")!)
    let line = StatusBar.text(StatusLine(source: .lastFM, error: message), catalog: catalog, width: 100)
    #expect(TerminalText.displayWidth(line) == 100)
    #expect(line.hasPrefix("Last.fm · Network failed: could not reach Last.fm"))
    #expect(line.hasSuffix("… Press r to retry.  ? help · q quit"))
  }

  @Test func fittedKeepsTheHintAndCutsTheReason() {
    let message = "Network failed: \(Self.longReason). Press r to retry."
    let fitted = ErrorMessage.fitted(message, columns: 50)
    #expect(TerminalText.displayWidth(fitted) <= 50)
    #expect(fitted.hasPrefix("Network failed: could not reach"))
    #expect(fitted.hasSuffix("… Press r to retry."))
    #expect(ErrorMessage.fitted("Short. Press r to retry.", columns: 50) == "Short. Press r to retry.")
  }

  @Test func aPrintoutKeepsTheWholeReason() {
    let message = ErrorMessage.forPrintout(ErrorMessage.text(for: .unexpected(Self.longReason)))
    #expect(message == "Something went wrong: \(Self.longReason)")
  }
}
