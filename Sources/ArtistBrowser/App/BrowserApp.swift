import FoundationEssentials
import TerminalGraphics
import TerminalUI
import ToolOptions

/// Runs one session on a built environment: full screen, or one scene printed as text.
@MainActor
@_spi(Benchmarks) public final class BrowserApp {
  let environment: BrowserEnvironment
  let navigation = NavigationStack()
  let preferences: BrowserPreferences
  let factory: SceneFactory

  /// `interactive` (and `--plain --thumbs`, which prints the drawing): lists of artists get stand-in pictures
  /// (their top album's cover), drawn for the rows shown.
  @_spi(Benchmarks) public init(environment: BrowserEnvironment, interactive: Bool = false) {
    self.environment = environment
    preferences = BrowserPreferences(
      showsThumbnails: environment.options.showsThumbnails, showsWall: environment.options.showsWall)
    var services = environment.services
    let drawsText = environment.options.showsThumbnails && environment.options.output != .json
    if interactive || drawsText, let loader = services.thumbnailLoader {
      services.thumbnailLoader = ArtistPictureLoader(base: loader, store: services.artists)
      services.artists = ArtistPictureStore(base: services.artists)
      if var listening = services.listening as? ConfiguredListeningStore {
        listening.standsInArtistPictures = true
        services.listening = listening
      }
    }
    // Large pictures are for the full screen; printouts keep their thumbnail-sized covers.
    if !interactive { services.picturePainter = nil }
    factory = SceneFactory(services: services, preferences: preferences, navigator: navigation)
    let (factory, suggestedUser) = (factory, ListeningOptions.listener(nil, environment: environment.variables) ?? "")
    navigation.scenesByKey["u"] = { factory.makeListener(userName: "", suggestedUser: suggestedUser) }
  }

  /// Full screen until the user quits. The chart is always the root, so Backspace from a scene opened on the
  /// command line leads back to it.
  @_spi(Benchmarks) public func runInteractive(terminal: Terminal = Terminal()) async throws {
    let session = InteractiveSession(
      terminal: terminal, navigation: navigation, catalog: environment.catalog,
      firstFrameDeadline: environment.options.exitsAfterFirstFrame
        ? .seconds(environment.options.firstFrameDeadlineSeconds) : nil)
    let entry = environment.options.entry
    try await session.run(
      detectPictures: { terminal in await self.detectPictures(terminal) },
      openScenes: {
        navigation.push(factory.makeTopArtists())
        if entry != .topArtists { navigation.push(EntrySceneBuilder.scene(for: entry, factory: factory)) }
      })
  }

  /// Asks the terminal once what it draws (in raw mode, before the keys are read) and paints the session's
  /// pictures accordingly: a protocol's, block art, or none.
  private func detectPictures(_ terminal: Terminal) async -> InteractiveSession.Pictures {
    let (capabilities, pending) = await GraphicsDetector.detect(
      choice: environment.graphics, environment: environment.variables, terminal: terminal)
    if environment.graphics != .none {
      factory.services.picturePainter = SessionPictures.painter(
        for: capabilities, blockArt: factory.services.thumbnailRenderer, store: KittyPictureStore())
      if !capabilities.drawsPictures { factory.services.thumbnailRenderer = nil }
    }
    return InteractiveSession.Pictures(
      eraseAll: factory.services.picturePainter?.eraseAll ?? [], pendingInput: pending, note: capabilities.note)
  }

  /// Prints the requested scene to stdout (the catalog's notice and errors: one line each on stderr) and returns
  /// the exit code. Output that cannot be written is thrown, for the command to end on. `toolName` starts the
  /// stderr lines (`artist-browser`, `imgcache browse`).
  func runText(toolName: String = "artist-browser") async throws(OutputFailure) -> Int32 {
    let scene = EntrySceneBuilder.scene(for: environment.options.entry, factory: factory)
    let format: OutputMode = environment.options.output == .json ? .json : .plain
    let thumbnailColumns = format == .plain && environment.options.showsThumbnails ? 100 : nil
    // A printout lists every list of a listener; a drawing (`--plain --thumbs`) is the page as on screen.
    if thumbnailColumns == nil { (scene as? ListenerViewController)?.printsEveryList = true }
    let result = await TextOutput.produce(
      scene: scene, navigation: navigation, format: format, notice: environment.catalog.notice,
      thumbnailColumns: thumbnailColumns)
    defer { navigation.top?.stop() }
    for line in result.standardError { BrowserArguments.printError(line, toolName: toolName) }
    try StandardStreams.output.write(result.standardOutput)
    return result.exitCode
  }
}
