import Foundation
import Synchronization

/// Runs `body(0) … body(count - 1)` on `count` threads released together, as processes started at the same moment
/// would run, and returns the descriptions of the errors they threw (empty when all succeeded). Threads, not tasks:
/// the bodies block (SQLite locks), and a blocked task would hold a cooperative thread; the caller waits for them
/// off the pool too.
public func runAtOnce(_ count: Int, _ body: @escaping @Sendable (Int) throws -> Void) async -> [String] {
  await offThePool { runAtOnceBlocking(count, body) }
}

private func runAtOnceBlocking(_ count: Int, _ body: @escaping @Sendable (Int) throws -> Void) -> [String] {
  let ready = DispatchGroup()
  let go = DispatchSemaphore(value: 0)
  let done = DispatchGroup()
  let failures = Mutex<[String]>([])
  for index in 0..<count {
    ready.enter()
    done.enter()
    Thread {
      defer { done.leave() }
      ready.leave()
      go.wait()
      do {
        try body(index)
      } catch {
        failures.withLock { $0.append("#\(index): \(error)") }
      }
    }.start()
  }
  ready.wait()
  for _ in 0..<count { go.signal() }
  done.wait()
  return failures.withLock { $0 }
}
