import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// A program the tests start, spawned with `posix_spawn` and nothing else.
///
/// Foundation's `Process.run()` lists `/proc/self/fd` to close every descriptor in the child, and copies each
/// entry's full 256-byte name field out of `readdir`'s buffer. With about 1,360 descriptors open, as a full parallel
/// run reaches, the last entry sits at the end of that 32 KB buffer and the copy reads past it: the test process
/// died of SIGSEGV inside `Process.run()` in one CI run out of three. Here the child closes what it must not inherit
/// with `posix_spawn_file_actions_addclosefrom_np`, which lists nothing in the parent.
public final class ChildProcess: @unchecked Sendable {
  /// Where one of the child's standard streams goes.
  public enum Stream {
    /// `/dev/null`.
    case null
    /// A descriptor of the caller's, which stays the caller's to close.
    case descriptor(Int32)
    /// A new pipe; the test's end is `input` (for standard input) or `output`/`errorOutput`.
    case pipe
  }

  public typealias TerminationReason = Process.TerminationReason

  public let processIdentifier: Int32
  /// The test's ends of the pipes asked for, closed when the object goes.
  public let input: FileHandle?
  public let output: FileHandle?
  public let errorOutput: FileHandle?
  /// The wait status, once the child is reaped.
  private let reaped = Mutex<Int32?>(nil)

  /// Starts `executable`. `environment` replaces this process's (nil: inherit it); `directory` is where it starts.
  public init(
    _ executable: URL, _ arguments: [String], environment: [String: String]? = nil, directory: URL? = nil,
    stdin: Stream = .null, stdout: Stream = .null, stderr: Stream = .null
  ) throws {
    var parentEnds: [FileHandle?] = [nil, nil, nil]
    var childEnds: [Int32] = []
    var ownedChildEnds: [Int32] = []
    defer { ownedChildEnds.forEach { close($0) } }
    for (slot, stream) in [stdin, stdout, stderr].enumerated() {
      switch stream {
      case .null:
        let fd = open("/dev/null", (slot == 0 ? O_RDONLY : O_WRONLY) | O_CLOEXEC)
        guard fd >= 0 else { throw SystemCallFailure(call: "open /dev/null", code: errno) }
        childEnds.append(fd)
        ownedChildEnds.append(fd)
      case .descriptor(let fd):
        childEnds.append(fd)
      case .pipe:
        let ends = try Descriptors.pipePair()
        let (childEnd, parentEnd) = slot == 0 ? (ends.read, ends.write) : (ends.write, ends.read)
        childEnds.append(childEnd)
        ownedChildEnds.append(childEnd)
        parentEnds[slot] = FileHandle(fileDescriptor: parentEnd, closeOnDealloc: true)
      }
    }
    processIdentifier = try Self.spawn(
      executable.path, arguments, environment: environment, directory: directory?.path, streams: childEnds)
    (input, output, errorOutput) = (parentEnds[0], parentEnds[1], parentEnds[2])
  }

  public var isRunning: Bool { status(blocking: false) == nil }

  public func waitUntilExit() { _ = status(blocking: true) }

  /// The exit code, or the signal's number when `terminationReason` is `.uncaughtSignal` (as Foundation's `Process`).
  public var terminationStatus: Int32 {
    guard let status = status(blocking: false) else { preconditionFailure("\(processIdentifier) is still running") }
    return status & 0x7f == 0 ? (status >> 8) & 0xff : status & 0x7f
  }

  public var terminationReason: TerminationReason {
    guard let status = status(blocking: false) else { preconditionFailure("\(processIdentifier) is still running") }
    return status & 0x7f == 0 ? .exit : .uncaughtSignal
  }

  public func terminate() { kill(processIdentifier, SIGTERM) }

  public func interrupt() { kill(processIdentifier, SIGINT) }

