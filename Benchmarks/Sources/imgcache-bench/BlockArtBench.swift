import BlockArt
import Foundation
import ImageCache
import ImageEncoding

extension Benchmarks {
  /// The chafa symbols that match each of our sets.
  static func chafaSymbols(_ symbols: SymbolSet) -> String {
    switch symbols {
    case .half: "vhalf"
    case .quad: "quad+half+space+solid"
    case .sextant: "sextant+quad+half+space+solid"
    }
  }

  /// PSNR of what a terminal would show, ours vs chafa at its best (`-w 9`), each against the source
  /// box-filtered onto its own sample grid (the symbol set's: 2×6 per cell for sextants).
  static func fidelity(directory: String, mode: ColorMode, symbols: SymbolSet) throws {
    let files = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".png") }.sorted()
    let decoder = ImageDecoder()
    let chafaColors = ["truecolor": "full", "256": "256", "16": "16"][mode.rawValue]!
    let parser = BlockArtParser(symbols: symbols)
    var ours: [Double] = []
    var theirs: [Double] = []
    for file in files {
      let path = directory + "/" + file
      let bitmap = try decoder.decode([UInt8](FileManager.default.contents(atPath: path)!), limits: .default)
      let art = BlockArtRenderer(colorMode: mode, symbols: symbols).art(for: bitmap, columns: 24, rows: 12)
      let ourReference = BlockArtFidelity.reference(for: bitmap, grid: art.grid, symbols: symbols)
      ours.append(min(99, BlockArtFidelity.psnr(parser.parse(lines: art.lines), reference: ourReference)))

      let output = try run(
        "/usr/bin/chafa",
        [
          "-f", "symbols", "--symbols", chafaSymbols(symbols), "-c", chafaColors, "-s", "24x12", "--animate", "off",
          "--bg", "000000", "-w", "9", path,
        ])
      let parsed = parser.parse(output)
      let chafaReference = BlockArtFidelity.reference(for: bitmap, columns: parsed.width, pixelRows: parsed.height)
      theirs.append(min(99, BlockArtFidelity.psnr(parsed, reference: chafaReference)))
    }
    let mean = { (values: [Double]) in values.reduce(0, +) / Double(max(1, values.count)) }
    print(
      String(
        format: "fidelity %@ %@ over %d images: ours %.2f dB, chafa -w 9 %.2f dB (mean PSNR; 99 = exact)",
        symbols.rawValue, mode.rawValue, files.count, mean(ours), mean(theirs)))
  }

  /// Block art from stdin (ours or anyone's) drawn as a PNG of what a terminal shows: every cell 12×24 pixels,
  /// each glyph's shape in its two colours.
  static func picture(symbols: SymbolSet, output: String) throws {
    let text = String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
    let samples = BlockArtParser(symbols: symbols).parse(text)
    let perCell = symbols.samplesPerCell
    let (sampleWidth, sampleHeight) = (12 / perCell.columns, 24 / perCell.rows)
    let width = samples.width * sampleWidth
    let height = samples.height * sampleHeight
    var pixels = [UInt8](repeating: 255, count: width * height * 4)
    for y in 0..<height {
      for x in 0..<width {
        let color = samples[x / sampleWidth, y / sampleHeight]
        let offset = (y * width + x) * 4
        pixels[offset] = color.red
        pixels[offset + 1] = color.green
        pixels[offset + 2] = color.blue
      }
    }
    let png = try PNGEncoder.encode(ImageBitmap(width: width, height: height, pixels: pixels))
    try Data(png).write(to: URL(fileURLWithPath: output))
    print("\(output): \(samples.width / perCell.columns)×\(samples.height / perCell.rows) cells, \(width)×\(height) px")
  }
}
