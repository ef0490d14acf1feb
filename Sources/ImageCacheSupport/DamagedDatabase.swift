import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Moving a damaged SQLite file (the image index, the Last.fm metadata cache) out of the way so a new one can be
/// made in its place. Works on paths only, whatever layer opens the database; the caller closes its own
/// connections to the file first.
public enum DamagedDatabase {
  /// Whether `error` from SQLite means the file itself is damaged (SQLITE_CORRUPT, SQLITE_NOTADB), not busy, full
  /// or unreadable.
  public static func isDamage(_ error: any Error) -> Bool {
    guard let error = error as? SQLiteError else { return false }
    return error.resultCode == SQLiteError.corrupt || error.resultCode == SQLiteError.notADatabase
  }

  /// Which file a path named when it was opened: a process that finds the index damaged after another process has
  /// already put a new one in its place must not move the new one aside too.
  public struct FileIdentity: Equatable, Sendable {
    let device: UInt64
    let inode: UInt64
  }

  /// The file at `path` now, not following a final symbolic link; nil when there is none.
  public static func identity(ofFileAt path: String) -> FileIdentity? {
    var status = stat()
    guard lstat(path, &status) == 0 else { return nil }
    return FileIdentity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
  }

  /// Renames `path` to `<path>.damaged-<UTC date and time>`, and its `-wal` and `-shm` beside it under the same new
  /// name, so the three can still be opened together to see what was lost. Returns the new path of the main file,
  /// or nil when `path` is no longer the file `expected` names (another process moved it first, or made a new one).
  /// Throws the `errno` of a rename that failed for another reason.
  public static func moveAside(_ path: String, expected: FileIdentity? = nil, now: Date = Date()) throws -> String? {
    if let expected, identity(ofFileAt: path) != expected { return nil }
    let stamp = timestamp(now)
    var target = "\(path).damaged-\(stamp)"
    var attempt = 1
    // Two damaged indexes within one second (a test, a loop) keep both.
    while identity(ofFileAt: target) != nil {
      attempt += 1
      target = "\(path).damaged-\(stamp)-\(attempt)"
    }
    guard rename(path, target) == 0 else {
      if errno == ENOENT { return nil }
      throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
    }
    for suffix in ["-wal", "-shm"] where identity(ofFileAt: path + suffix) != nil {
      // A journal left at the old name would be read as the new database's own.
      if rename(path + suffix, target + suffix) != 0 { unlink(path + suffix) }
    }
    return target
  }

  /// What `removeMovedAside` removed: the damaged databases (a `-wal` or `-shm` goes with its file and is not
  /// counted apart) and every byte of them.
  public struct Removed: Equatable, Sendable {
    public var copies = 0
    public var bytes = 0
  }

  /// Removes the databases `moveAside` left in `directory` (`NAME.sqlite.damaged-…`, with their `-wal` and `-shm`).
  /// Only regular files go, each unlinked by name, so a link or a pipe of that name is neither followed nor opened;
  /// a file that cannot be removed stays and is not counted.
  public static func removeMovedAside(in directory: String) -> Removed {
    var removed = Removed()
    guard let folder = opendir(directory) else { return removed }
    defer { closedir(folder) }
    var names: [String] = []
    while let entry = readdir(folder) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
      if name.contains(".sqlite.damaged-") { names.append(name) }
    }
    for name in names {
      let path = directory + "/" + name
      var status = stat()
      guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG, unlink(path) == 0 else { continue }
      removed.bytes += Int(status.st_size)
      if !name.hasSuffix("-wal") && !name.hasSuffix("-shm") { removed.copies += 1 }
    }
    return removed
  }

  /// `20261127T021500Z`: sorts by time, and has no colon (awkward in file names on some systems).
  static func timestamp(_ date: Date) -> String {
    var time = time_t(date.timeIntervalSince1970.rounded(.down))
    var parts = tm()
    gmtime_r(&time, &parts)
    func digits(_ value: Int32, _ count: Int) -> String {
      let text = String(value)
      return String(repeating: "0", count: max(0, count - text.count)) + text
    }
    return digits(parts.tm_year + 1900, 4) + digits(parts.tm_mon + 1, 2) + digits(parts.tm_mday, 2) + "T"
      + digits(parts.tm_hour, 2) + digits(parts.tm_min, 2) + digits(parts.tm_sec, 2) + "Z"
  }
}
