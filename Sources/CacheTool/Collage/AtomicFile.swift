import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Writes a file whole or not at all: into a temporary file beside it, then renamed over it, so a reader (or a
/// crash) sees the old file or the new one, never half of one. A symbolic link is written through (its target is
/// replaced); a FIFO or a device is written into, since it cannot be replaced.
enum AtomicFile {
  static func write(_ bytes: [UInt8], to path: String) throws(CommandFailure) {
    let target = URL(fileURLWithPath: path).resolvingSymlinksInPath()
    var status = stat()
    if stat(target.path, &status) == 0, (status.st_mode & S_IFMT) != S_IFREG, (status.st_mode & S_IFMT) != S_IFDIR {
      try writeInto(bytes, path: target.path)
      return
    }
    let folder = target.deletingLastPathComponent()
    let temporary = folder.appendingPathComponent(".\(target.lastPathComponent).\(UUID().uuidString).partial")
    do throws(CommandFailure) {
      try writeNew(bytes, path: temporary.path)
    } catch {
      unlink(temporary.path)
      throw CommandFailure("cannot write \(path): \(error.description); check the folder exists and is writable")
    }
    guard rename(temporary.path, target.path) == 0 else {
      let message = String(cString: strerror(errno))
      unlink(temporary.path)
      throw CommandFailure("cannot replace \(path): \(message)")
    }
  }

  private static func writeInto(_ bytes: [UInt8], path: String) throws(CommandFailure) {
    guard let handle = FileHandle(forWritingAtPath: path) else {
      throw CommandFailure("cannot open \(path) for writing")
    }
    defer { try? handle.close() }
    do {
      try handle.write(contentsOf: Data(bytes))
    } catch {
      throw CommandFailure("cannot write \(path): \(error.localizedDescription)")
    }
  }

  /// A new file (never an existing one), written in full and flushed to the disk before it is renamed into place.
  private static func writeNew(_ bytes: [UInt8], path: String) throws(CommandFailure) {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw CommandFailure(String(cString: strerror(errno))) }
    defer { close(descriptor) }
    var written = 0
    while written < bytes.count {
      let count = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + written, bytes.count - written) }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { throw CommandFailure(String(cString: strerror(errno))) }
      written += count
    }
    guard fsync(descriptor) == 0 else { throw CommandFailure(String(cString: strerror(errno))) }
  }
}
