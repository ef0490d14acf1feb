#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs a short-lived command and collects what it prints, with a deadline. Through `posix_spawnp`, because
/// Foundation's `Process` lives in full Foundation, which brings ICU into the binary.
enum ChildOutput {
  /// What `command` (looked up in `PATH`) writes to standard output, when it exits with status 0 before
  /// `deadline`; nil when it cannot start, fails, or is still running then (it is then killed and reaped).
  /// Its standard input and error are /dev/null.
  static func run(_ command: [String], deadline: ContinuousClock.Instant) -> [UInt8]? {
    guard !command.isEmpty else { return nil }
    // Close-on-exec on both ends: a child another thread spawns must not inherit them (it would hold the pipe
    // open); posix_spawn's dup2 gives our child its standard output without the flag. (Glibc's module has no
    // pipe2, so a spawn in the instant between the two calls can still inherit them.)
    var fds: [Int32] = [-1, -1]
    guard pipe(&fds) == 0 else { return nil }
    let (readEnd, writeEnd) = (fds[0], fds[1])
    _ = fcntl(readEnd, F_SETFD, FD_CLOEXEC)
    _ = fcntl(writeEnd, F_SETFD, FD_CLOEXEC)
    guard let pid = spawn(command, stdout: writeEnd) else {
      close(readEnd)
      close(writeEnd)
      return nil
    }
    close(writeEnd)
    defer { close(readEnd) }
    let output = readToEnd(readEnd, deadline: deadline)
    switch ending(of: pid, deadline: output == nil ? nil : deadline) {
    case .exited(let code): return code == 0 ? output : nil
    case .gone: return nil
    case .running:
      // Still ours and not reaped, so the pid cannot have been reused: safe to kill and wait for.
      kill(pid, SIGKILL)
      var status: Int32 = 0
      while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
      return nil
    }
  }

  private enum Ending {
    /// Reaped here: the exit code, or nil when a signal ended it.
    case exited(Int32?)
    /// Reaped by someone else (waitpid says ECHILD); the pid may already name another process.
    case gone
    /// Still running at the deadline (or no deadline was given), not reaped.
    case running
  }

  private static func spawn(_ command: [String], stdout: Int32) -> pid_t? {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, stdout, 1)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let arguments = command.map { strdup($0) } + [nil]
    defer { for argument in arguments { free(argument) } }
    var pid: pid_t = 0
    guard posix_spawnp(&pid, command[0], &actions, nil, arguments, environ) == 0 else { return nil }
    return pid
  }

  /// Everything until end of file; nil at the deadline or on a read error.
  private static func readToEnd(_ descriptor: Int32, deadline: ContinuousClock.Instant) -> [UInt8]? {
    var output: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      guard let wait = millisecondsLeft(until: deadline) else { return nil }
      var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      let ready = poll(&poller, 1, wait)
      if ready < 0 && errno == EINTR { continue }
      guard ready > 0 else { return nil }
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      guard count >= 0 else { return nil }
      if count == 0 { return output }
      output.append(contentsOf: buffer[0..<count])
    }
  }

  /// How the child ended, polled every millisecond until `deadline` (it has already closed its output, so it is
  /// exiting); with no deadline, not polled at all.
  private static func ending(of pid: pid_t, deadline: ContinuousClock.Instant?) -> Ending {
    guard let deadline else { return .running }
    var status: Int32 = 0
    while true {
      let reaped = waitpid(pid, &status, WNOHANG)
      if reaped == pid { break }
      if reaped < 0 && errno != EINTR { return .gone }
      guard millisecondsLeft(until: deadline) != nil else { return .running }
      usleep(1_000)
    }
    // WIFEXITED and WEXITSTATUS, which Swift does not import: the low 7 bits are the signal, bits 8–15 the code.
    return .exited(status & 0x7f == 0 ? (status >> 8) & 0xff : nil)
  }

  private static func millisecondsLeft(until deadline: ContinuousClock.Instant) -> Int32? {
    let left = ContinuousClock.now.duration(to: deadline)
    guard left > .zero else { return nil }
    let (seconds, attoseconds) = left.components
    return Int32(clamping: seconds * 1_000 + attoseconds / 1_000_000_000_000_000 + 1)
  }
}
