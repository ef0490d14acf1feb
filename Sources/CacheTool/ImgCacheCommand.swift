import ArgumentParser
import ArtistBrowser
import TerminalUI
import ToolOptions

/// `imgcache`: the command-line face of the ImageCache library.
public struct ImgCacheCommand: AsyncParsableCommand {
  public static let configuration = CommandConfiguration(
    commandName: "imgcache",
    abstract: "A two-tier image cache for thumbnails: fetch, warm, inspect and maintain it.",
    discussion: """
      Exit status: 0 on success; 1 on an error (one line on stderr); 130 when interrupted; 74 when output \
      cannot be written (a full disk, a closed stdout); 141 when the reader of stdout went away (`… | head`), \
      quietly, as a shell shows it for tools that die of SIGPIPE.
      """,
    version: ToolVersion.text,
    // Every command names itself: otherwise ArgumentParser derives each name with `String(describing:)` of its
    // type, whose protocol-conformance lookups are paid at every start-up.
    subcommands: [
      Warm.self, Get.self, Show.self, Collage.self, Stats.self, List.self, Trim.self, Clear.self, Verify.self,
      DemoServerCommand.self, BrowseCommand.self, Doctor.self, HistoryCommand.self,
      NowCommand.self,
    ])

  public init() {}

  /// What the executable runs: the standard streams made safe to write (`StandardStreams.prepareProcess`), then
  /// the command line.
  public static func start() async {
    StandardStreams.prepareProcess()
    do {
      var command = try await asyncParseAsRoot()
      if var asyncCommand = command as? AsyncParsableCommand {
        try await asyncCommand.run()
      } else {
        try command.run()
      }
    } catch {
      exitCleaning(error)
    }
  }

  /// ArgumentParser's own ending, but its error messages quote the command line as given ("Unknown option
  /// '--x␛[2J'"), so they go through the same cleaner as every other message. Help, version and completion
  /// scripts (exit 0, our own text on stdout) are left to it.
  private static func exitCleaning(_ error: any Error) -> Never {
    let code = exitCode(for: error)
    guard code != .success else { exit(withError: error) }
    let message = fullMessage(for: error)
    if !message.isEmpty {
      var trimmed = Substring(message)
      while trimmed.last?.isNewline == true { trimmed.removeLast() }
      Console.note(String(trimmed))
    }
    exit(withError: ExitCode(code.rawValue))
  }
}
