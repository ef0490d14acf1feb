import BlockArt
import DemoCatalog
import FoundationEssentials
import ImageCache
import LastFM
import Logging
import ScrobbleArchive
import TerminalGraphics
import ToolOptions

/// The composition root: everything one session runs on, built once from the options.
///
/// One `CurlDataLoader` carries every request — Last.fm answers and covers — so a single libcurl multi handle
/// shares connections between them (covers retry through the image manager, Last.fm by its own rules). Images go
/// through an `ImageManager` whose disk tier and the metadata cache live in the same cache folder. Without an API
/// key (or with `--demo`) the demo catalog is served in-process on 127.0.0.1 and the Last.fm client is pointed at
/// it.
@_spi(Benchmarks) public final class BrowserEnvironment {
  let options: BrowserOptions
  let catalog: CatalogChoice
  let cacheDirectory: URL
  let colorMode: ColorMode
  /// What `--graphics` / `IMGCACHE_GRAPHICS` asked for; the full screen works out the rest with the terminal.
  let graphics: GraphicsChoice
  /// The process environment the graphics detection reads its hints from.
  let variables: [String: String]
  let services: BrowserServices
  let imageManager: ImageManager
  let demoServer: DemoServer?

  init(
    options: BrowserOptions, catalog: CatalogChoice, cacheDirectory: URL, colorMode: ColorMode,
    graphics: GraphicsChoice = .blocks, variables: [String: String] = [:], services: BrowserServices,
    imageManager: ImageManager, demoServer: DemoServer?
  ) {
    self.options = options
    self.catalog = catalog
    self.cacheDirectory = cacheDirectory
    self.colorMode = colorMode
    self.graphics = graphics
    self.variables = variables
    self.services = services
    self.imageManager = imageManager
    self.demoServer = demoServer
  }

  @_spi(Benchmarks) public static func make(
    options: BrowserOptions, environment: [String: String], outputIsTerminal: Bool,
    logger: Logger = Logger(label: "artist-browser")
  ) async throws -> BrowserEnvironment {
    let cacheDirectory = options.resolvedCacheDirectory(environment: environment)
    let catalog = try options.catalogChoice(environment: environment)
    let colorMode = options.resolvedColorMode(environment: environment, isTerminal: outputIsTerminal)
    let graphics = try options.resolvedGraphics(environment: environment)

    // The demo server starts on another core while this one sets up libcurl and opens the image cache: the
    // chart's first request waits for both, so they overlap rather than add up (BENCHMARKS.md).
    let demoStart = catalog.isDemo ? Task { try await startDemoServer() } : nil

    // One curl multi handle for covers and Last.fm. Images retry through the manager's RetryingDataLoader;
    // the Last.fm client gets the bare transport because it retries by Last.fm's own rules (wrapping it twice
    // would try a failing request up to nine times).
    let imageManager: ImageManager
    let transport: any DataLoading
    do {
      let imageConfiguration = try options.imageConfiguration(environment: environment)
      transport = ImageManager.makeTransport(imageConfiguration)
      imageManager = try makeImageManager(imageConfiguration, transport: transport, logger: logger)
    } catch {
      await (try? demoStart?.value)?.shutdown()
      throw error
    }

    var demoServer: DemoServer?
    let metadata: any MetadataStoring
    var configuration: LastFMConfiguration
    switch catalog {
    case .demo:
      let server: DemoServer
      do {
        guard let demoStart else { throw BrowserFailure("the demo catalog server was not started") }
        server = try await demoStart.value
      } catch {
        try? imageManager.close()
        throw error
      }
      demoServer = server
      metadata = SessionMetadataStore()
      // Local and generated on the spot: no need to pace requests as Last.fm asks.
      configuration = LastFMConfiguration(
        apiKey: nil, baseURL: server.baseURL, userAgent: Self.userAgent, maxRequestsPerSecond: 1_000)
    case .lastFM(let baseURL):
      metadata = try openMetadataCache(cacheDirectory)
      configuration = LastFMConfiguration(
        apiKey: options.resolvedAPIKey(environment: environment), baseURL: baseURL, userAgent: Self.userAgent)
    }
    // Live answers are filed under their server, as imgcache files them, so the two tools share them.
    let plainClient = LastFMClient(configuration: configuration, loader: transport, logger: logger)
    let client = CachedLastFMClient(
      client: plainClient, store: metadata,
      namespace: demoServer == nil ? configuration.baseURL.absoluteString : nil)

    let store = makeArtistsStore(client: client, catalog: catalog, offline: options.lastFM.offline)
    let blockArt = BlockArtThumbnailRenderer(
      colorMode: colorMode, symbols: options.resolvedSymbols(environment: environment))
    var services = BrowserServices(
      artists: ConfiguredArtistsStore(base: store, limit: options.limit, alwaysReload: options.lastFM.refresh),
      recentSearches: JSONFileRecentSearchesStore(
        fileURL: cacheDirectory.appendingPathComponent("recent-searches.json")),
      thumbnailLoader: ImageManagerThumbnailLoader(manager: imageManager),
      thumbnailRenderer: blockArt, picturePainter: BlockArtPicturePainter(renderer: blockArt),
      listening: (store as? any ListeningStore).map {
        ConfiguredListeningStore(base: $0, limit: options.limit, alwaysReload: options.lastFM.refresh)
      })
    services.history = HistoryServices(
      location: ArchiveLocation.resolve(option: options.archiveDirectory, environment: environment),
      chartPalette: ChartPalette(colorMode),
      playSource: { [serviceName = catalog.serviceName] user in
        LastFMPlaySource(client: plainClient, user: user, serviceName: serviceName)
      }, covers: ArchivedCoverAddress(demoOrigin: demoServer?.origin))
    if graphics == .none {
      // No pictures at all: no thumbnails either (`t` then changes nothing), and today's layouts.
      services.thumbnailRenderer = nil
      services.picturePainter = nil
    }
    return BrowserEnvironment(
      options: options, catalog: catalog, cacheDirectory: cacheDirectory, colorMode: colorMode, graphics: graphics,
      variables: environment, services: services, imageManager: imageManager, demoServer: demoServer)
  }

