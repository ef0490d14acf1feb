import FoundationEssentials
internal import ImageCacheSupport
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// The files that hold the disk tier's bytes: `blobs/<hh>/<name>`, one file per stored version, never rewritten in
/// place (`newName(forKey:)`).
///
/// A new version gets a new generation (random), so a reader holding an older index row reads either that old
/// file or nothing, never a mix; the index row is committed only after the file is complete (written without a
/// name and linked into place, or where the system cannot, written as `<name>.tmp` and renamed), so the index
/// never points at a partial file. Files whose rows are gone are unlinked after the deleting
/// transaction commits (see `doomed_file` in cache/README.md).
final class BlobFolder: Sendable {
  static let temporarySuffix = ".tmp"
  let root: URL
  /// `root.path`, worked out once: paths are built for every read and write, and `URL` path handling showed up in
  /// profiles of `warm`.
  let rootPath: String
  /// Shard folders known to exist, so a write does not stat (or mkdir) its folder each time: one flag for each of
  /// the 256 two-digit shards, found by number, where a set of names would hash the name on every write.
  private let preparedShards = Mutex(InlineArray<256, Bool>(repeating: false))
  #if DEBUG
    /// Pretend free space, for tests: a write that does not fit fails as ENOSPC would. Debug builds only, so the
    /// release module carries no test hook.
    let simulatedFreeBytes = Mutex<Int?>(nil)
  #endif

  /// How a new file gets its name: see `UnnamedFileWriter`.
  let unnamedFiles: UnnamedFileWriter

  init(root: URL, unnamedFiles: UnnamedFileWriter = UnnamedFileWriter()) {
    self.root = root
    self.rootPath = root.path
    self.unnamedFiles = unnamedFiles
  }

  func url(of name: String) -> URL {
    URL(fileURLWithPath: path(of: name))
  }

  func path(of name: String) -> String {
    folder(of: name.prefix(2)) + "/" + name
  }

  /// The shard folder a name's first two hex digits pick.
  private func folder(of shard: Substring) -> String {
    rootPath + "/" + shard
  }

  /// Writes `bytes` as a new file for `key` and returns its name. On failure nothing is left behind.
  func write(_ bytes: [UInt8], forKey key: String) throws(DiskCacheError) -> String {
    let name = Self.newName(forKey: key)
    let shard = name.prefix(2)
    let final = path(of: name)
    #if DEBUG
      if let shortage = reserveSimulatedSpace(bytes.count) { throw shortage }
    #endif
    let outcome = try inShard(shard, { write(bytes, in: shard, to: final) }) {
      if case .failed(ENOENT, _) = $0 { true } else { false }
    }
    if case .failed(let code, let path) = outcome { throw failure(code, writing: path) }
    return name
  }

  /// Writes `write`'s bytes as a new file and returns its name: a streamed body's file is named where it is
  /// (`StreamedBlob.link`), or written anew from its contents if it cannot be; other bytes as `write(_:forKey:)`.
  func write(_ write: DiskWrite) throws(DiskCacheError) -> String {
    guard let file = write.file else { return try self.write(write.data, forKey: write.key) }
    if let name = file.link() { return name }
    guard let bytes = file.contents() else { throw .io("could not read back the download for \(file.name)") }
    return try self.write(bytes, forKey: write.key)
  }

  /// A new unnamed file for `key`'s next version, to write a body into as it downloads; nil where the system has
  /// no unnamed files or the shard folder cannot be made (the body then stays in memory, and its store says what
  /// failed).
  func startStream(forKey key: String) -> StreamedBlob? {
    let name = Self.newName(forKey: key)
    let shard = name.prefix(2)
    let opening = try? inShard(
      shard, { unnamedFiles.open(in: folder(of: shard), mode: CacheDirectory.fileMode, readable: true) }
    ) {
      if case .refused(.failed(ENOENT, _)) = $0 { true } else { false }
    }
    guard case .opened(let descriptor)? = opening else { return nil }
    return StreamedBlob(name: name, descriptor: descriptor, folder: self)
  }

  /// Runs `attempt` in `shard`'s folder, made first if this process has not yet. If the folder was removed behind
  /// our back since (the attempt failed with ENOENT), it is made again and the attempt runs once more.
  private func inShard<Outcome>(
    _ shard: Substring, _ attempt: () -> Outcome, vanished: (Outcome) -> Bool
  ) throws(DiskCacheError) -> Outcome {
    try prepareShard(shard)
    let first = attempt()
    guard vanished(first) else { return first }
    preparedShards.withLock { $0[Self.number(ofShard: shard)] = false }
    try prepareShard(shard)
    return attempt()
  }

