import Dispatch
import Foundation

/// Turns SIGINT and SIGTERM into task cancellation, so a long command stops promptly, keeps what finished
/// and still runs its clean-up (closing the cache, clearing the progress bar).
final class InterruptHandler: @unchecked Sendable {
  private var sources: [any DispatchSourceSignal] = []
  private(set) var interrupted = false

  init(onInterrupt: @escaping @Sendable () -> Void) {
    for signalNumber in [SIGINT, SIGTERM] {
      signal(signalNumber, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
      source.setEventHandler { [weak self] in
        self?.interrupted = true
        onInterrupt()
      }
      source.resume()
      sources.append(source)
    }
  }

  deinit {
    for source in sources { source.cancel() }
  }
}