  /// Which catalog the store reads, and how it labels what it returns. The one place the store is chosen.
  /// The demo catalog is generated in-process, so `--offline` means nothing there and is ignored.
  static func makeArtistsStore(client: CachedLastFMClient, catalog: CatalogChoice, offline: Bool)
    -> any ArtistsStore
  {
    switch catalog {
    case .demo: LastFMArtistsStore(client: client, source: .demoCatalog, offline: false)
    case .lastFM:
      LastFMArtistsStore(client: client, source: .lastFM, offline: offline, serviceName: catalog.serviceName)
    }
  }

  /// Stops the demo server and writes the image cache's pending bookkeeping, the two at once: each took a few
  /// milliseconds between the last frame and the end of the process.
  func shutdown() async {
    await withDiscardingTaskGroup { group in
      if let demoServer { group.addTask { await demoServer.shutdown() } }
      try? imageManager.close()
    }
  }

  static let userAgent = "artist-browser/\(ImageCacheVersion.string) (imgcache)"

  private static func makeImageManager(
    _ configuration: ImageManager.Configuration, transport: any DataLoading, logger: Logger
  ) throws -> ImageManager {
    do {
      return try ImageManager(configuration: configuration, transport: transport, logger: logger)
    } catch {
      throw BrowserFailure("cannot open the image cache: \(error)")
    }
  }

  private static func openMetadataCache(_ folder: URL) throws -> MetadataCache {
    do {
      return try MetadataCache(folder: folder)
    } catch {
      throw BrowserFailure("cannot open the metadata cache: \(error)")
    }
  }

  private static func startDemoServer() async throws -> DemoServer {
    do {
      return try await CatalogSource.startDemoServer()
    } catch {
      throw BrowserFailure("cannot start the demo catalog server on 127.0.0.1: \(error)")
    }
  }
}

// Every stored property of BrowserServices is Sendable (the store and thumbnail protocols refine it); a checked
// conformance would have to live in SceneFactory.swift, which is not this file's to change.
extension BrowserServices: @unchecked Sendable {}
extension BrowserEnvironment: Sendable {}

extension ChartPalette {
  /// The History page's charts in the session's colours, by the rule `imgcache history` follows.
  init(_ mode: ColorMode) {
    switch mode {
    case .trueColor, .xterm256: self = .xterm256
    case .ansi16: self = .ansi16
    case .noColor: self = .shades
    }
  }
}
