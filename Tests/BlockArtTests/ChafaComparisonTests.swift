import BlockArt
import Foundation
import ImageCache
import ImageEncoding
import TestSupport
import Testing

private let chafaPath = "/usr/bin/chafa"

/// Scores our block art and chafa's (`-f symbols` with the same symbols: `vhalf` for half blocks,
/// `sextant+quad+half+space+solid` for sextants) with the same parser and PSNR code, on the same pixels (our
/// bitmap, PNG-encoded for chafa). Figures are printed; the assertions only pin what should hold on any machine
/// with chafa installed.
@Suite(
  .enabled(
    if: FileManager.default.isExecutableFile(atPath: chafaPath),
    "chafa is not installed at \(chafaPath) (scripts/install-deps chafa)"),
  .timeLimit(.minutes(20)))
struct ChafaComparisonTests {

  struct Score: CustomStringConvertible {
    let ours: Double
    let chafa: Double
    var description: String { String(format: "ours %.2f dB, chafa %.2f dB", ours, chafa) }
  }

  @Test(arguments: [ColorMode.trueColor, .xterm256, .ansi16])
  func ourOutputIsAtLeastAsFaithfulAsChafas(mode: ColorMode) async throws {
    let bitmap = Bitmaps.synthetic(width: 240, height: 180)
    let score = try await compare(bitmap, mode: mode, columns: 40, rows: 15, space: .sRGB)
    let linearScore = try await compare(bitmap, mode: mode, columns: 40, rows: 15, space: .linear)
    print("chafa comparison, \(mode.rawValue), sRGB reference: \(score); linear reference: \(linearScore)")
    #expect(score.ours >= score.chafa)
    #expect(linearScore.ours >= linearScore.chafa)
  }

  /// Sextants against chafa's best effort (`-w 9`) with the same symbol set, scored on the 2×6 sample grid where
  /// every glyph of the set is exact; both outputs go through the parser (ours must read back as what we claim
  /// to show).
  @Test(arguments: [ColorMode.trueColor, .xterm256])
  func sextantsAreAtLeastAsFaithfulAsChafas(mode: ColorMode) async throws {
    var scores: [Score] = []
    for (width, height) in [(240, 180), (174, 174)] {
      let bitmap = Bitmaps.synthetic(width: width, height: height)
      let art = BlockArtRenderer(colorMode: mode, symbols: .sextant).art(for: bitmap, columns: 40, rows: 15)
      let parser = BlockArtParser(symbols: .sextant)
      #expect(parser.parse(lines: art.lines) == art.shown)
      let chafaOutput = try await runChafa(
        on: bitmap, mode: mode, columns: 40, rows: 15, symbols: "sextant+quad+half+space+solid")
      let theirs = parser.parse(chafaOutput)
      #expect(theirs.width > 0 && theirs.height > 0, "chafa printed \(chafaOutput.utf8.count) bytes")
      #expect(
        chafaOutput.unicodeScalars.contains { $0.value >= 0x1FB00 && $0.value <= 0x1FB3B },
        "chafa drew no sextant, so this compares nothing new")
      let ours = BlockArtFidelity.reference(for: bitmap, grid: art.grid, symbols: .sextant)
      let reference = BlockArtFidelity.reference(for: bitmap, columns: theirs.width, pixelRows: theirs.height)
      let score = Score(
        ours: BlockArtFidelity.psnr(art.shown, reference: ours),
        chafa: BlockArtFidelity.psnr(theirs, reference: reference))
      print("chafa comparison, sextants, \(mode.rawValue), \(width)×\(height): \(score)")
      scores.append(score)
    }
    #expect(scores.allSatisfy { $0.ours >= $0.chafa }, "\(scores)")
  }

  private func compare(_ bitmap: ImageBitmap, mode: ColorMode, columns: Int, rows: Int, space: FilterSpace) async throws
    -> Score
  {
    let art = BlockArtRenderer(colorMode: mode).art(for: bitmap, columns: columns, rows: rows)
    let chafaOutput = try await runChafa(on: bitmap, mode: mode, columns: columns, rows: rows)
    let theirs = BlockArtParser().parse(chafaOutput)
    // Fairness check: every line of chafa's output was understood in full (no cells lost to unknown sequences).
    let lineWidths = chafaOutput.split(separator: "\n").map { BlockArtParser().parse(String($0)).width }
    #expect(lineWidths.allSatisfy { $0 == theirs.width }, "chafa line widths \(lineWidths)")
    print("grids: ours \(art.grid.columns)×\(art.grid.pixelRows), chafa \(theirs.width)×\(theirs.height)")
    // Each side is scored against the source averaged onto its own grid, in case the two fit the box differently.
    let ourReference = BlockArtFidelity.reference(
      for: bitmap, columns: art.grid.columns, pixelRows: art.grid.pixelRows, space: space)
    let theirReference = BlockArtFidelity.reference(
      for: bitmap, columns: theirs.width, pixelRows: theirs.height, space: space)
    return Score(
      ours: BlockArtFidelity.psnr(art.shown, reference: ourReference),
      chafa: BlockArtFidelity.psnr(theirs, reference: theirReference))
  }

  private func runChafa(
    on bitmap: ImageBitmap, mode: ColorMode, columns: Int, rows: Int, symbols: String = "vhalf"
  ) async throws -> String {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("blockart-\(UUID().uuidString).png")
    try Data(try PNGEncoder.encode(bitmap)).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let colors = ["truecolor": "full", "256": "256", "16": "16"][mode.rawValue]!
    let arguments = [
      "-f", "symbols", "--symbols", symbols, "-c", colors, "-s", "\(columns)x\(rows)", "--animate", "off",
      "--bg", "000000", "-w", "9", file.path,
    ]
    return try await ProcessRunner.run(URL(fileURLWithPath: chafaPath), arguments).stdout
  }
}
