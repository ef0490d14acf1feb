import Dispatch
import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The server proper; threads hold it, so the wrapper can stop it from `deinit`.
final class HTTPTestServerEngine {
  typealias Handler = HTTPTestServer.Handler
  typealias Request = HTTPTestServer.Request
  typealias Reply = HTTPTestServer.Reply

  let port: UInt16
  /// `http://127.0.0.1:<port>` (no trailing slash).
  let baseURL: URL

  private let handler: Handler
  private let listener: Int32
  private let wake: (read: Int32, write: Int32)
  private let state = Mutex<State>(State())
  /// Entered by the accept thread and by every connection thread; `stop()` waits for all of them.
  private let threads = DispatchGroup()

  private struct State {
    var requests: [Request] = []
    var acceptedConnections = 0
    var inFlight = 0
    var peakInFlight = 0
    var openConnections: Set<Int32> = []
    var stopped = false
  }

  init(handler: @escaping Handler) throws {
    self.handler = handler
    (listener, port) = try HTTPTestSocket.listenOnLoopback()
    do {
      wake = try Descriptors.pipePair()
    } catch {
      close(listener)
      throw error
    }
    baseURL = URL(string: "http://127.0.0.1:\(port)")!
    threads.enter()
    let thread = Thread { [self] in acceptLoop() }
    thread.name = "HTTPTestServer.accept"
    thread.start()
  }

  /// Every request received so far, in arrival order.
  var requests: [Request] { state.withLock { $0.requests } }
  var requestCount: Int { state.withLock { $0.requests.count } }
  /// TCP connections accepted so far.
  var acceptedConnections: Int { state.withLock { $0.acceptedConnections } }
  /// Requests whose reply is being produced or written right now.
  var requestsInFlight: Int { state.withLock { $0.inFlight } }
  /// The most requests ever in flight at once.
  var peakConcurrentRequests: Int { state.withLock { $0.peakInFlight } }
  var isStopped: Bool { state.withLock { $0.stopped } }

  /// Closes the listener and every connection (stalled and endless replies end at once), then waits briefly for the
  /// server's threads; handlers still blocked in user code are not waited for beyond a few seconds. Idempotent.
  func stop() {
    let firstStop = state.withLock { state -> Bool in
      guard !state.stopped else { return false }
      state.stopped = true
      // Under the lock, so a descriptor closed and reused meanwhile is never shut down by mistake.
      for fd in state.openConnections { shutdown(fd, Int32(SHUT_RDWR)) }
      return true
    }
    guard firstStop else { return }
    var byte: UInt8 = 1
    _ = write(wake.write, &byte, 1)
    _ = threads.wait(timeout: .now() + .seconds(5))
    // The accept thread, the pipe's only reader, has exited by now (it never runs user code).
    close(wake.read)
    close(wake.write)
  }

  // MARK: - Threads

  private func acceptLoop() {
    defer {
      close(listener)
      threads.leave()
    }
    var connectionNumber = 0
    while HTTPTestSocket.waitReadable(listener, orWake: wake.read) {
      guard let fd = HTTPTestSocket.acceptConnection(listener) else {
        // Out of descriptors or similar: back off instead of spinning on a listener that stays readable.
        Thread.sleep(forTimeInterval: 0.01)
        continue
      }
      connectionNumber += 1
      let admitted = state.withLock { state -> Bool in
        guard !state.stopped else { return false }
        state.acceptedConnections += 1
        state.openConnections.insert(fd)
        return true
      }
      guard admitted else {
        close(fd)
        return
      }
      threads.enter()
      let connection = HTTPTestConnection(fd: fd, number: connectionNumber, server: self)
      let thread = Thread { [self] in
        connection.serve()
        state.withLock { state in
          state.openConnections.remove(fd)
          close(fd)
        }
        threads.leave()
      }
      thread.name = "HTTPTestServer.connection.\(connectionNumber)"
      thread.start()
    }
  }

  // MARK: - Used by connections

  func handle(_ request: Request) -> Reply {
    state.withLock { state in
      state.requests.append(request)
      state.inFlight += 1
      state.peakInFlight = max(state.peakInFlight, state.inFlight)
    }
    return handler(request)
  }

  func replyFinished() { state.withLock { $0.inFlight -= 1 } }

  /// Sleeps up to `duration`, returning early (false) when the server stops.
  func pause(for duration: Duration) -> Bool {
    let deadline = ContinuousClock.now + duration
    while ContinuousClock.now < deadline {
      if isStopped { return false }
      Thread.sleep(forTimeInterval: min(0.01, max(0, (deadline - ContinuousClock.now) / .seconds(1))))
    }
    return !isStopped
  }
}

extension HTTPTestServerEngine: Sendable {}
