import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// nginx serving files over HTTPS with HTTP/2 on 127.0.0.1, its certificate signed by a throwaway CA that the
/// `openssl` command line makes in a scratch folder: the one way the tests see libcurl's TLS and HTTP/2 paths.
///
/// Every request lands in `accessLog()` with the protocol nginx saw and the connection it came on, so a test can
/// tell HTTP/2 multiplexing (one connection, overlapping requests) from HTTP/1.1 keep-alive or many connections.
/// nginx runs in the foreground as a child process; `stop()` (or deinit) ends it and removes the folder.
public final class NginxTLSServer {
  /// Where the tools are, or nil when one is missing (`missingTools` says which).
  public static let nginx = executable("nginx", in: ["/usr/sbin", "/usr/local/sbin", "/usr/bin", "/usr/local/bin"])
  public static let openssl = executable("openssl", in: ["/usr/bin", "/usr/local/bin", "/bin"])

  /// "nginx", "openssl", "nginx and openssl", or nil when both are installed.
  public static var missingTools: String? {
    let missing = [("nginx", nginx), ("openssl", openssl)].filter { $0.1 == nil }.map(\.0)
    return missing.isEmpty ? nil : missing.joined(separator: " and ")
  }

  public struct Failure: Error, CustomStringConvertible {
    public let description: String
  }

  /// One access-log line: `$server_protocol $connection $connection_requests $status $msec $request_time $uri`.
  public struct Request: Equatable, Sendable {
    /// "HTTP/2.0" or "HTTP/1.1".
    public var serverProtocol: String
    /// nginx's connection serial number: equal numbers, same TCP connection.
    public var connection: Int
    /// Which request on its connection this was (1 for the first).
    public var connectionRequests: Int
    public var status: Int
    /// When nginx read the request and when it finished the response (seconds since the epoch, ms resolution).
    public var started: Double
    public var finished: Double
    public var path: String
  }

  public let port: Int
  public let folder: URL
  /// The throwaway CA that signed the server's certificate (PEM): what `caBundlePath` must name.
  public let caBundle: URL
  /// A second throwaway CA that signed nothing here: trusting only it must fail verification.
  public let unrelatedCABundle: URL
  private let process: ChildProcess
  private var stopped = false

  /// Serves `files` (name → bytes) at `/<name>`. With `rateLimit` (bytes/s, nginx's `limit_rate`) every response
  /// is slowed down, which makes requests on one connection overlap measurably when they are multiplexed.
  public init(files: [String: [UInt8]], rateLimit: Int? = nil) throws {
    guard let nginx = Self.nginx, let openssl = Self.openssl else {
      throw Failure(description: "\(Self.missingTools ?? "a tool") not installed (scripts/install-deps installs it)")
    }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nginx-tls-\(UUID().uuidString)")
    let www = folder.appendingPathComponent("www")
    // World-readable: nginx started as root serves from worker processes running as nobody.
    try FileManager.default.createDirectory(
      at: www, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
    for (name, bytes) in files {
      let file = www.appendingPathComponent(name)
      try Data(bytes).write(to: file)
      try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file.path)
    }
    self.folder = folder
    do {
      try Self.makeCertificates(in: folder, openssl: openssl)
      (process, port) = try Self.start(nginx, in: folder, rateLimit: rateLimit)
    } catch {
      try? FileManager.default.removeItem(at: folder)
      throw error
    }
    caBundle = folder.appendingPathComponent("ca.pem")
    unrelatedCABundle = folder.appendingPathComponent("other-ca.pem")
  }

  deinit { stop() }

  public func url(_ path: String, host: String = "127.0.0.1") -> URL {
    URL(string: "https://\(host):\(port)\(path.hasPrefix("/") ? path : "/" + path)")!
  }

  /// The access log, once it has at least `count` lines (nginx writes a line just after the response went out, so
  /// it may trail the client by a moment) or `timeout` passed.
  public func accessLog(atLeast count: Int = 0, timeout: Duration = hangTimeout) -> [Request] {
    Self.lines(atLeast: count, timeout: timeout, read: readAccessLog)
  }

  /// `read()` once it returns at least `count` lines, or when `timeout` has passed.
  static func lines<Line>(atLeast count: Int, timeout: Duration, read: () -> [Line]) -> [Line] {
    let deadline = ContinuousClock.now + timeout
    while true {
      let lines = read()
      if lines.count >= count || ContinuousClock.now >= deadline { return lines }
      Thread.sleep(forTimeInterval: 0.02)
    }
  }

