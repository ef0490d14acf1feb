import FoundationEssentials
import ScrobbleArchive
import TerminalUI
import ToolOptions

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Opens a listener's archive file, refusing what should not be trusted in a data folder: a name that is not a
/// Last.fm name, and a link, a pipe or a folder where the file should be. The one way every command opens one.
enum ArchiveOpening {
  /// The archive of `user`; created (with its folder) when `create`, else it must exist.
  static func open(
    user: String, options: ArchiveOptions, create: Bool,
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) throws(CommandFailure) -> ScrobbleStore {
    let location = options.location(environment: environment)
    let path = try path(user: user, location: location)
    if !(try isPresent(path)) {
      guard create else {
        throw CommandFailure("no archive of \(user) yet: run `imgcache history sync \(user)` first")
      }
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
      throw CommandFailure("cannot open the archive \(TerminalText.sanitize(path)): \(error)")
    }
  }

  /// The archive of `user` when there is one; nil when there is none (never created here).
  static func openIfPresent(
    user: String, options: ArchiveOptions, environment: [String: String] = ProcessInfo.processInfo.environment
  ) throws(CommandFailure) -> ScrobbleStore? {
    let path = try path(user: user, location: options.location(environment: environment))
    guard try isPresent(path) else { return nil }
    return try open(user: user, options: options, create: false, environment: environment)
  }

  private static func path(user: String, location: ArchiveLocation) throws(CommandFailure) -> String {
    guard let path = location.path(forUser: user) else {
      throw CommandFailure(
        "\"\(TerminalTextShown.clean(user))\" is not a Last.fm listener name (letters, digits, _ and -)")
    }
    return path
  }

  /// True when something is at `path`: a regular file, else a refusal (a link, a pipe, a folder).
  private static func isPresent(_ path: String) throws(CommandFailure) -> Bool {
    var info = stat()
    guard lstat(path, &info) == 0 else { return false }
    guard info.st_mode & S_IFMT == S_IFREG else {
      throw CommandFailure("\(TerminalText.sanitize(path)) is not a regular file; refusing to use it as an archive")
    }
    return true
  }
}
