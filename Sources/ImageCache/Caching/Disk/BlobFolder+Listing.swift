import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#endif

/// What is in `blobs/` besides what the index names: files for `verify` and `trim` to collect as orphans, and
/// entries that stand where a shard folder should and are not folders.
extension BlobFolder {
  /// Every file in the folder: blob names and leftover temporary files, with their modification times. Shard
  /// folders that are not folders of their own are not looked into (`strayShards()` names them).
  func listing() -> [(name: String, modified: Date)] {
    let manager = FileManager.default
    guard let shards = try? manager.contentsOfDirectory(atPath: root.path) else { return [] }
    var result: [(String, Date)] = []
    for shard in shards where Self.isFolder(rootPath + "/" + shard) {
      let folder = root.appendingPathComponent(shard)
      guard let names = try? manager.contentsOfDirectory(atPath: folder.path) else { continue }
      for name in names {
        var status = stat()
        // lstat: a link's own time, never its target's (which may be anywhere, or a pipe).
        guard lstat(folder.appendingPathComponent(name).path, &status) == 0 else { continue }
        result.append((name, Date(timeIntervalSince1970: TimeInterval(status.st_mtim.tv_sec))))
      }
    }
    return result
  }

  /// What sits in `blobs/` where a shard folder should be and is not a folder: a symbolic link (to a folder or
  /// not), a pipe, a device, a socket or a file. Names as found, for `verify` to report and `removeStrayShard`.
  func strayShards() -> [String] {
    guard let entries = try? FileManager.default.contentsOfDirectory(atPath: root.path) else { return [] }
    return entries.filter { entry in
      var status = stat()
      return lstat(rootPath + "/" + entry, &status) == 0 && status.st_mode & S_IFMT != S_IFDIR
    }.sorted()
  }

  /// Unlinks a stray shard entry found by `strayShards()`: the link or pipe itself, never what a link points to.
  func removeStrayShard(_ entry: String) {
    guard !entry.contains("/"), !Self.isFolder(rootPath + "/" + entry) else { return }
    unlink(rootPath + "/" + entry)
  }

  /// Whether `path` is a folder itself, not a link to one.
  static func isFolder(_ path: String) -> Bool {
    var status = stat()
    return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
  }

  /// Whether something found by `listing()` is still there.
  func exists(listed name: String) -> Bool {
    var status = stat()
    return inShardFolder(of: name) { fstatat($0, name, &status, AT_SYMLINK_NOFOLLOW) == 0 } ?? false
  }

  /// Removes a file found by `listing()`, temporary or not.
  func remove(listed name: String) {
    let base = name.hasSuffix(Self.temporarySuffix) ? String(name.dropLast(Self.temporarySuffix.count)) : name
    guard Self.isValidName(base) else { return }
    removeEntry(name, named: base)
  }
}
