import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Writes a blob as a file with no name (`open(folder, O_TMPFILE)`) and gives it its name with `linkat` once every
/// byte is in: "write to a temporary file, then rename", with a temporary file that has no name to create or move.
///
/// Why: a `.tmp` name created and then renamed is two more directory updates per blob. A C test writing 2,000
/// thumbnails on tmpfs took 55 µs a file that way and 41 µs unnamed (BENCHMARKS.md). The guarantee is
/// the same or better: the final name appears, atomically, only once the file is complete, and a process killed
/// half-way leaves nothing (the kernel frees an unnamed file when its descriptor closes), where a `.tmp` file
/// waits for `verify --fix` or `trim`.
///
/// Linking a descriptor takes `linkat(fd, "", …, AT_EMPTY_PATH)`, which Linux allows without privileges since 6.10,
/// or else `linkat` of `/proc/self/fd/N`. Where neither works (an older kernel without /proc, a file system without
/// O_TMPFILE) `write` answers `.unsupported` and the caller writes a named temporary file; the answer is kept for
/// the rest of the process.
final class UnnamedFileWriter: Sendable {
  enum Route: UInt8 {
    /// `linkat(fd, "", AT_FDCWD, path, AT_EMPTY_PATH)`.
    case emptyPath
    /// `linkat(AT_FDCWD, "/proc/self/fd/N", AT_FDCWD, path, AT_SYMLINK_FOLLOW)`.
    case procPath
    /// No unnamed files here: the caller writes a named temporary file and renames it.
    case unsupported
  }

  enum Outcome: Equatable {
    case written
    case unsupported
    /// The errno, and the path it concerns.
    case failed(Int32, path: String)
  }

  enum Opening {
    case opened(Int32)
    /// `.unsupported`, or `.failed` with the errno.
    case refused(Outcome)
  }

  private let route: Atomic<UInt8>

  /// A `route` other than `.emptyPath` is for tests of the fallbacks.
  init(route: Route = .emptyPath) {
    self.route = Atomic(route.rawValue)
  }

  var currentRoute: Route { Route(rawValue: route.load(ordering: .relaxed))! }

  #if DEBUG
    /// Answers from now on as a system without unnamed files would, for tests of what the callers do then.
    func refuseUnnamedFiles() { route.store(Route.unsupported.rawValue, ordering: .relaxed) }
  #endif

  /// Writes `bytes` as a new file `path` (which must not exist) in `folder` (which must).
  func write(_ bytes: UnsafeRawBufferPointer, in folder: String, to path: String, mode: mode_t) -> Outcome {
    let descriptor: Int32
    switch open(in: folder, mode: mode, readable: false) {
    case .opened(let opened): descriptor = opened
    case .refused(let outcome): return outcome
    }
    if let code = BlobFolder.writeAll(bytes, to: descriptor) {
      close(descriptor)  // the file has no name: closing it frees it
      return .failed(code, path: path)
    }
    let linked = link(descriptor, to: path, folder: folder)
    guard linked == .written else {
      close(descriptor)
      return linked
    }
    guard close(descriptor) == 0 else {
      let code = errno
      unlink(path)
      return .failed(code, path: path)
    }
    return .written
  }

  /// A new file with no name in `folder`, open for writing (and reading, when `readable`: a file streamed in is
  /// mapped to be checked); `.unsupported` or `.failed` when there is none.
  func open(in folder: String, mode: mode_t, readable: Bool) -> Opening {
    guard currentRoute != .unsupported else { return .refused(.unsupported) }
    let flags = Self.unnamedFileFlags | (readable ? O_RDWR : O_WRONLY)
    let descriptor = Glibc.open(folder, flags, mode)
    guard descriptor >= 0 else {
      let code = errno
      // EISDIR, EOPNOTSUPP or EINVAL: the kernel or the file system has no O_TMPFILE.
      guard code == EISDIR || code == EOPNOTSUPP || code == EINVAL else { return .refused(.failed(code, path: folder)) }
      route.store(Route.unsupported.rawValue, ordering: .relaxed)
      return .refused(.unsupported)
    }
    return .opened(descriptor)
  }

  /// Names the unnamed file `descriptor` as `path` in `folder` (a file can be named this way once).
  func link(_ descriptor: Int32, to path: String, folder: String) -> Outcome {
    if currentRoute == .emptyPath {
      if linkat(descriptor, "", AT_FDCWD, path, Self.atEmptyPath) == 0 { return .written }
      // ENOENT is also what a kernel before 6.10 answers an unprivileged caller: try /proc.
      guard errno == ENOENT else { return .failed(errno, path: path) }
    }
    if linkat(AT_FDCWD, "/proc/self/fd/\(descriptor)", AT_FDCWD, path, AT_SYMLINK_FOLLOW) == 0 {
      route.store(Route.procPath.rawValue, ordering: .relaxed)
      return .written
    }
    let code = errno
    // Without /proc this fails with ENOENT, and so does a link into a folder removed meanwhile: only while the
    // folder is still there is it the way of linking that is missing.
    var status = stat()
    guard code == ENOENT, stat(folder, &status) == 0 else { return .failed(code, path: path) }
    route.store(Route.unsupported.rawValue, ordering: .relaxed)
    return .unsupported
  }

  /// `O_TMPFILE` is `__O_TMPFILE | O_DIRECTORY`, a macro Swift does not import. `__O_TMPFILE` is 020000000 on
  /// x86-64 and arm64 alike; O_DIRECTORY differs between them, so it comes from the headers.
  private static let unnamedFileFlags: Int32 = 0o2000_0000 | O_DIRECTORY | O_CLOEXEC
  /// `AT_EMPTY_PATH` (linux/fcntl.h), not imported without `_GNU_SOURCE`.
  private static let atEmptyPath: Int32 = 0x1000
}