  /// nginx's own error log (startup problems, TLS handshakes it refused).
  public var errorLog: String { Self.errorLog(in: folder) }

  static func errorLog(in folder: URL) -> String {
    (try? String(contentsOf: folder.appendingPathComponent("error.log"), encoding: .utf8)) ?? ""
  }

  public func stop() {
    guard !stopped else { return }
    stopped = true
    if process.isRunning {
      kill(process.processIdentifier, SIGTERM)  // fast shutdown: the master ends its worker, then itself
      process.waitUntilExit()
    }
    try? FileManager.default.removeItem(at: folder)
  }

  /// The most requests in flight at once, from each request's start and finish time (a sweep over the intervals).
  /// `endingEarlierBy` counts each request as finished that much sooner: nginx logs a response's end when its worker
  /// gets round to finalizing it, which can come after the client has the last byte and has started its next
  /// request, and both times are rounded to the millisecond.
  public static func peakOverlap(_ requests: [Request], endingEarlierBy slack: Double = 0) -> Int {
    var events: [(time: Double, change: Int)] = []
    for request in requests {
      events.append((request.started, 1))
      events.append((max(request.started, request.finished - slack), -1))
    }
    // A finish at the same instant as a start goes first: back-to-back requests do not overlap.
    events.sort { $0.time != $1.time ? $0.time < $1.time : $0.change < $1.change }
    var current = 0
    var peak = 0
    for (_, change) in events {
      current += change
      peak = max(peak, current)
    }
    return peak
  }

  // MARK: - Setup

  private static func executable(_ name: String, in folders: [String]) -> URL? {
    folders.map { URL(fileURLWithPath: $0).appendingPathComponent(name) }
      .first { FileManager.default.isExecutableFile(atPath: $0.path) }
  }

  /// ca.pem (CA:TRUE), server.pem/server.key for IP 127.0.0.1 signed by it, and an unrelated other-ca.pem.
  private static func makeCertificates(in folder: URL, openssl: URL) throws {
    let key = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
    for (name, subject) in [("ca", "imgcache test CA"), ("other-ca", "imgcache unrelated CA")] {
      try run(
        openssl,
        ["req", "-x509"] + key + [
          "-keyout", "\(name).key", "-out", "\(name).pem", "-days", "2", "-subj", "/CN=\(subject)",
          "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign,cRLSign",
        ], in: folder)
    }
    try run(
      openssl, ["req", "-new"] + key + ["-keyout", "server.key", "-out", "server.csr", "-subj", "/CN=127.0.0.1"],
      in: folder)
    try """
    subjectAltName = IP:127.0.0.1
    basicConstraints = critical, CA:FALSE
    keyUsage = critical, digitalSignature
    extendedKeyUsage = serverAuth

    """.write(to: folder.appendingPathComponent("server.ext"), atomically: true, encoding: .utf8)
    try run(
      openssl,
      [
        "x509", "-req", "-in", "server.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial",
        "-out", "server.pem", "-days", "2", "-extfile", "server.ext",
      ], in: folder)
  }

  private static func run(_ executable: URL, _ arguments: [String], in folder: URL) throws {
    let output = try ProcessRunner.runBlocking(executable, arguments, in: folder)
    guard output.status == 0 else {
      throw Failure(
        description: "\(executable.lastPathComponent) \(arguments.joined(separator: " ")) failed: \(output.stderr)")
    }
  }

  /// nginx 1.25.1 replaced `listen … http2` by the `http2 on;` directive (the old form still works, with a warning).
  private static func http2Directives(_ nginx: URL) -> (listen: String, server: String) {
    // `nginx -v` prints its version on stderr.
    guard let text = try? ProcessRunner.runBlocking(nginx, ["-v"]).stderr else { return (" http2", "") }
    let version = text.split(separator: "/").last.map { $0.split(separator: " ")[0] } ?? ""
    let parts = version.split(separator: ".").compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    let modern = parts.lexicographicallyPrecedes([1, 25, 1]) == false && parts.count >= 2
    return modern ? ("", "http2 on;") : (" http2", "")
  }

