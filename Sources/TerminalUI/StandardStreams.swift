// For C's `stdout` and `stderr`, mutable globals as Swift sees them; touched only at start and in the exit check.
@preconcurrency import Glibc

/// Output that could not be written: the descriptor's name and the `errno` of the failed `write(2)`.
public struct OutputFailure: Error, Equatable, CustomStringConvertible {
  /// What the output was, as the message names it: "standard output", "standard error", a path.
  public let destination: String
  public let errorNumber: Int32

  public init(destination: String, errorNumber: Int32) {
    self.destination = destination
    self.errorNumber = errorNumber
  }

  /// The reader went away (`… | head`, a closed socket): nothing to report, the way a shell's tools end.
  public var isClosedReader: Bool { errorNumber == EPIPE }

  /// What a shell reports for a tool killed by SIGPIPE (128 + 13), which is what a closed pipe does to tools
  /// that leave SIGPIPE alone: `git log | head` and the like.
  public static let closedReaderStatus: Int32 = 141
  /// EX_IOERR from sysexits.h: any other write failure (a full disk, EIO, a closed descriptor).
  public static let writeFailedStatus: Int32 = 74

  /// The exit status this failure ends a tool with.
  public var exitStatus: Int32 { isClosedReader ? Self.closedReaderStatus : Self.writeFailedStatus }

  /// One line: what failed and what to do.
  public var description: String {
    let reason = String(cString: strerror(errorNumber)).lowercased()
    let advice =
      switch errorNumber {
      case ENOSPC, EDQUOT: "; free some space and run again"
      case EBADF: "; it is closed, so run with it open or redirected"
      default: ""
      }
    return "cannot write to \(destination): \(reason)\(advice)"
  }

  /// Says so on stderr (unless the reader simply went away) as `program: …`, and gives the exit status.
  public func report(program: String) -> Int32 {
    if !isClosedReader { StandardStreams.error.writeIgnoringFailure("\(program): \(description)\n") }
    return exitStatus
  }
}

/// One file descriptor written with `write(2)` in a loop: partial writes continue, EINTR retries, EAGAIN waits, and
/// every other failure is thrown as `OutputFailure`, never a crash. SIGPIPE is ignored (`StandardStreams.prepareProcess`), so
/// a closed pipe is EPIPE here.
public struct OutputWriter: Sendable {
  public let descriptor: Int32
  public let destination: String

  public init(descriptor: Int32, destination: String) {
    self.descriptor = descriptor
    self.destination = destination
  }

  public func write(_ bytes: some Sequence<UInt8>) throws(OutputFailure) {
    let contiguous = bytes as? [UInt8] ?? Array(bytes)
    var failure: Int32 = 0
    contiguous.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          // A descriptor someone left non-blocking: wait until it takes more, as a blocking write would.
          if errno == EAGAIN {
            var ready = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
            if poll(&ready, 1, -1) >= 0 || errno == EINTR { continue }
          }
          failure = errno
          return
        }
        // A regular file that can take no more returns 0 rather than ENOSPC on some file systems.
        if written == 0 {
          failure = ENOSPC
          return
        }
        offset += written
      }
    }
    if failure != 0 { throw OutputFailure(destination: destination, errorNumber: failure) }
  }

  public func write(_ text: String) throws(OutputFailure) {
    try write(text.utf8)
  }

  /// For stderr's notes and errors: where they cannot be written there is nowhere left to say so.
  public func writeIgnoringFailure(_ text: String) {
    try? write(text.utf8)
  }
}

/// The process's stdout and stderr, written only through `OutputWriter`, for both tools.
public enum StandardStreams {
  public static var output: OutputWriter { writer(STDOUT_FILENO, "standard output") }
  public static var error: OutputWriter { writer(STDERR_FILENO, "standard error") }

  /// Descriptors 0, 1 and 2 that the parent closed (`>&-`); set once by `prepareProcess`, before any thread writes.
  nonisolated(unsafe) private static var closedAtStart: Set<Int32> = []

  /// A closed stream's writer writes to no descriptor at all, so its writes fail with EBADF.
  private static func writer(_ descriptor: Int32, _ name: String) -> OutputWriter {
    OutputWriter(descriptor: closedAtStart.contains(descriptor) ? -1 : descriptor, destination: name)
  }

  /// Call first in `main`. Ignores SIGPIPE, so a closed pipe is an error a writer can handle instead of a death,
  /// and checks at exit what went through C's buffered stdout (the argument parser prints `--help` and
  /// `--version` there), as coreutils' `close_stdout` does: the same 141 or one line and 74 as any other output.
  public static func prepareProcess() {
    _ = signal(SIGPIPE, SIG_IGN)
    // A descriptor the parent closed (`>&-`) goes to the next file opened: before `main`, the runtime's own
    // (an epoll or event descriptor), later perhaps the cache's index. Neither may receive output. A free one is
    // held by /dev/null opened read-only (reads end at once, writes fail with EBADF); either way it is closed
    // to the writers, and C's stdout is pointed at /dev/null read-only too.
    for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] {
      if fcntl(descriptor, F_GETFD) < 0 {
        let placeholder = open("/dev/null", O_RDONLY)
        if placeholder >= 0 && placeholder != descriptor {
          _ = dup2(placeholder, descriptor)
          close(placeholder)
        }
        closedAtStart.insert(descriptor)
      } else if isRuntimeDescriptor(descriptor) {
        closedAtStart.insert(descriptor)
      }
    }
    if closedAtStart.contains(STDOUT_FILENO), let placeholder = fopen("/dev/null", "r") { stdout = placeholder }
    // Logs go through C's stderr: into nothing, rather than into the runtime's descriptor.
    if closedAtStart.contains(STDERR_FILENO), let placeholder = fopen("/dev/null", "w") { stderr = placeholder }
    // Fully buffered, so a failure shows when the exit check flushes, with its errno.
    _ = setvbuf(stdout, nil, _IOFBF, 1 << 16)
    _ = atexit { StandardStreams.checkBufferedOutputAtExit() }
  }

  /// An anonymous inode (epoll, eventfd, signalfd) is nothing a parent hands over as a standard stream.
  private static func isRuntimeDescriptor(_ descriptor: Int32) -> Bool {
    var buffer = [CChar](repeating: 0, count: 64)
    let length = readlink("/proc/self/fd/\(descriptor)", &buffer, buffer.count - 1)
    guard length > 0 else { return false }
    return String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
      .hasPrefix("anon_inode:")
  }

  private static func checkBufferedOutputAtExit() {
    errno = 0
    let flushFailed = fflush(stdout) != 0
    guard flushFailed || ferror(stdout) != 0 else { return }
    let number = closedAtStart.contains(STDOUT_FILENO) ? EBADF : flushFailed && errno != 0 ? errno : EIO
    let failure = OutputFailure(destination: "standard output", errorNumber: number)
    _exit(failure.report(program: programName))
  }

  /// The name the process was started by, for messages written where no command is at hand.
  static var programName: String {
    let path = CommandLine.arguments.first ?? "imgcache"
    return path.split(separator: "/").last.map(String.init) ?? path
  }
}
