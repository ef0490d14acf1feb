import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An address on 127.0.0.1 that refuses every connection for as long as this value lives: a socket bound to a
/// port and never listened on. A stopped server's port does not do: the kernel may give it to the next test's
/// server, which then answers requests meant to fail. The port stays taken until this is released.
public final class RefusingAddress: Sendable {
  private let descriptor: Int32
  public let port: UInt16

  public init() throws {
    (descriptor, port) = try HTTPTestSocket.bindOnLoopback(reusingAddress: false)
  }

  deinit { close(descriptor) }

  /// `http://127.0.0.1:<port>` (no trailing slash).
  public var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

  /// `baseURL` plus a path (with optional query), e.g. `url("/a.png")`.
  public func url(_ pathAndQuery: String) -> URL {
    URL(string: baseURL.absoluteString + (pathAndQuery.hasPrefix("/") ? "" : "/") + pathAndQuery)!
  }
}
