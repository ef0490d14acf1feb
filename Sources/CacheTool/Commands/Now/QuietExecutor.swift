import CConcurrencyHooks
import ImageCacheSupport
import NIOCore
import NIOPosix

/// Runs Swift's global executor on SwiftNIO's event loops, for a process that mostly waits: `imgcache now --follow`.
///
/// On Linux, Swift's global executor is libdispatch's worker pool by default, and once a worker of that pool has
/// run, libdispatch wakes its manager thread every second for the rest of the process to watch the pool (the
/// worker-queue monitor's timer, which nothing stops): about 3 s of CPU a day in a follower that otherwise sleeps
/// between polls. NIO's event loops sleep in `epoll_wait` until a job or a scheduled task comes, and blocking work
/// leaves the pool too (`BlockingWork`). The runtime's own `Task.sleep` still goes to libdispatch (it does not
/// pass through the hook), so the follower waits in its transport instead (`RepeatingDataLoading`), and a process
/// that does sleep (a retry's back-off) only gets the monitor back from then on.
public enum QuietExecutor {
  /// Whether the command line is `now … --follow`, the one command that runs for hours and mostly waits.
  public static func suits(_ arguments: [String]) -> Bool {
    arguments.dropFirst().first == "now" && arguments.contains("--follow")
  }

  /// Installs it before the first job of the process runs (after, jobs already on libdispatch's pool would stay
  /// there); false if another hook was set.
  @discardableResult
  public static func takeOver() -> Bool {
    typealias Original = @convention(thin) (UnownedJob) -> Void
    typealias Hook = @convention(thin) (UnownedJob, Original) -> Void
    // A global job runs on whichever loop `any()` picks: the current one when already on a loop, so a chain of
    // jobs stays on its thread.
    let hook: Hook = { job, _ in MultiThreadedEventLoopGroup.singleton.any().enqueue(ExecutorJob(job)) }
    guard cch_install_enqueue_global_hook(unsafeBitCast(hook, to: UnsafeMutableRawPointer.self)) else { return false }
    BlockingWork.avoidWorkerPool()
    return true
  }
}
