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
    ])

  public init() {}

  /// What the executable runs: the standard streams made safe to write (`StandardStreams.prepareProcess`), then
  /// the command line.
  public static func start() async {
    StandardStreams.prepareProcess()
    await main()
  }
}
