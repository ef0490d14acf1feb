import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// A downloaded body written straight into the file that will hold it: an unnamed file (`O_TMPFILE`) in its key's
/// shard folder, named by `BlobFolder.write(_:)` when the disk writer commits its entry, or freed with its
/// descriptor if anything goes wrong first (a failed, cancelled or retried transfer, a failed check or commit).
///
/// Why: a prefetch keeps the bytes and never looks at them again. Copying each body from libcurl's buffer into an
/// array and from there into the file costs one instruction a byte on top of what curl's own tool spends, which
/// writes libcurl's buffer to its file as it comes (BENCHMARKS.md).
///
/// Written on the transfer's thread while the body arrives, then mapped, linked and closed by whoever handles the
/// response: different threads one after the other, so the state is behind a lock.
final class StreamedBlob: Sendable {
  /// Opens a new file for each attempt of a transfer (a retry starts again with an empty one); nil where there is
  /// none to open, and then the body stays in memory.
  final class Opener: Sendable {
    let open: @Sendable () -> StreamedBlob?

    init(_ open: @escaping @Sendable () -> StreamedBlob?) {
      self.open = open
    }
  }

  /// The name the file gets (`BlobFolder.newName(forKey:)`), in the shard folder it was opened in.
  let name: String
  private let folder: BlobFolder
  private let state: Mutex<State>

  private struct State {
    /// -1 once closed.
    var descriptor: Int32
    var size = 0
    var linked = false
    var failure: DiskCacheError?
    /// The PNG structure check, run on each chunk as it is written, while it is still in the cache.
    var check = PNGStreamCheck()
    /// The first bytes: enough for the format, the header and any error's hint.
    var head: [UInt8] = []
  }

  init(name: String, descriptor: Int32, folder: BlobFolder) {
    self.name = name
    self.folder = folder
    self.state = Mutex(State(descriptor: descriptor))
  }

  deinit { discard() }

  /// Bytes written so far.
  var size: Int { state.withLock { $0.size } }

  /// Why a chunk could not be written (the disk is full): the transfer keeps the body in memory from there on,
  /// and it is stored from memory as any other.
  var failure: DiskCacheError? { state.withLock { $0.failure } }

  /// Appends a chunk at the end; false when it could not be written, and then `failure` says why.
  func append(_ chunk: UnsafeRawBufferPointer) -> Bool {
    state.withLock { state in
      guard state.failure == nil, state.descriptor >= 0 else { return false }
      #if DEBUG
        if let error = folder.reserveSimulatedSpace(chunk.count) {
          state.failure = error
          return false
        }
      #endif
      if let code = BlobFolder.writeAll(chunk, to: state.descriptor) {
        state.failure = folder.failure(code, writing: folder.path(of: name))
        return false
      }
      state.size += chunk.count
      state.check.consume(chunk)
      if state.head.count < ImageFormatSniffer.hintByteCount {
        state.head += chunk.prefix(ImageFormatSniffer.hintByteCount - state.head.count)
      }
      return true
    }
  }

  /// The first bytes of a body whose PNG structure checked out as it was written (`PNGStreamCheck`): all that is
  /// left to check is in them. Nil for anything else, which is checked over a mapping of the whole file.
  var checkedPNGHead: [UInt8]? {
    state.withLock { $0.check.passed ? $0.head : nil }
  }

  /// The bytes written so far, read back: for a caller that needs them in memory after all (a write that failed
  /// half-way, a `no-store` response, a commit that failed). Nil if they cannot be read.
  func contents() -> [UInt8]? {
    state.withLock { state in
      state.descriptor >= 0 ? BlobFolder.readAll(state.size, from: state.descriptor) : nil
    }
  }

  /// Runs `body` over the file mapped read-only (an empty buffer for an empty file); nil if it cannot be mapped.
  func withMapping<Result, Failure: Error>(
    _ body: (UnsafeRawBufferPointer) throws(Failure) -> Result
  ) throws(Failure) -> Result? {
    let (descriptor, size) = state.withLock { ($0.descriptor, $0.size) }
    guard descriptor >= 0 else { return nil }
    guard size > 0 else { return try body(UnsafeRawBufferPointer(start: nil, count: 0)) }
    let mapping = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0)
    guard let mapping, mapping != UnsafeMutableRawPointer(bitPattern: -1) else { return nil }
    defer { munmap(mapping, size) }
    return try body(UnsafeRawBufferPointer(start: mapping, count: size))
  }

  /// Gives the file its name (`name`) and returns it; nil when it cannot have it: already named once (a commit
  /// that failed removed that name), closed, or the system refused. The caller then writes `contents()` anew.
  func link() -> String? {
    state.withLock { state in
      guard state.descriptor >= 0, state.failure == nil, !state.linked else { return nil }
      state.linked = true
      return folder.link(state.descriptor, as: name) ? name : nil
    }
  }

  /// Closes the file; one that was never named is gone with it.
  func discard() {
    state.withLock { state in
      guard state.descriptor >= 0 else { return }
      close(state.descriptor)
      state.descriptor = -1
    }
  }
}

extension StreamedBlob: Equatable {
  /// The same file: a write or a response carries one, never a copy.
  static func == (lhs: StreamedBlob, rhs: StreamedBlob) -> Bool { lhs === rhs }
}
