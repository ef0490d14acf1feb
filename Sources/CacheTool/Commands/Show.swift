import ArgumentParser
import BlockArt
import FoundationEssentials
import ImageCache
import TerminalGraphics
import TerminalUI
import ToolOptions

struct Show: AsyncParsableCommand, TakesGlobalOptions {
  static let configuration = CommandConfiguration(
    commandName: "show",
    abstract: "Draw images in the terminal (files, or URLs through the cache): real pixels or block art.")

  @OptionGroup var cache: CacheOptions
  @OptionGroup var logging: LoggingOptions

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

  @Option(
    help: """
      Pictures: auto, kitty, iterm, sixel, blocks or none (default: IMGCACHE_GRAPHICS, else auto). A named \
      protocol is written even when standard output is not a terminal.
      """)
  var graphics: GraphicsChoice?

  func run() async throws {
    try await reportingFailures {
      let box = try Self.parseBox(size)
      let mode = ColorMode.detect(
        environment: ProcessInfo.processInfo.environment, isTerminal: Console.stdoutIsTerminal, forced: color)
      guard let symbolSet = SymbolSet.named(symbols, environment: ProcessInfo.processInfo.environment) else {
        throw CommandFailure("--symbols: expected half, quad, sextant or auto, got \"\(symbols)\"")
      }
      let renderer = BlockArtRenderer(colorMode: mode, symbols: symbolSet)
      let capabilities = try await Self.graphicsCapabilities(forced: graphics)
      if let note = capabilities.note { Console.note(note) }
      // The one choice of back end (protocol, block art with its symbols, or none), shared with the browser.
      let painter = SessionPictures.painter(for: capabilities, blockArt: renderer)
      if let painter, painter is BlockArtPicturePainter, !sources.contains(where: Self.isWebAddress) {
        try await Self.drawFiles(sources, painter: painter, box: box)
        return
      }
      let decoder = ImageDecoder()
      var manager: ImageManager?
      defer { try? manager?.close() }
      for (index, source) in sources.enumerated() {
        let bitmap: ImageBitmap
        if Self.isWebAddress(source), let url = URL(string: source) {
          if manager == nil { manager = try global.makeManager() }
          do {
            bitmap = try await manager!.image(for: url).bitmap
          } catch {
            throw CommandFailure("\(error)")
          }
        } else {
          bitmap = try Self.decodeFile(source, decoder: decoder)
        }
        guard let painter else { continue }
        // One write per image: many small writes cost more than the drawing.
        let picture = painter.paint(bitmap, columns: box.columns, rows: box.rows, id: UInt32(index + 1))
        try Console.write(Self.printed(picture, rows: box.rows))
      }
    }
  }

  /// A painted picture as printed: block art line by line, a protocol's picture in room made for it.
  static func printed(_ picture: PaintedPicture, rows: Int) -> [UInt8] {
    switch picture {
    case .text(let lines): Array(lines.map { $0 + "\n" }.joined().utf8)
    case .placed(let drawing): framed(drawing.bytes, rows: rows)
    }
  }

  static func isWebAddress(_ source: String) -> Bool {
    guard let scheme = URL(string: source)?.scheme?.lowercased() else { return false }
    return ["http", "https"].contains(scheme)
  }

  static func decodeFile(_ path: String, decoder: ImageDecoder) throws(CommandFailure) -> ImageBitmap {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw CommandFailure("cannot read \(path); check the path")
    }
    do {
      return try decoder.decode([UInt8](data), limits: .default)
    } catch {
      throw CommandFailure("\(path): \(error)")
    }
  }

  /// Block art of files, decoded and drawn on every core a batch at a time (a task group: the cooperative pool has a
  /// thread per core), and written in order, one write per picture, so the output reads as if drawn in turn. A file
  /// that cannot be read or decoded stops the run once the pictures before it are out.
  static func drawFiles(_ paths: [String], painter: any PicturePainting, box: (columns: Int, rows: Int))
    async throws
  {
    let batchSize = max(1, ProcessInfo.processInfo.activeProcessorCount) * 4
    var start = 0
    while start < paths.count {
      let batch = Array(paths[start..<min(paths.count, start + batchSize)])
      let drawn = await withTaskGroup(of: (index: Int, art: [UInt8]?, failure: String?).self) { group in
        for (index, path) in batch.enumerated() {
          group.addTask {
            do throws(CommandFailure) {
              let bitmap = try decodeFile(path, decoder: ImageDecoder())
              let art = printed(painter.paint(bitmap, columns: box.columns, rows: box.rows, id: 0), rows: box.rows)
              return (index, art, nil)
            } catch {
              return (index, nil, error.description)
            }
          }
        }
        var drawn = [(art: [UInt8]?, failure: String?)](repeating: (nil, nil), count: batch.count)
        for await result in group { drawn[result.index] = (result.art, result.failure) }
        return drawn
      }
      for (art, failure) in drawn {
        if let failure { throw CommandFailure(failure) }
        if let art { try Console.write(art) }
      }
      start += batch.count
    }
  }

  /// Room for the picture first (new lines, scrolling if need be), then the picture drawn from the top-left of
  /// that room, then the cursor below it, where the next picture or the prompt goes.
  static func framed(_ picture: [UInt8], rows: Int) -> [UInt8] {
    Array(String(repeating: "\n", count: rows).utf8) + Array("\u{1B}[\(rows)A\r".utf8) + picture
      + Array("\u{1B}[\(rows)B".utf8)
  }

  /// What `--graphics` (or `IMGCACHE_GRAPHICS`) comes to here. `auto` asks the terminal only when both ends are
  /// one; with standard output redirected it is block art, so no escapes land in a file unasked.
  static func graphicsCapabilities(forced: GraphicsChoice?) async throws -> GraphicsCapabilities {
    let environment = ProcessInfo.processInfo.environment
    var choice = forced ?? .auto
    if forced == nil, let value = environment["IMGCACHE_GRAPHICS"], !value.isEmpty {
      guard let named = GraphicsChoice.from(environment: environment) else {
        let known = GraphicsChoice.allCases.map(\.rawValue).joined(separator: ", ")
        throw CommandFailure("IMGCACHE_GRAPHICS: expected one of \(known), got \"\(value)\"")
      }
      choice = named
    }
    if choice == .auto && !Console.stdoutIsTerminal { return .blocks() }
    let terminal = Terminal()
    guard Console.stdoutIsTerminal else {
      return await GraphicsDetector.detect(choice: choice, environment: environment, terminal: nil).0
    }
    guard choice == .auto, terminal.isInteractive else {
      // A named protocol asks nothing, so the terminal is passed for its window size in pixels; `auto` with
      // input from elsewhere cannot read answers, so only the environment is asked.
      let device = choice == .auto ? nil : terminal
      return await GraphicsDetector.detect(choice: choice, environment: environment, terminal: device).0
    }
    return try await terminal.withQueryMode {
      await GraphicsDetector.detect(choice: choice, environment: environment, terminal: terminal).0
    }
  }

  static func parseBox(_ text: String) throws -> (columns: Int, rows: Int) {
    guard let box = ColumnsByRows.parse(text, limit: 1000) else {
      throw CommandFailure("--size: expected COLUMNSxROWS such as 40x20, got \"\(text)\"")
    }
    return box
  }
}

extension ColorMode: ExpressibleByArgument {}
extension GraphicsChoice: ExpressibleByArgument {}
