import FoundationEssentials
import ScrobbleArchive
import TerminalUI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Opens a listener's archive file, refusing what should not be trusted in a data folder: a name that is not a
/// Last.fm name, and a link, a pipe or a folder where the file should be.
enum ArchiveOpening {
  static func location(_ options: ArchiveOptions) -> ArchiveLocation {
    ArchiveLocation.resolve(option: options.archiveDir, environment: ProcessInfo.processInfo.environment)
  }

  /// The archive of `user`; created (with its folder) when `create`, else it must exist.
  static func open(user: String, options: ArchiveOptions, create: Bool) throws -> ScrobbleStore {
    let location = location(options)
    guard let path = location.path(forUser: user) else {
      throw CommandFailure(
        "\"\(TerminalText.sanitize(user))\" is not a Last.fm user name (letters, digits, _ and - only)")
    }
    let shown = TerminalText.sanitize(path)
    var info = stat()
    if lstat(path, &info) == 0 {
      guard info.st_mode & S_IFMT == S_IFREG else {
        throw CommandFailure("\(shown) is not a regular file; refusing to use it as an archive")
      }
    } else if !create {
      throw CommandFailure(
        "no archive for \(TerminalText.sanitize(user)) in \(TerminalText.sanitize(location.folder)); run "
          + "`imgcache history sync \(TerminalText.sanitize(user))` first")
    } else {
      do {
        try FileManager.default.createDirectory(
          atPath: location.folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
      } catch {
        throw CommandFailure("cannot create the archive folder \(TerminalText.sanitize(location.folder)): \(error)")
      }
    }
    do {
      return try ScrobbleStore(path: path)
    } catch let error as ArchiveError {
      throw CommandFailure(error.description)
    } catch {
      throw CommandFailure("cannot open the archive \(shown): \(error)")
    }
  }
}
