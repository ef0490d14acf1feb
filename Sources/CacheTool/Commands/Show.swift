import ArgumentParser
import BlockArt
import Foundation
import ImageCache

struct Show: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "show",
    abstract: "Draw images in the terminal as block art (files, or URLs through the cache).")

  @OptionGroup var global: GlobalOptions

  @Argument(help: "PNG or JPEG files, or http(s) URLs.")
  var sources: [String]

  @Option(help: "Box to fit the picture in, in cells (columns x rows); aspect ratio is kept.")
  var size: String = "40x20"

  @Option(help: "Colour mode: truecolor, 256, 16 or none (default: detected from the terminal).")
  var color: ColorMode?

  @Option(
    help: """
      Block symbols: half, quad, sextant or auto (sextants where the terminal is known to draw them, else half).
      """)
  var symbols: String = "auto"

  func run() async throws {
    try await reportingFailures {
      let box = try Self.parseBox(size)
      let mode = ColorMode.detect(
        environment: ProcessInfo.processInfo.environment, isTerminal: Console.stdoutIsTerminal, forced: color)
      guard let symbolSet = SymbolSet.named(symbols, environment: ProcessInfo.processInfo.environment) else {
        throw CommandFailure("--symbols: expected half, quad, sextant or auto, got \"\(symbols)\"")
      }
      let renderer = BlockArtRenderer(colorMode: mode, symbols: symbolSet)
      let decoder = ImageDecoder()
      var manager: ImageManager?
      defer { try? manager?.close() }
      var output = ""
      for source in sources {
        let bitmap: ImageBitmap
        if let url = URL(string: source), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme) {
          if manager == nil { manager = try global.makeManager() }
          do {
            bitmap = try await manager!.image(for: url).bitmap
          } catch {
            throw CommandFailure("\(error)")
          }
        } else {
          guard let data = FileManager.default.contents(atPath: source) else {
            throw CommandFailure("cannot read \(source); check the path")
          }
          do {
            bitmap = try decoder.decode([UInt8](data), limits: .default)
          } catch {
            throw CommandFailure("\(source): \(error)")
          }
        }
        for line in renderer.render(bitmap, columns: box.columns, rows: box.rows) {
          output += line
          output += "\n"
        }
        // One write per image: many small writes cost more than the drawing.
        FileHandle.standardOutput.write(Data(output.utf8))
        output.removeAll(keepingCapacity: true)
      }
    }
  }

  static func parseBox(_ text: String) throws -> (columns: Int, rows: Int) {
    let parts = text.lowercased().split(separator: "x")
    guard parts.count == 2, let columns = Int(parts[0]), let rows = Int(parts[1]), (1...1000).contains(columns),
      (1...1000).contains(rows)
    else {
      throw CommandFailure("--size: expected COLUMNSxROWS such as 40x20, got \"\(text)\"")
    }
    return (columns, rows)
  }
}

extension ColorMode: ExpressibleByArgument {}
