import ArgumentParser
import FoundationEssentials
import TerminalUI
import ToolOptions

/// `artist-browser`: browse Last.fm (or the built-in demo catalog) in the terminal.
public struct BrowserCommand: AsyncParsableCommand {
  public static let configuration = CommandConfiguration(
    commandName: "artist-browser", abstract: BrowserCommand.abstract, discussion: BrowserCommand.discussion,
    version: ToolVersion.text)

  static let abstract =
    "Browse Last.fm's artists, albums and similar artists in the terminal, with cover thumbnails."

  static let discussion = """
    Without LASTFM_API_KEY (or with --demo) it shows a built-in demo catalog, served on 127.0.0.1, and says \
    so.

    In a terminal it runs full screen (? lists the keys, q quits). With --plain or --json, or when the \
    output is not a terminal, it prints one view and exits; notices about the catalog go to stderr.

    Exit status: 0 on success; 1 on an error (one line on stderr); 74 when output cannot be written (a full \
    disk, a closed stdout); 141 when the reader of stdout went away (`… | head`), quietly.
    """

  @OptionGroup var arguments: BrowserArguments

  public init() {}

  /// What the executable runs: the standard streams made safe to write (`StandardStreams.prepareProcess`), then
  /// the command line.
  public static func start() async {
    StandardStreams.prepareProcess()
    await main()
  }

  public func run() async throws { try await arguments.run(as: "artist-browser") }

  func options(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> BrowserOptions {
    try arguments.options(environment: environment)
  }
}

/// `imgcache browse`: the same command under `imgcache`.
public struct BrowseCommand: AsyncParsableCommand {
  public static let configuration = CommandConfiguration(
    commandName: "browse", abstract: BrowserCommand.abstract, discussion: BrowserCommand.discussion)

  @OptionGroup var arguments: BrowserArguments

  public init() {}

  public func run() async throws { try await arguments.run(as: "imgcache browse") }
}

extension BrowserCommand: CustomStringConvertible {
  /// Never shows the API key.
  public var description: String { (try? options().description) ?? "BrowserCommand" }
}
