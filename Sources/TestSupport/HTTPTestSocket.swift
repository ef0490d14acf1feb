#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Minimal POSIX socket calls for `HTTPTestServer`, with the Glibc/Darwin spelling differences in one place.
enum HTTPTestSocket {
  #if canImport(Glibc)
    private static let streamType = Int32(SOCK_STREAM.rawValue)
    private static let sendFlags = Int32(MSG_NOSIGNAL)
  #else
    private static let streamType = SOCK_STREAM
    private static let sendFlags: Int32 = 0
  #endif

  /// A listening socket on 127.0.0.1 with a kernel-chosen port.
  static func listenOnLoopback() throws -> (fd: Int32, port: UInt16) {
    let (fd, port) = try bindOnLoopback(reusingAddress: true)
    guard listen(fd, 256) == 0 else {
      let code = errno
      close(fd)
      throw SystemCallFailure(call: "listen", code: code)
    }
    return (fd, port)
  }

  /// A socket bound to 127.0.0.1 with a kernel-chosen port, not listening: the port is taken while it is open, and
  /// a connection to it is refused. Without `reusingAddress` no other socket can be bound to the port, not even
  /// one that asks to reuse it (a server's listener does).
  static func bindOnLoopback(reusingAddress: Bool) throws -> (fd: Int32, port: UInt16) {
    let fd = socket(AF_INET, streamType, 0)
    guard fd >= 0 else { throw SystemCallFailure(call: "socket", code: errno) }
    Descriptors.setCloseOnExec(fd)
    var yes: Int32 = 1
    if reusingAddress { setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size)) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard bound == 0 else {
      let code = errno
      close(fd)
      throw SystemCallFailure(call: "bind", code: code)
    }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
    }
    return (fd, UInt16(bigEndian: address.sin_port))
  }

  /// Waits until `fd` is readable or `wake` is; returns true if `fd` is.
  static func waitReadable(_ fd: Int32, orWake wake: Int32) -> Bool {
    var fds = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0), pollfd(fd: wake, events: Int16(POLLIN), revents: 0)]
    while true {
      let ready = poll(&fds, 2, -1)
      if ready < 0 && errno == EINTR { continue }
      return ready > 0 && fds[1].revents == 0 && fds[0].revents != 0
    }
  }

  static func acceptConnection(_ listener: Int32) -> Int32? {
    while true {
      let fd = accept(listener, nil, nil)
      if fd >= 0 {
        Descriptors.setCloseOnExec(fd)
        var yes: Int32 = 1
        // Headers and body go out in one write anyway; without this, delayed ACKs add 40 ms per keep-alive request.
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, socklen_t(MemoryLayout<Int32>.size))
        return fd
      }
      if errno == EINTR || errno == ECONNABORTED { continue }
      return nil
    }
  }

  /// Reads what is available (blocking); nil on end of stream or error.
  static func receive(_ fd: Int32, into buffer: inout [UInt8]) -> Bool {
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { return false }
      buffer.append(contentsOf: chunk[0..<count])
      return true
    }
  }

  /// Writes everything or reports failure (peer gone); never raises SIGPIPE.
  @discardableResult
  static func sendAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
    var offset = 0
    while offset < bytes.count {
      let sent = bytes.withUnsafeBytes { send(fd, $0.baseAddress! + offset, bytes.count - offset, sendFlags) }
      if sent < 0 && errno == EINTR { continue }
      guard sent > 0 else { return false }
      offset += sent
    }
    return true
  }

  /// Makes the next `close` send a TCP RST instead of a FIN.
  static func closeWithReset(_ fd: Int32) {
    var option = linger(l_onoff: 1, l_linger: 0)
    setsockopt(fd, SOL_SOCKET, SO_LINGER, &option, socklen_t(MemoryLayout<linger>.size))
  }
}