  /// Starts nginx on a port that was free a moment ago; tries again on another when it was taken meanwhile.
  private static func start(_ nginx: URL, in folder: URL, rateLimit: Int?) throws -> (ChildProcess, Int) {
    let http2 = http2Directives(nginx)
    return try launch(nginx, in: folder) { port in
      let f = folder.path
      return mainConfiguration(
        in: folder,
        http: """
          log_format h2 '$server_protocol $connection $connection_requests $status $msec $request_time $uri';
          access_log \(f)/access.log h2;
          default_type application/octet-stream;
          \(rateLimit.map { "limit_rate \($0);" } ?? "")
          server {
            listen 127.0.0.1:\(port) ssl\(http2.listen);
            \(http2.server)
            ssl_certificate \(f)/server.pem;
            ssl_certificate_key \(f)/server.key;
            root \(f)/www;
          }
          """)
    }
  }

  /// A whole nginx.conf for a foreground nginx whose pid, error log and temporary files stay in `folder`, with
  /// `http` as the body of its http block.
  static func mainConfiguration(in folder: URL, http: String) -> String {
    let f = folder.path
    return """
      daemon off;
      master_process on;
      worker_processes 1;
      pid \(f)/nginx.pid;
      error_log \(f)/error.log warn;
      events { worker_connections 256; }
      http {
        client_body_temp_path \(f)/tmp-body;
        proxy_temp_path \(f)/tmp-proxy;
        fastcgi_temp_path \(f)/tmp-fastcgi;
        uwsgi_temp_path \(f)/tmp-uwsgi;
        scgi_temp_path \(f)/tmp-scgi;
      \(http)
      }

      """
  }

  /// Runs nginx in the foreground with `folder/nginx.conf`, written by `configuration` for a port that was free a
  /// moment ago, until it accepts connections; tries again on another port when that one was taken meanwhile.
  /// The configuration must log errors to `folder/error.log`.
  static func launch(_ nginx: URL, in folder: URL, configuration: (_ port: Int) throws -> String) throws
    -> (ChildProcess, Int)
  {
    var lastError = ""
    for _ in 0..<5 {
      let port = try freePort()
      try configuration(port).write(to: folder.appendingPathComponent("nginx.conf"), atomically: true, encoding: .utf8)
      // -e: messages from before the configuration is read go here too, not to /var/log/nginx.
      let process = try ChildProcess(
        nginx, ["-p", folder.path, "-c", "\(folder.path)/nginx.conf", "-e", "\(folder.path)/error.log"])
      if waitUntilListening(port: port, while: process) { return (process, port) }
      if process.isRunning {
        kill(process.processIdentifier, SIGKILL)
      }
      process.waitUntilExit()
      lastError = (try? String(contentsOf: folder.appendingPathComponent("error.log"), encoding: .utf8)) ?? ""
      guard lastError.contains("Address already in use") else { break }
    }
    throw Failure(description: "nginx did not start: \(lastError)")
  }

  private static func freePort() throws -> Int {
    let (fd, port) = try HTTPTestSocket.listenOnLoopback()
    close(fd)
    return Int(port)
  }

  private static func loopback(port: UInt16) -> sockaddr_in {
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    return address
  }

  /// Polls with plain TCP connects until nginx accepts, it exits, or `hangTimeout` passes.
  private static func waitUntilListening(port: Int, while process: ChildProcess) -> Bool {
    let deadline = ContinuousClock.now + hangTimeout
    while process.isRunning, ContinuousClock.now < deadline {
      let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
      var address = loopback(port: UInt16(port))
      let connected = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
      }
      close(fd)
      if connected == 0 { return true }
      Thread.sleep(forTimeInterval: 0.02)
    }
    return false
  }

  private func readAccessLog() -> [Request] {
    let text = (try? String(contentsOf: folder.appendingPathComponent("access.log"), encoding: .utf8)) ?? ""
    return text.split(separator: "\n").compactMap { line in
      let fields = line.split(separator: " ").map(String.init)
      guard fields.count == 7, let connection = Int(fields[1]), let count = Int(fields[2]),
        let status = Int(fields[3]), let finished = Double(fields[4]), let duration = Double(fields[5])
      else { return nil }
      return Request(
        serverProtocol: fields[0], connection: connection, connectionRequests: count, status: status,
        started: finished - duration, finished: finished, path: fields[6])
    }
  }
}