  /// Waits for the process to end, polling from the task instead of blocking a cooperative thread. Past
  /// `safetyTimeout`, a safety net against a hung binary and never a timing assertion, the process is killed.
  public func ended(safetyTimeout: Duration = hangTimeout) async {
    let deadline = ContinuousClock.now + safetyTimeout
    while isRunning && ContinuousClock.now < deadline { try? await Task.sleep(for: .milliseconds(5)) }
    if isRunning { kill(processIdentifier, SIGKILL) }
    waitUntilExit()
  }

  /// The wait status once the child has ended; reaps it once, whichever thread asks first.
  private func status(blocking: Bool) -> Int32? {
    if blocking {
      // Waits without reaping, so that the lock is never held while the child runs.
      var info = siginfo_t()
      while waitid(P_PID, id_t(processIdentifier), &info, WEXITED | WNOWAIT) != 0 && errno == EINTR {}
    }
    return reaped.withLock { reaped in
      if let reaped { return reaped }
      var status: Int32 = 0
      let result = waitpid(processIdentifier, &status, WNOHANG)
      if result == processIdentifier { reaped = status }
      // Reaped by someone else (a SIGCHLD handler set to ignore): report an exit code of 0 rather than hang.
      if result < 0 && errno == ECHILD { reaped = 0 }
      return reaped
    }
  }
}

extension ChildProcess {
  private typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
  private typealias AddChdir =
    @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>)
    -> Int32

  /// glibc 2.34 and 2.29 have these; Swift's Glibc module does not declare them.
  private static let addCloseFrom: AddCloseFrom? = dlsym(
    UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np"
  )
  .map { unsafeBitCast($0, to: AddCloseFrom.self) }
  private static let addChdir: AddChdir? = dlsym(
    UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addchdir_np"
  )
  .map { unsafeBitCast($0, to: AddChdir.self) }

  private static func spawn(
    _ path: String, _ arguments: [String], environment: [String: String]?, directory: String?, streams: [Int32]
  ) throws -> Int32 {
    guard let addCloseFrom else {
      throw SystemCallFailure(call: "posix_spawn_file_actions_addclosefrom_np", code: ENOSYS)
    }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    // A stream's descriptor may itself be 0, 1 or 2 of another slot: move each out of the way first.
    let parked = streams.map { fcntl($0, F_DUPFD_CLOEXEC, 3) }
    defer { parked.filter { $0 >= 0 }.forEach { close($0) } }
    guard !parked.contains(where: { $0 < 0 }) else {
      throw SystemCallFailure(call: "fcntl(F_DUPFD_CLOEXEC)", code: errno)
    }
    for (slot, fd) in parked.enumerated() { posix_spawn_file_actions_adddup2(&actions, fd, Int32(slot)) }
    try check(addCloseFrom(&actions, 3), "posix_spawn_file_actions_addclosefrom_np")
    if let directory {
      guard let addChdir else { throw SystemCallFailure(call: "posix_spawn_file_actions_addchdir_np", code: ENOSYS) }
      try check(addChdir(&actions, directory), "posix_spawn_file_actions_addchdir_np")
    }
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    // Its own process group, as Foundation's `Process` gives: a signal meant for the test run does not reach it.
    // Signals as a shell would hand them over: every handler at its default (the test process ignores SIGPIPE)
    // and none blocked.
    var defaults = sigset_t()
    sigfillset(&defaults)
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    var unblocked = sigset_t()
    sigemptyset(&unblocked)
    posix_spawnattr_setsigmask(&attributes, &unblocked)
    posix_spawnattr_setflags(
      &attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
    posix_spawnattr_setpgroup(&attributes, 0)

    let environment = environment ?? ProcessInfo.processInfo.environment
    let argv = ([path] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { (argv + envp).forEach { free($0) } }
    var pid: pid_t = 0
    try check(posix_spawn(&pid, path, &actions, &attributes, argv, envp), "posix_spawn \(path)")
    return pid
  }

  private static func check(_ result: Int32, _ call: String) throws {
    guard result == 0 else { throw SystemCallFailure(call: call, code: result) }
  }
}
