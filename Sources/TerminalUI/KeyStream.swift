import Synchronization

extension KeyReader {
  /// Keys as an async sequence for apps built on Swift concurrency. Reading blocks, so it runs on a dedicated
  /// thread rather than tying up one of the (few) threads of the cooperative pool. The stream finishes at the end
  /// of input; `pendingInput` (bytes read before, see `KeyReader`) comes first. When the consumer stops listening,
  /// the thread notices within `pollInterval` and exits.
  public static func keyStream(
    device: any TerminalDevice, escapeTimeout: Duration = .milliseconds(50),
    pollInterval: Duration = .milliseconds(200), pendingInput: [UInt8] = []
  ) -> AsyncStream<Key> {
    stream(device: device, escapeTimeout: escapeTimeout, pollInterval: pollInterval, pendingInput: pendingInput) {
      $0.nextKey(timeout: pollInterval)
    }
  }
}

extension KeyReader {
  /// As `keyStream`, but each element holds every key decoded from one read: a paste of thousands of keys
  /// crosses to the consumer in a few hops, so the app can handle a burst and then draw once.
  public static func keyBatchStream(
    device: any TerminalDevice, escapeTimeout: Duration = .milliseconds(50),
    pollInterval: Duration = .milliseconds(200), pendingInput: [UInt8] = []
  ) -> AsyncStream<[Key]> {
    stream(device: device, escapeTimeout: escapeTimeout, pollInterval: pollInterval, pendingInput: pendingInput) {
      let keys = $0.nextKeys(timeout: pollInterval)
      return keys.isEmpty ? nil : keys
    }
  }

  /// The reading thread both streams share: `next` reads one element, nil when none came within the poll interval.
  private static func stream<Element: Sendable>(
    device: any TerminalDevice, escapeTimeout: Duration, pollInterval: Duration, pendingInput: [UInt8],
    next: @escaping @Sendable (KeyReader) -> Element?
  ) -> AsyncStream<Element> {
    let stopped = StopSignal()
    let (stream, continuation) = AsyncStream<Element>.makeStream()
    continuation.onTermination = { _ in stopped.raise() }
    let started = DetachedThread.start {
      let reader = KeyReader(device: device, escapeTimeout: escapeTimeout, pendingInput: pendingInput)
      while !stopped.isRaised {
        if let element = next(reader) {
          continuation.yield(element)
        } else if reader.isAtEnd {
          break
        }
      }
      continuation.finish()
    }
    // Without a thread there is nothing to read keys with: the stream ends, as at the end of input.
    if !started { continuation.finish() }
    return stream
  }
}

/// A one-way flag shared between the stream's consumer and the reading thread.
private final class StopSignal: Sendable {
  private let flag = Atomic<Bool>(false)
  func raise() { flag.store(true, ordering: .relaxed) }
  var isRaised: Bool { flag.load(ordering: .relaxed) }
}
