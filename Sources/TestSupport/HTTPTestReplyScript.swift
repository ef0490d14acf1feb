import Synchronization

/// Replies handed out in order, one per request, then a fallback forever — for retry and fault-injection tests:
///
///     let script = HTTPTestReplyScript([.status(503), .status(503)], then: .text("ok"))
///     let server = try HTTPTestServer { _ in script.next() }
public final class HTTPTestReplyScript: Sendable {
  private let state: Mutex<(queued: [HTTPTestServer.Reply], served: Int)>
  private let fallback: HTTPTestServer.Reply

  public init(_ replies: [HTTPTestServer.Reply], then fallback: HTTPTestServer.Reply = .status(404)) {
    state = Mutex((replies, 0))
    self.fallback = fallback
  }

  public func next() -> HTTPTestServer.Reply {
    state.withLock { state in
      state.served += 1
      return state.queued.isEmpty ? fallback : state.queued.removeFirst()
    }
  }

  /// How many replies were handed out so far.
  public var served: Int { state.withLock { $0.served } }
}
