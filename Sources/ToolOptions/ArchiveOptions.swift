import ArgumentParser
import ScrobbleArchive

/// Where the listeners' archives are (`--archive-dir`), for every history command and the browser's History page.
public struct ArchiveOptions: ParsableArguments {
  @Option(
    name: .customLong("archive-dir"),
    help: ArgumentHelp(
      "Folder of the listening archives (default: $IMGCACHE_DATA_DIR, $XDG_DATA_HOME/imgcache/history, "
        + "~/.local/share/imgcache/history).", valueName: "dir"))
  public var archiveDir: String?

  public init() {}

  public func location(environment: [String: String]) -> ArchiveLocation {
    ArchiveLocation.resolve(option: archiveDir, environment: environment)
  }
}
