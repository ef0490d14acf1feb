import Foundation
import TestSupport
import Testing

/// `artist-browser --plain --thumbs`: the scene printed with its covers drawn, for a pipe or a file.
@Suite(
  .enabled(if: BrowserProcess.isBuilt, "needs the built binary: run `swift build` first"), .timeLimit(.minutes(20)))
struct BrowserPlainThumbsEndToEndTests {
  @Test func withoutColourTheCoversAreCharacterShadesAndNoEscapeIsPrinted() async throws {
    let cache = try BrowserProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: cache) }

    let output = try await BrowserProcess.run(["--plain", "--thumbs", "--limit", "2"], cacheDirectory: cache)

    #expect(output.status == 0, "stderr: \(output.stderr)")
    #expect(!output.stdout.contains("\u{1B}"))
    let lines = output.stdout.split(separator: "\n").map(String.init)
    #expect(lines.first == "Top artists · sort: rank", "the notice is on stderr")
    #expect(output.stderr == "artist-browser: demo catalog (no LASTFM_API_KEY set)\n")
    // Two artists, each row beside three lines of cover drawn in the luminance ramp.
    let rows = lines.filter { $0.contains(" listeners") }
    #expect(rows.count == 2)
    let drawn = lines.dropFirst(1).filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
    #expect(drawn.count == 6)
    #expect(drawn.allSatisfy { line in line.dropFirst(2).prefix(6).allSatisfy { " .:-=+*#%@".contains($0) } })
    #expect(!output.stdout.contains("j/k move"))
  }

  @Test func withTruecolourTheCoverIsHalfBlocksInColour() async throws {
    let cache = try BrowserProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: cache) }

    let output = try await BrowserProcess.run(
      ["--plain", "--thumbs", "--color", "truecolor", "--album", "Ezra Sandkeakjind/Jeapral"], cacheDirectory: cache)

    #expect(output.status == 0, "stderr: \(output.stderr)")
    let coverLines = output.stdout.split(separator: "\n").filter { $0.contains("▀") }
    #expect(coverLines.count == 12)  // the album header's 24×12 cover
    #expect(coverLines.allSatisfy { $0.contains("\u{1B}[38;2;") && $0.hasSuffix("\u{1B}[0m") })
    #expect(output.stdout.contains("Northern Horizon"))
  }
}