  /// Names the unnamed file `descriptor` as `name` in its shard folder.
  func link(_ descriptor: Int32, as name: String) -> Bool {
    unnamedFiles.link(descriptor, to: path(of: name), folder: folder(of: name.prefix(2))) == .written
  }

  /// Unnamed and linked into place where the system allows it, else through a named temporary file.
  private func write(_ bytes: [UInt8], in shard: Substring, to final: String) -> UnnamedFileWriter.Outcome {
    let outcome = bytes.withUnsafeBytes {
      unnamedFiles.write($0, in: folder(of: shard), to: final, mode: CacheDirectory.fileMode)
    }
    return outcome == .unsupported ? writeThroughTemporaryName(bytes, to: final) : outcome
  }

  private func writeThroughTemporaryName(_ bytes: [UInt8], to final: String) -> UnnamedFileWriter.Outcome {
    let temporary = final + Self.temporarySuffix
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, CacheDirectory.fileMode)
    guard descriptor >= 0 else { return .failed(errno, path: temporary) }
    let writeError = bytes.withUnsafeBytes { Self.writeAll($0, to: descriptor) }
    let closeError = close(descriptor) == 0 ? 0 : errno
    if let error = writeError ?? (closeError != 0 ? closeError : nil) {
      unlink(temporary)
      return .failed(error, path: temporary)
    }
    guard rename(temporary, final) == 0 else {
      let error = errno
      unlink(temporary)
      return .failed(error, path: final)
    }
    return .written
  }

  /// The file's bytes if it is there, a regular file, readable and exactly `expectedSize` long; nil otherwise
  /// (missing, truncated, replaced or unreadable: for the cache all of these are a miss).
  ///
  /// Nothing in the folder is trusted: a symbolic link is not followed (O_NOFOLLOW), neither for the file nor for
  /// its shard folder (`inShardFolder`), and a pipe or device put in a file's place is neither waited on nor read
  /// (O_NONBLOCK lets `open` return at once; `fstat` then refuses it).
  func read(_ name: String, expectedSize: Int) -> [UInt8]? {
    guard Self.isValidName(name) else { return nil }
    return inShardFolder(of: name) { folder -> [UInt8]? in
      let descriptor = openat(folder, name, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
      guard descriptor >= 0 else { return nil }
      defer { close(descriptor) }
      var status = stat()
      guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG, Int(status.st_size) == expectedSize
      else { return nil }
      return Self.readAll(expectedSize, from: descriptor)
    } ?? nil
  }

  /// Runs `body` with `name`'s shard folder open, or returns nil when that is not a folder of its own: a symbolic
  /// link (even to a folder), a pipe, a device or a file in its place is refused by the open itself (O_NOFOLLOW,
  /// O_DIRECTORY), so nothing outside the cache is reached through it and nothing waits on a pipe.
  func inShardFolder<Result>(of name: String, _ body: (Int32) -> Result) -> Result? {
    let folder = open(folder(of: name.prefix(2)), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
    guard folder >= 0 else { return nil }
    defer { close(folder) }
    return body(folder)
  }

  /// The first `count` bytes of the regular file open as `descriptor`; nil if it has fewer or they cannot be read.
  static func readAll(_ count: Int, from descriptor: Int32) -> [UInt8]? {
    var complete = false
    let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
      var offset = 0
      while offset < count {
        let read = pread(descriptor, buffer.baseAddress! + offset, count - offset, off_t(offset))
        if read < 0, errno == EINTR { continue }
        guard read > 0 else { break }
        offset += read
      }
      complete = offset == count
      initialized = offset
    }
    return complete ? bytes : nil
  }

  /// Whether a regular file is there with exactly `size` bytes (one `fstatat` without following links, in a shard
  /// folder that is one: a link counts as absent; nothing read).
  func hasFile(_ name: String, size: Int) -> Bool {
    guard Self.isValidName(name) else { return false }
    var status = stat()
    return inShardFolder(of: name) { folder in
      fstatat(folder, name, &status, AT_SYMLINK_NOFOLLOW) == 0 && status.st_mode & S_IFMT == S_IFREG
        && Int(status.st_size) == size
    } ?? false
  }

  /// Unlinks the file; one already gone is fine (another process may have got there first). Whatever sits in its
  /// place goes too, without following it: a link is removed, not its target; a folder with what is inside it.
  /// Nothing is removed through a shard folder that is not a folder of its own (`inShardFolder`).
  func remove(_ name: String) {
    guard Self.isValidName(name) else { return }
    removeEntry(name, named: name)
  }

  /// Unlinks `entry` in `name`'s shard folder: `unlinkat` never follows a link or opens a pipe; only a folder
  /// needs more.
  func removeEntry(_ entry: String, named name: String) {
    let isFolder =
      inShardFolder(of: name) { folder -> Bool in
        guard unlinkat(folder, entry, 0) != 0, errno == EISDIR || errno == EPERM else { return false }
        var status = stat()
        return fstatat(folder, entry, &status, AT_SYMLINK_NOFOLLOW) == 0 && status.st_mode & S_IFMT == S_IFDIR
      } ?? false
    // FileManager removes what is inside without following links out of the folder.
    if isFolder { try? FileManager.default.removeItem(atPath: folder(of: name.prefix(2)) + "/" + entry) }
  }

  /// Creates `blobs/` and the shard folder (0700) once per process; `write` makes it again if it has gone since.
  /// Checked before every write (one `lstat`): a link, pipe or device put in the folder's place, even after it was
  /// made, is refused rather than written through, and once removed (`verify --fix`) the folder is made again.
  private func prepareShard(_ shard: Substring) throws(DiskCacheError) {
    let number = Self.number(ofShard: shard)
    let path = folder(of: shard)
    if preparedShards.withLock({ $0[number] }) {
      var status = stat()
      if lstat(path, &status) == 0 {
        guard status.st_mode & S_IFMT == S_IFDIR else { throw notAFolder(shard) }
        return
      }
    }
    // A fresh cache makes up to 256 shard folders during its first `warm`: one mkdir each. The careful path
    // (lstat, parents, access check) only when that fails, e.g. because the folder exists or `blobs/` is gone.
    if mkdir(path, CacheDirectory.directoryMode) != 0 {
      var status = stat()
      if lstat(path, &status) == 0, status.st_mode & S_IFMT != S_IFDIR { throw notAFolder(shard) }
      try CacheDirectory.prepare(URL(fileURLWithPath: path, isDirectory: true))
    }
    preparedShards.withLock { $0[number] = true }
  }

  private func notAFolder(_ shard: Substring) -> DiskCacheError {
    .io(
      "\(cacheDirectory)/blobs/\(shard) is not a folder (a link, a pipe or a device in its place); `imgcache verify --fix` removes it"
    )
  }

  /// 0 to 255: a shard's two hex digits (only names `newName` makes, or valid ones, pick a shard).
  private static func number(ofShard shard: Substring) -> Int {
    shard.utf8.reduce(0) { value, digit in
      value << 4 | Int(digit <= UInt8(ascii: "9") ? digit &- UInt8(ascii: "0") : digit &- UInt8(ascii: "a") &+ 10) & 0xF
    }
  }

  static func writeAll(_ buffer: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32? {
    var offset = 0
    while offset < buffer.count {
      let count = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
      if count < 0 {
        if errno == EINTR { continue }
        return errno
      }
      offset += count
    }
    return nil
  }

  #if DEBUG
    /// Takes `count` bytes of the pretend free space; the ENOSPC error when they do not fit.
    func reserveSimulatedSpace(_ count: Int) -> DiskCacheError? {
      let fits = simulatedFreeBytes.withLock { free -> Bool in
        guard let available = free else { return true }
        guard count <= available else { return false }
        free = available - count
        return true
      }
      return fits ? nil : failure(ENOSPC, writing: root.path)
    }
  #endif

  /// Errors name the folder the user chose (`--cache-dir`), not our subfolder.
  private var cacheDirectory: String { root.deletingLastPathComponent().path }

  func failure(_ code: Int32, writing path: String) -> DiskCacheError {
    switch code {
    case ENOSPC, EDQUOT, EFBIG: .diskFull(path: cacheDirectory)
    case EACCES, EPERM, EROFS: .notWritable(path: cacheDirectory, reason: String(cString: strerror(code)))
    default: .io("\(String(cString: strerror(code))) writing \(path)")
    }
  }
}
