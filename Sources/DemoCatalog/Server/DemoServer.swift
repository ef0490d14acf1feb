import FoundationEssentials
import Hummingbird
import Logging
import Synchronization

/// The demo catalog served over HTTP on the loopback interface, speaking Last.fm's API and CDN paths.
///
/// ```swift
/// let server = try await DemoServer.start()   // 127.0.0.1, ephemeral port
/// // point the Last.fm client at server.baseURL ("http://127.0.0.1:PORT/2.0/")
/// await server.shutdown()
/// ```
public final class DemoServer {
  /// The API base, e.g. `http://127.0.0.1:54321/2.0/`.
  public let baseURL: URL
  public let host: String
  public let port: Int
  public let covers: CoverStore
  /// Scheme, host and port (`http://127.0.0.1:54321`): where its covers' addresses start.
  public var origin: String { "http://\(host):\(port)" }
  private let serving: Task<Void, any Error>

  private init(host: String, port: Int, covers: CoverStore, serving: Task<Void, any Error>) {
    self.host = host
    self.port = port
    self.covers = covers
    self.serving = serving
    baseURL = URL(string: "http://\(host):\(port)/2.0/")!
  }

  /// Unix seconds now, as the listeners' histories read it.
  public typealias Clock = @Sendable () -> Int

  /// The wall clock.
  public static let systemClock: Clock = { Int(Date().timeIntervalSince1970) }

  /// Starts serving and returns once the socket is listening. `port: 0` picks a free ephemeral port.
  /// Logging is off by default, since the embedded server shares the terminal with the browser's UI.
  /// `clock` is the time the listeners' histories are served at (tests fix it).
  public static func start(
    host: String = "127.0.0.1", port: Int = 0, catalog: DemoCatalog = DemoCatalog(), logger: Logger? = nil,
    clock: @escaping Clock = systemClock
  ) async throws -> DemoServer {
    let covers = CoverStore(catalog: catalog)
    let origin = ServerOrigin()
    let listening = ListeningSignal()
    let application = makeApplication(
      host: host, port: port, covers: covers, origin: origin, clock: clock,
      logger: logger ?? Logger(label: "DemoServer", factory: { _ in SwiftLogNoOpLogHandler() })
    ) { boundPort in
      listening.resume(with: .success(boundPort))
    }
    let serving = Task {
      do {
        try await application.run()
      } catch {
        // A failure before listening (port taken, say) must still release `start`.
        listening.resume(with: .failure(error))
        throw error
      }
    }
    let boundPort = try await listening.wait()
    return DemoServer(host: host, port: boundPort, covers: covers, serving: serving)
  }

  /// Serves in the foreground until SIGINT or SIGTERM, for `imgcache demo-server`.
  public static func run(
    host: String = "127.0.0.1", port: Int, catalog: DemoCatalog = DemoCatalog(), logger: Logger? = nil
  ) async throws {
    let application = makeApplication(
      host: host, port: port, covers: CoverStore(catalog: catalog), origin: ServerOrigin(), clock: systemClock,
      logger: logger ?? Logger(label: "DemoServer"), onListening: { _ in })
    try await application.runService()
  }

  /// Stops accepting connections and waits until the server has stopped.
  public func shutdown() async {
    serving.cancel()
    _ = await serving.result
  }

  private static func makeApplication(
    host: String, port: Int, covers: CoverStore, origin: ServerOrigin, clock: @escaping Clock, logger: Logger,
    onListening: @escaping @Sendable (Int) -> Void
  ) -> some ApplicationProtocol {
    Application(
      responder: DemoResponder(covers: covers, origin: origin, clock: clock),
      configuration: .init(address: .hostname(host, port: port), serverName: nil),
      onServerRunning: { channel in
        let boundPort = channel.localAddress?.port ?? port
        origin.set("http://\(host):\(boundPort)")
        onListening(boundPort)
      },
      logger: logger)
  }
}

/// The scheme, host and port image URLs point at; known only once the socket is bound.
final class ServerOrigin: Sendable {
  private let storage = Mutex("http://127.0.0.1")

  var value: String { storage.withLock { $0 } }
  func set(_ origin: String) { storage.withLock { $0 = origin } }
}

/// Lets `start` await the moment the server listens (or fails to), whichever comes first, exactly once.
final class ListeningSignal: Sendable {
  private enum State {
    case pending(CheckedContinuation<Int, any Error>?)
    case done(Result<Int, any Error>)
  }
  private let state = Mutex(State.pending(nil))

  func resume(with result: Result<Int, any Error>) {
    let waiter: CheckedContinuation<Int, any Error>? = state.withLock { state in
      guard case .pending(let waiter) = state else { return nil }
      state = .done(result)
      return waiter
    }
    waiter?.resume(with: result)
  }

  func wait() async throws -> Int {
    try await withCheckedThrowingContinuation { continuation in
      let early: Result<Int, any Error>? = state.withLock { state in
        switch state {
        case .pending:
          state = .pending(continuation)
          return nil
        case .done(let result):
          return result
        }
      }
      if let early { continuation.resume(with: early) }
    }
  }
}

extension DemoServer: Sendable {}

extension DemoServer {
  /// Bytes of storage the server keeps to answer faster (cover PNGs, tracks' fragments), each cache bounded by
  /// the catalog or its budget: a benchmark running a server in its own process tells this from its client's.
  @_spi(Benchmarks) public var keptBytes: Int { covers.cachedBytes + covers.catalog.trackFragments.kept.capacity }
}
