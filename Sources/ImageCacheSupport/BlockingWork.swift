import Dispatch
import Synchronization

/// Where blocking work (SQLite, file I/O) goes instead of the threads Swift's concurrency runs tasks on.
///
/// Normally a concurrent queue of the caller's, on libdispatch's worker pool. Once a worker of that pool has run,
/// libdispatch wakes every second for the rest of the process to watch the pool (its worker-queue monitor). A
/// process that mostly waits (`imgcache now --follow`, with `QuietExecutor`) asks for a serial queue per job
/// instead: serial queues run on threads libdispatch does not watch, and such a process has few blocking jobs.
package enum BlockingWork {
  private static let avoidingWorkerPool = Atomic(false)

  /// From now on, every job gets a queue of its own (`queue(_:)`).
  package static func avoidWorkerPool() { avoidingWorkerPool.store(true, ordering: .relaxed) }

  /// Whether the process avoids libdispatch's worker pool, for other work that would use a global queue.
  package static var avoidsWorkerPool: Bool { avoidingWorkerPool.load(ordering: .relaxed) }

  /// The queue for one blocking job: `shared`, or a serial queue for this job alone while the worker pool is
  /// avoided.
  package static func queue(_ shared: DispatchQueue) -> DispatchQueue {
    avoidsWorkerPool ? DispatchQueue(label: "ImageCacheSupport.BlockingWork") : shared
  }
}
