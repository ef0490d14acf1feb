extension BlockArtRenderer {
  /// Draws quadrant or sextant art from samples on the symbol set's grid (`grid.columns × grid.rows` cells of
  /// `symbols.samplesPerCell` samples, RGB). Each cell's glyph and colours are fitted first; 256 and 16 colours
  /// take the nearest palette entry of each fitted colour, and a cell whose two colours quantise to one ink is
  /// drawn solid.
  func drawSymbols(_ samples: [UInt8], grid: BlockArtGrid) -> BlockArt {
    let table = GlyphTable.of(symbols)
    let sampleColumns = grid.columns * table.columns
    let sampleRows = grid.rows * table.rows
    guard grid.columns > 0, grid.rows > 0 else {
      return BlockArt(lines: [], grid: grid, shown: SampleImage(width: 0, height: 0, rgb: []))
    }
    var fitter = SymbolFitter(table: table, rowStride: sampleColumns * 3)
    var shown = [UInt8](repeating: 0, count: samples.count)
    var writer = SGRWriter(mode: colorMode)
    var lines: [String] = []
    lines.reserveCapacity(grid.rows)
    let mode = colorMode
    samples.withUnsafeBufferPointer { samples in
      shown.withUnsafeMutableBufferPointer { shown in
        for row in 0..<grid.rows {
          writer.startLine()
          for column in 0..<grid.columns {
            let origin = (row * table.rows * sampleColumns + column * table.columns) * 3
            let fit = fitter.fit(samples, at: origin)
            let (foregroundInk, foregroundColor) = mode.ink(
              red: Int(fit.foreground.0), green: Int(fit.foreground.1), blue: Int(fit.foreground.2))
            let (backgroundInk, backgroundColor) = mode.ink(
              red: Int(fit.background.0), green: Int(fit.background.1), blue: Int(fit.background.2))
            if foregroundInk == backgroundInk {
              writer.solid(backgroundInk)
            } else {
              writer.cell(
                shape: fit.shape, complement: fit.complement, foreground: foregroundInk, background: backgroundInk)
            }
            var bit: UInt16 = 1
            for sampleRow in 0..<table.rows {
              var target = origin + sampleRow * sampleColumns * 3
              for _ in 0..<table.columns {
                let color = fit.foregroundSamples & bit != 0 ? foregroundColor : backgroundColor
                shown[target] = color.red
                shown[target + 1] = color.green
                shown[target + 2] = color.blue
                target += 3
                bit <<= 1
              }
            }
          }
          lines.append(writer.finishLine())
        }
      }
    }
    return BlockArt(
      lines: lines, grid: grid, shown: SampleImage(width: sampleColumns, height: sampleRows, rgb: shown))
  }
}
