import FoundationEssentials

/// Where archives live: the data folder, never the cache folder. `--archive-dir`, else `$IMGCACHE_DATA_DIR`,
/// `$XDG_DATA_HOME/imgcache/history`, `~/.local/share/imgcache/history`. One file per listener.
public struct ArchiveLocation: Sendable, Equatable {
  public let folder: String

  public init(folder: String) { self.folder = folder }

  public static func resolve(option: String?, environment: [String: String]) -> ArchiveLocation {
    if let option, !option.isEmpty { return ArchiveLocation(folder: option) }
    if let dir = environment["IMGCACHE_DATA_DIR"], !dir.isEmpty { return ArchiveLocation(folder: dir) }
    if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
      return ArchiveLocation(folder: data + "/imgcache/history")
    }
    let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? "/"
    return ArchiveLocation(folder: home + "/.local/share/imgcache/history")
  }

  /// The archive file of `user`, or nil for a name Last.fm would not give (its names are 2 to 15 letters, digits,
  /// `_` and `-`; a longer limit here leaves room, and nothing else can reach the file system through a name).
  /// Names are compared ignoring case, as Last.fm does, so the file is named in lower case.
  public func path(forUser user: String) -> String? {
    guard Self.isListenerName(user) else { return nil }
    return folder + "/" + user.lowercased() + ".sqlite"
  }

  public static func isListenerName(_ name: String) -> Bool {
    (1...64).contains(name.utf8.count)
      && name.utf8.allSatisfy { byte in
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
          || byte == 0x5F || byte == 0x2D
      }
  }
}
