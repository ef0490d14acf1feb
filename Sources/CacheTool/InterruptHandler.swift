import Dispatch
import FoundationEssentials
import ImageCacheSupport
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Turns SIGINT and SIGTERM into task cancellation, so a long command stops promptly, keeps what finished
/// and still runs its clean-up (closing the cache, clearing the progress bar).
///
/// Cancellation reaches only code that checks for it: a thread blocked in a system call (an `open` that waits, a
/// lock another process holds) would keep the process alive for as long as that lasts. So the signal also starts a
/// watchdog: if the command has not ended within `grace`, or a second signal comes, the process ends at once with
/// status 130, as a shell reports Ctrl-C. What finished is on disk already; the cache survives an end at any
/// moment (RELIABILITY.md, the SIGKILL loop).
final class InterruptHandler: @unchecked Sendable {
  /// Well inside the second the tools promise; a clean stop takes milliseconds.
  static let grace: DispatchTimeInterval = .milliseconds(700)
  static let exitStatus: Int32 = 130

  private var sources: [any DispatchSourceSignal] = []
  /// A global queue's worker is usually running already. A process that avoids libdispatch's worker pool
  /// (QuietExecutor) gets a serial queue instead: a pool worker would start its once-a-second monitor.
  private static let queue =
    BlockingWork.avoidsWorkerPool ? DispatchQueue(label: "imgcache.signals") : DispatchQueue.global()
  private let signals = SignalCount()
  var interrupted: Bool { signals.count.load(ordering: .relaxed) > 0 }

  private final class SignalCount: Sendable {
    let count = Atomic(0)
  }

  /// What the first signal cancels, and whether one came before it was named.
  private let target = Target()

  private final class Target: Sendable {
    let state = Mutex<(cancel: (@Sendable () -> Void)?, interrupted: Bool)>((nil, false))
  }

  /// Catches the signals from now on. Made before the work's task starts, so a signal that comes while the work has
  /// only begun (a lock wait at its first write) is caught rather than ending the process by its default action.
  init() {
    for signalNumber in [SIGINT, SIGTERM] {
      signal(signalNumber, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: Self.queue)
      source.setEventHandler { [signals, target] in
        let count = signals.count.add(1, ordering: .relaxed).newValue
        guard count == 1 else { Self.endNow() }
        target.state.withLock { state in
          state.interrupted = true
          state.cancel?()
        }
        Self.queue.asyncAfter(deadline: .now() + Self.grace) { Self.endNow() }
      }
      source.resume()
      sources.append(source)
    }
  }

  /// The task the first signal cancels; cancelled at once if a signal came already.
  func cancels<Success, Failure>(_ task: Task<Success, Failure>) {
    target.state.withLock { state in
      state.cancel = { task.cancel() }
      if state.interrupted { task.cancel() }
    }
  }

  deinit {
    for source in sources { source.cancel() }
  }

  /// `_exit`, not `exit`: no atexit handler may wait on the very thread that is stuck.
  private static func endNow() -> Never {
    let line = "imgcache: interrupted; stopped without waiting for the work in progress\n"
    _ = line.withCString { write(STDERR_FILENO, $0, strlen($0)) }
    _exit(exitStatus)
  }
}
