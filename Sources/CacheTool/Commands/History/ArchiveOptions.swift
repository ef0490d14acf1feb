import ArgumentParser
import FoundationEssentials
import ScrobbleArchive
import TerminalUI

/// Where the listeners' archives are (`--archive-dir`), for every history command.
struct ArchiveOptions: ParsableArguments {
  @Option(
    name: .customLong("archive-dir"),
    help: ArgumentHelp(
      "Folder of the listening archives (default: $IMGCACHE_DATA_DIR, $XDG_DATA_HOME/imgcache/history, "
        + "~/.local/share/imgcache/history).", valueName: "dir"))
  var archiveDir: String?

  init() {}

  func location(environment: [String: String]) -> ArchiveLocation {
    ArchiveLocation.resolve(option: archiveDir, environment: environment)
  }
}

/// Outside text quoted back in one line: control characters and escapes removed, at most 60 columns.
enum TerminalTextShown {
  static func clean(_ text: String) -> String {
    TerminalText.truncate(TerminalText.sanitize(text), toColumns: 60)
  }
}
