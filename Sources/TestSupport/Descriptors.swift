#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A system call that failed, with its errno.
struct SystemCallFailure: Error, CustomStringConvertible {
  let call: String
  let code: Int32
  var description: String { "\(call) failed: \(String(cString: strerror(code)))" }
}

/// Descriptors the test helpers make, none of them inherited by a program another thread starts meanwhile.
enum Descriptors {
  static func pipePair() throws(SystemCallFailure) -> (read: Int32, write: Int32) {
    var fds: [Int32] = [0, 0]
    guard pipe(&fds) == 0 else { throw SystemCallFailure(call: "pipe", code: errno) }
    setCloseOnExec(fds[0])
    setCloseOnExec(fds[1])
    return (fds[0], fds[1])
  }

  static func setCloseOnExec(_ fd: Int32) {
    _ = fcntl(fd, F_SETFD, fcntl(fd, F_GETFD) | FD_CLOEXEC)
  }
}
