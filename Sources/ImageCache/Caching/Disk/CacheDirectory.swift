import FoundationEssentials
internal import ImageCacheSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Creates and checks the cache folder and the database file with private permissions: thumbnails reveal what a
/// user browsed, so nothing is group- or world-readable.
enum CacheDirectory {
  static let directoryMode: mode_t = 0o700
  static let fileMode: mode_t = 0o600

  /// Creates `url` and any missing parents (each 0700), then checks the folder is writable.
  static func prepare(_ url: URL) throws(DiskCacheError) {
    let path = url.path
    var status = stat()
    if stat(path, &status) == 0 {
      guard status.st_mode & S_IFMT == S_IFDIR else {
        throw .notWritable(path: path, reason: "it is a file, not a folder")
      }
    } else {
      try createWithParents(path)
    }
    // Root passes this check everywhere; SQLite's own open failures are mapped to the same error later.
    guard access(path, W_OK | X_OK) == 0 else {
      throw .notWritable(path: path, reason: errnoDescription())
    }
  }

  /// Creates the database file 0600 if absent (see `SharedSQLite.createPrivateFile`).
  static func createPrivateFile(_ url: URL) throws(DiskCacheError) {
    let error = SharedSQLite.createPrivateFile(atPath: url.path)
    guard error == 0 else { throw .notWritable(path: url.path, reason: String(cString: strerror(error))) }
  }

  private static func createWithParents(_ path: String) throws(DiskCacheError) {
    let parent = parentPath(of: path)
    var status = stat()
    if !parent.isEmpty, parent != path, stat(parent, &status) != 0 {
      try createWithParents(parent)
    }
    if mkdir(path, directoryMode) != 0 {
      // Another process may have created it between our stat and mkdir.
      guard errno == EEXIST else { throw .notWritable(path: path, reason: errnoDescription()) }
      return
    }
    _ = chmod(path, directoryMode)
  }

  /// `path` without its last component, trailing slashes aside: "/a/b/" → "/a", "/a" → "/", "a" → "".
  static func parentPath(of path: String) -> String {
    var trimmed = Substring(path)
    while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
    guard let slash = trimmed.lastIndex(of: "/") else { return "" }
    return slash == trimmed.startIndex ? "/" : String(trimmed[..<slash])
  }

  private static func errnoDescription() -> String {
    String(cString: strerror(errno))
  }
}
