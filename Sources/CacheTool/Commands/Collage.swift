import ArgumentParser
import FoundationEssentials
import ImageCache
import ImageEncoding
import ToolOptions

struct Collage: AsyncParsableCommand, TakesGlobalOptions {
  static let configuration = CommandConfiguration(
    commandName: "collage",
    abstract: "Make one PNG of covers in a grid: an artist's, a listener's or a tag's top albums, or image URLs.",
    discussion: """
      imgcache collage "Artist Name" --grid 3x3 -o covers.png
      imgcache collage --urls FILE --grid 5x5 --tile 300 -o covers.png   (one URL a line; - reads standard input)
      imgcache collage --user NAME --period 1month --grid 3x3 -o month.png   (a listener's top albums; try nightjar_radio)
      imgcache collage --user NAME --year 2019 --grid 5x5 --captions -o 2019.png   (that year's top albums: \
      counted in the listener's archive, else in that window's scrobbles fetched from the API; also --month, \
      --from/--to)
      imgcache collage --tag NAME --grid 4x4 -o tag.png   (a tag's top albums)
      Covers go through the cache. A missing or broken cover is a grey tile; the exit status is 0 when every tile \
      is a cover, 1 when some are not, 2 when none is (then nothing is written).
      """)

  @OptionGroup var cache: CacheOptions
  @OptionGroup var logging: LoggingOptions
  @OptionGroup var lastFM: LastFMOptions
  @OptionGroup var covers: CoverSubjectOptions

  @Argument(help: "Artist whose top albums to lay out (autocorrected).")
  var artist: String?

  @Option(help: "File with one image URL a line ('-' for standard input; blank lines and # comments skipped).")
  var urls: String?

  @Option(help: "Columns x rows, such as 3x3 or 5x5.")
  var grid: String

  @Option(help: "Edge of each square tile in pixels (16 to 2000).")
  var tile: Int = 300

  @Option(name: [.short, .long], help: "The PNG to write (replaced whole, never left half-written).")
  var output: String

  @Flag(
    help: ArgumentHelp(
      "Write the album, its artist and its play count on each tile (not with --urls, which names no album).",
      discussion: "Text in DejaVu Sans (fonts-dejavu-core); IMGCACHE_FONT names another font file."))
  var captions = false

  @Flag(help: "Print the summary and every tile as JSON.")
  var json = false

  /// The largest picture written, in pixels: 400 MB of RGBA while it is put together.
  static let pixelLimit = 100_000_000

  func run() async throws {
    try await reportingFailures {
      let (columns, rows) = try Self.parseGrid(grid)
      guard (16...2000).contains(tile) else { throw CommandFailure("--tile: expected 16 to 2000 pixels, got \(tile)") }
      guard columns * rows * tile * tile <= Self.pixelLimit else {
        throw CommandFailure(
          "\(columns)x\(rows) tiles of \(tile) px is too large a picture; use fewer or smaller tiles")
      }
      let subject = try covers.subject(artist: artist, urls: urls)
      if captions, urls != nil {
        throw CommandFailure("--captions: a list of URLs names no albums; use an artist, --user or --tag")
      }
      let captionWriter =
        try captions ? CollageCaptionWriter(tile: tile, environment: ProcessInfo.processInfo.environment) : nil
      let configuration = try global.configuration()
      global.bootstrapLogging()
      let transport = ImageManager.makeTransport(configuration)
      let resolved = try await subject.collageCells(
        count: columns * rows, lastFM: lastFM, cacheDirectory: configuration.cacheDirectory!, transport: transport)
      if let note = resolved.note { Console.note(note) }
      let manager = try await CoverPlanning.manager(
        configuration: configuration, transport: transport, stoppingOnFailure: resolved.source)
      let composer = CollageComposer(columns: columns, rows: rows, tile: tile)
      let drawn = await CollageRun.draw(
        resolved.cells, composer: composer, manager: manager, concurrency: global.concurrency,
        captions: captionWriter)
      // The demo catalog serves its covers until they are all in.
      await resolved.source?.shutdown()
      try? manager.close()
      if drawn.cancelled { throw ExitCode(130) }
      let summary = CollageSummary(output: output, composer: composer, tiles: drawn.tiles)
      if summary.drawn > 0 {
        let picture = ImageBitmap(width: composer.width, height: composer.height, pixels: drawn.canvas)
        let png: [UInt8]
        do { png = try PNGEncoder.encode(picture) } catch {
          throw CommandFailure("cannot encode the collage: \(error)")
        }
        // The same rules as every other -o: whole or not at all, links followed, devices written into.
        try OutputFile.write(png, to: output)
      }
      print(json ? try Console.json(summary) : summary.line)
      if summary.drawn < summary.tileCount { throw ExitCode(summary.drawn == 0 ? 2 : 1) }
    }
  }

  static func parseGrid(_ text: String) throws -> (columns: Int, rows: Int) {
    guard let grid = ColumnsByRows.parse(text, limit: 50) else {
      throw CommandFailure("--grid: expected COLUMNSxROWS from 1x1 to 50x50, such as 5x5, got \"\(text)\"")
    }
    return grid
  }
}
