import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// nginx running the repository's shared-cache configuration (deploy/nginx-shared-cache.conf) on 127.0.0.1, for the
/// tests of `--shared-cache`.
///
/// The shipped file is used as it is, with only the site-specific values of its "SITE:" lines replaced: the listen
/// address, the cache, origin-list and access-log paths (each must occur exactly once, or setup fails saying which).
/// It is included in a minimal main configuration (pid, error log, temporary paths in a scratch folder), as
/// Debian's /etc/nginx/nginx.conf includes conf.d/. The listed origins are the shipped list plus `origins`.
public final class NginxSharedCache {
  /// deploy/nginx-shared-cache.conf in this checkout.
  public static let shippedConfiguration = repositoryRoot.appendingPathComponent("deploy/nginx-shared-cache.conf")
  /// deploy/nginx-shared-cache-origins.conf in this checkout.
  public static let shippedOrigins = repositoryRoot.appendingPathComponent("deploy/nginx-shared-cache-origins.conf")

  /// Why these tests cannot run here, or nil when they can.
  public static var missingReason: String? {
    NginxTLSServer.nginx == nil ? "needs nginx: scripts/install-deps installs nginx-light" : nil
  }

  /// One access-log line of the shipped format: `$remote_addr [$time_local] "$request_method $uri" $status
  /// $body_bytes_sent $upstream_cache_status $request_time`.
  public struct Request: Equatable, Sendable {
    public var method: String
    /// The decoded path, without the query.
    public var path: String
    public var status: Int
    /// "MISS", "HIT", "EXPIRED", "REVALIDATED", "STALE", "UPDATING", … or "-" when the cache was not consulted.
    public var cacheStatus: String
  }

  public let port: Int
  public let folder: URL
  private var process: ChildProcess?

  /// `http://127.0.0.1:<port>`: what clients are given as `--shared-cache`.
  public var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

  /// Starts nginx with the shipped configuration, listing `origins` ("scheme://host[:port]") besides the shipped ones.
  /// `trustedCertificates` (PEM) takes the place of the system's CA bundle for HTTPS origins: a test origin's
  /// throwaway CA, or an unrelated one that must fail verification.
  public init(origins: [String], trustedCertificates: URL? = nil) throws {
    guard let nginx = NginxTLSServer.nginx else { throw NginxTLSServer.Failure(description: Self.missingReason!) }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nginx-shared-\(UUID().uuidString)")
    // World-readable: nginx started as root runs its workers as nobody, and they write the cache.
    try FileManager.default.createDirectory(
      at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
    self.folder = folder
    do {
      let shippedOrigins = try String(contentsOf: Self.shippedOrigins, encoding: .utf8)
      let listed = origins.map { "\($0) 1;" }.joined(separator: "\n")
      try (shippedOrigins + "\n" + listed + "\n").write(
        to: folder.appendingPathComponent("origins.conf"), atomically: true, encoding: .utf8)
      let shipped = try String(contentsOf: Self.shippedConfiguration, encoding: .utf8)
      (process, port) = try NginxTLSServer.launch(nginx, in: folder) { port in
        let site = try Self.render(shipped, port: port, folder: folder, trustedCertificates: trustedCertificates)
        try site.write(to: folder.appendingPathComponent("site.conf"), atomically: true, encoding: .utf8)
        return NginxTLSServer.mainConfiguration(in: folder, http: "include \(folder.path)/site.conf;")
      }
    } catch {
      try? FileManager.default.removeItem(at: folder)
      throw error
    }
  }

  deinit {
    stop()
    try? FileManager.default.removeItem(at: folder)
  }

  /// The shipped file with its site values pointed at `folder` and `port`; fails naming a value that is not there
  /// exactly once, so a change to the shipped file cannot leave the tests running something else.
  static func render(_ shipped: String, port: Int, folder: URL, trustedCertificates: URL? = nil) throws -> String {
    let f = folder.path
    var replacements = [
      ("listen 8080;", "listen 127.0.0.1:\(port);"),
      ("/var/cache/nginx/imgcache-shared ", "\(f)/cache "),
      ("/etc/nginx/imgcache-shared-cache-origins.conf;", "\(f)/origins.conf;"),
      ("/var/log/nginx/imgcache-shared-cache.access.log ", "\(f)/access.log "),
    ]
    if let trustedCertificates {
      replacements.append(("/etc/ssl/certs/ca-certificates.crt;", "\(trustedCertificates.path);"))
    }
    var text = shipped
    for (value, replacement) in replacements {
      let count = text.components(separatedBy: value).count - 1
      guard count == 1 else {
        throw NginxTLSServer.Failure(
          description: "deploy/nginx-shared-cache.conf has \"\(value)\" \(count) times, not once: update the test")
      }
      text = text.replacingOccurrences(of: value, with: replacement)
    }
    return text
  }

  /// Stops nginx (fast shutdown); the folder and its logs stay until this value is released.
  public func stop() {
    guard let process else { return }
    self.process = nil
    if process.isRunning { kill(process.processIdentifier, SIGTERM) }
    let deadline = ContinuousClock.now + .seconds(10)
    while process.isRunning, ContinuousClock.now < deadline { Thread.sleep(forTimeInterval: 0.01) }
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    process.waitUntilExit()
  }

  /// The access log, once it has at least `count` lines (nginx writes each just after its response) or `timeout`
  /// passed.
  public func accessLog(atLeast count: Int = 0, timeout: Duration = hangTimeout) -> [Request] {
    NginxTLSServer.lines(atLeast: count, timeout: timeout, read: readAccessLog)
  }

  /// nginx's own error log.
  public var errorLog: String { NginxTLSServer.errorLog(in: folder) }

  private func readAccessLog() -> [Request] {
    let text = (try? String(contentsOf: folder.appendingPathComponent("access.log"), encoding: .utf8)) ?? ""
    return text.split(separator: "\n").compactMap { line in
      // `… "GET /http/host/a.png" 200 123 MISS 0.001`: the quoted request, then four fields.
      let quoted = line.split(separator: "\"", omittingEmptySubsequences: false)
      guard quoted.count == 3 else { return nil }
      let request = quoted[1].split(separator: " ", maxSplits: 1).map(String.init)
      let fields = quoted[2].split(separator: " ").map(String.init)
      guard request.count == 2, fields.count == 4, let status = Int(fields[0]) else { return nil }
      return Request(method: request[0], path: request[1], status: status, cacheStatus: fields[2])
    }
  }

  private static var repositoryRoot: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
  }
}
