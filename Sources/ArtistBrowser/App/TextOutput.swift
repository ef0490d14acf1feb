import FoundationEssentials
import TerminalUI

/// The non-interactive face (`--plain`, `--json`, or output to a pipe): one scene, loaded once, printed.
@MainActor
enum TextOutput {
  struct Result: Equatable {
    var standardOutput: String
    /// Lines for stderr, without the program name: the catalog's notice, then the error if there is one.
    var standardError: [String]
    var exitCode: Int32
  }

  /// Starts `scene` on `navigation`, waits for its data and renders it as `format` asks (`.json`, else plain).
  /// A scene that ends in an error produces its message (one line, for stderr, whole) and exit code 1. The
  /// catalog's notice goes to stderr in every format, so stdout holds the view alone.
  static func produce(
    scene: any BrowserScene, navigation: NavigationStack, format: OutputMode, notice: String?,
    thumbnailColumns: Int? = nil
  ) async -> Result {
    navigation.push(scene)
    await scene.waitForLoad()
    let notices = notice.map { [oneLine($0)] } ?? []
    if let error = scene.status.error {
      return Result(standardOutput: "", standardError: notices + [forPrintout(oneLine(error))], exitCode: 1)
    }
    if format == .json {
      do {
        let data = try scene.jsonSnapshot()
        return Result(standardOutput: String(decoding: data, as: UTF8.self) + "\n", standardError: notices, exitCode: 0)
      } catch {
        return Result(
          standardOutput: "", standardError: notices + ["cannot encode the result as JSON: \(error)"], exitCode: 1)
      }
    }
    if let width = thumbnailColumns {
      let drawn = await drawnWithThumbnails(scene, width: width)
      return Result(standardOutput: drawn.joined(separator: "\n") + "\n", standardError: notices, exitCode: 0)
    }
    let lines = scene.plainLines().map(oneLine)
    return Result(standardOutput: lines.joined(separator: "\n") + "\n", standardError: notices, exitCode: 0)
  }

  /// `--plain --thumbs`: the scene drawn as on screen but tall enough for every row, once its covers are in.
  /// The lines carry block-art colour escapes only when a colour mode is on (`--color`, or a terminal); the
  /// scene's own text in them was sanitised by its presenter.
  static func drawnWithThumbnails(_ scene: any BrowserScene, width: Int) async -> [String] {
    let height = max(24, scene.plainLines().count * 4 + 16)
    _ = scene.render(width: width, height: height)  // asks for the covers of every row
    await scene.waitForThumbnails()
    var lines = scene.render(width: width, height: height).map { line in
      var trimmed = line
      while trimmed.last == " " { trimmed.removeLast() }
      return trimmed
    }
    while lines.last?.isEmpty == true { lines.removeLast() }
    // The screen layout ends with the key hints, which mean nothing in a printout; the generous height leaves
    // blank padding above them, so they are the last line.
    if !lines.isEmpty { lines.removeLast() }
    while lines.last?.isEmpty == true { lines.removeLast() }
    return lines
  }

  /// Scene messages end with the key to press on the full screen; a printout has no keys.
  static func forPrintout(_ message: String) -> String { ErrorMessage.forPrintout(message) }

  /// Presenters sanitise what they show; this is the last guard so no control character from the API can reach
  /// the output, whatever a scene forgets.
  static func oneLine(_ text: String) -> String {
    TerminalText.sanitize(text.split(whereSeparator: \.isNewline).joined(separator: " "))
  }
}

/// The scene the command line asked for, built through the factory's entry points.
@MainActor
enum EntrySceneBuilder {
  static func scene(for entry: EntryScene, factory: SceneFactory) -> any BrowserScene {
    switch entry {
    case .topArtists: factory.makeTopArtists()
    case .artist(let name): factory.makeArtistDetail(artistName: name)
    case .album(let artist, let album): factory.makeAlbumDetail(artist: artist, album: album)
    case .similar(let name): factory.makeSimilarArtists(artistName: name)
    case .search(let query): factory.makeSearch(query: query)
    case .listener(let name, let period): factory.makeListener(userName: name, period: period)
    case .tag(let name): factory.makeTag(tagName: name)
    case .history(let name): factory.makeHistory(userName: name)
    case .now(let name, let interval): factory.makeNow(userName: name, interval: interval)
    }
  }
}
