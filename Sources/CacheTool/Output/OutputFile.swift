import FoundationEssentials
import TerminalUI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes a command's bytes to `-o PATH` the way `cp` and `curl -o` treat what is at PATH, for every command with
/// an output file:
///
/// - a regular file or a new name: written atomically (a temporary file in the same folder, fsync, rename), an
///   existing file's permission bits kept, so a reader never sees half an image and a failure leaves the old one;
/// - a symbolic link: written through to its target (the same atomic write, next to the target), the link kept;
/// - a character device or a FIFO (`/dev/stdout`, `/dev/null`, `mkfifo`): opened and written into, never replaced;
///   a FIFO waits for its reader, as it does for `cp`;
/// - a folder, a socket or a block device: one line saying so, nothing written.
///
/// Failures are one line: `CommandFailure` for what is at PATH, `OutputFailure` when the bytes could not be
/// written (a full disk, a reader that went away), which ends the command as other output failures do.
public enum OutputFile {
  public static func write(_ bytes: [UInt8], to path: String) throws {
    let shown = TerminalText.sanitize(path)
    guard !path.isEmpty else { throw CommandFailure("-o needs a file name") }
    let target = try resolvingLinks(path, shown: shown)
    if isDescriptorLink(target) {
      try writeIntoDescriptorLink(target, bytes, shown: shown)
      return
    }
    var status = stat()
    guard lstat(target, &status) == 0 else {
      guard errno == ENOENT else { throw failure(shown, errno) }
      try replaceAtomically(target, with: bytes, mode: newFileMode, owner: nil, shown: shown)
      return
    }
    switch status.st_mode & S_IFMT {
    case S_IFREG:
      try replaceAtomically(
        target, with: bytes, mode: status.st_mode & 0o7777, owner: (status.st_uid, status.st_gid), shown: shown)
    case S_IFCHR, S_IFIFO:
      try writeInto(target, bytes, shown: shown)
    case S_IFDIR:
      throw CommandFailure("cannot write \(shown): it is a folder; give a file name, such as \(shown)/image.png")
    case S_IFBLK:
      throw CommandFailure("cannot write \(shown): it is a block device; give a file name")
    default:
      throw CommandFailure("cannot write \(shown): it is a socket; give a file name")
    }
  }

  /// Whether `path` names a descriptor this process has open: `stdout` and `/proc/self/fd/1`, where
  /// `/dev/stdout` leads. The kernel opens what the descriptor holds (a pipe, a terminal, a file); a name read
  /// from such a link ("pipe:[1234]") is no path.
  static func isDescriptorLink(_ path: String) -> Bool {
    path.hasPrefix("/proc/") || path.hasPrefix("/dev/fd/")
  }

  /// Whether `path` is where this process's stdout goes (`-o /dev/stdout`, or the file stdout was sent to), so a
  /// command's own summary can keep out of the bytes.
  public static func isStandardOutput(_ path: String) -> Bool {
    var named = stat()
    var output = stat()
    guard stat(path, &named) == 0, fstat(STDOUT_FILENO, &output) == 0 else { return false }
    return named.st_dev == output.st_dev && named.st_ino == output.st_ino
  }

  /// Follows symbolic links to the path they end at, which may not exist yet (a dangling link creates its
  /// target, as `cp` does), stopping at a descriptor link. Relative targets are read from the link's folder.
  static func resolvingLinks(_ path: String, shown: String) throws -> String {
    var current = path
    for _ in 0..<40 {  // the kernel's own limit on links in one lookup
      if isDescriptorLink(current) { return current }
      var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
      let length = readlink(current, &buffer, buffer.count - 1)
      if length < 0 {
        // Not a link (EINVAL) or nothing there (ENOENT): this is where the bytes go.
        if errno == EINVAL || errno == ENOENT { return current }
        throw failure(shown, errno)
      }
      let target = String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
      current = target.hasPrefix("/") ? target : folder(of: current) + "/" + target
    }
    throw failure(shown, ELOOP)
  }

  /// Permission bits for a new file: 0666 less the umask, what `open(O_CREAT)` would give.
  private static var newFileMode: mode_t {
    let mask = umask(0o022)
    umask(mask)
    return 0o666 & ~mask
  }

  private static func folder(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  private static func replaceAtomically(
    _ path: String, with bytes: [UInt8], mode: mode_t, owner: (uid_t, gid_t)?, shown: String
  ) throws {
    let folder = folder(of: path)
    let name = path.split(separator: "/").last.map(String.init) ?? path
    var template = Array("\(folder)/.\(name).XXXXXX".utf8CString)
    let descriptor = mkstemp(&template)
    guard descriptor >= 0 else {
      if errno == ENOENT { throw CommandFailure("cannot write \(shown): the folder does not exist") }
      throw failure(shown, errno)
    }
    let temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    var renamed = false
    defer {
      close(descriptor)
      if !renamed { unlink(temporary) }
    }
    try OutputWriter(descriptor: descriptor, destination: shown).write(bytes)
    // The replaced file's owner where this process may give it (root), its permission bits in any case.
    if let owner { _ = fchown(descriptor, owner.0, owner.1) }
    guard fchmod(descriptor, mode) == 0 else { throw failure(shown, errno) }
    guard fsync(descriptor) == 0 else { throw OutputFailure(destination: shown, errorNumber: errno) }
    guard rename(temporary, path) == 0 else { throw failure(shown, errno) }
    renamed = true
    // The rename itself survives a crash once the folder is synced.
    let folderDescriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    if folderDescriptor >= 0 {
      _ = fsync(folderDescriptor)
      close(folderDescriptor)
    }
  }

  /// Writes into what is there without creating or truncating it: a device or a FIFO is used, never replaced.
  private static func writeInto(_ path: String, _ bytes: [UInt8], shown: String, flags: Int32 = 0) throws {
    var descriptor: Int32
    repeat {
      descriptor = open(path, O_WRONLY | O_NOCTTY | O_CLOEXEC | flags)
    } while descriptor < 0 && errno == EINTR
    guard descriptor >= 0 else { throw failure(shown, errno) }
    defer { close(descriptor) }
    try OutputWriter(descriptor: descriptor, destination: shown).write(bytes)
  }

  /// An open descriptor's file (`/dev/stdout` sent to a file, a pipe, a terminal): written through, as
  /// `curl -o /dev/stdout` does, a regular file truncated first; never replaced.
  private static func writeIntoDescriptorLink(_ path: String, _ bytes: [UInt8], shown: String) throws {
    var status = stat()
    guard stat(path, &status) == 0 else { throw failure(shown, errno) }
    if status.st_mode & S_IFMT == S_IFDIR {
      throw CommandFailure("cannot write \(shown): it is a folder; give a file name, such as \(shown)/image.png")
    }
    try writeInto(path, bytes, shown: shown, flags: status.st_mode & S_IFMT == S_IFREG ? O_TRUNC : 0)
  }

  private static func failure(_ shown: String, _ errorNumber: Int32) -> CommandFailure {
    let reason = String(cString: strerror(errorNumber)).lowercased()
    let advice =
      switch errorNumber {
      case EACCES, EPERM, EROFS: "; choose a place you may write to"
      case ELOOP: "; the symbolic links go round in a circle"
      default: ""
      }
    return CommandFailure("cannot write \(shown): \(reason)\(advice)")
  }
}
