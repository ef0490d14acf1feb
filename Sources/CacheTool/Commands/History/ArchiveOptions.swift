import ArgumentParser
import FoundationEssentials
import ScrobbleArchive
import TerminalUI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

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

  /// `user`'s archive, opened for reading; a clear failure when there is none yet (it is never created here: the
  /// stats have nothing to say about an empty one) or when something other than a file sits at its path.
  func openExisting(user: String, environment: [String: String]) throws(CommandFailure) -> ScrobbleStore {
    guard let path = location(environment: environment).path(forUser: user) else {
      throw CommandFailure(
        "\"\(TerminalTextShown.clean(user))\" is not a Last.fm listener name (letters, digits, _ and -)")
    }
    var status = stat()
    guard lstat(path, &status) == 0 else {
      throw CommandFailure("no archive of \(user) yet: run `imgcache history sync \(user)` first")
    }
    guard status.st_mode & S_IFMT == S_IFREG else {
      throw CommandFailure("\(path) is not a regular file; refusing to read it as an archive")
    }
    do {
      return try ScrobbleStore(path: path)
    } catch {
      throw CommandFailure("cannot open the archive \(path): \(error)")
    }
  }
}

/// Outside text quoted back in one line: control characters and escapes removed, at most 60 columns.
enum TerminalTextShown {
  static func clean(_ text: String) -> String {
    TerminalText.truncate(TerminalText.sanitize(text), toColumns: 60)
  }
}
