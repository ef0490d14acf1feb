import Foundation

/// How long any wait in a test may last before it counts as a hang: a safety net, never a timing assertion. The
/// whole suite starts every test at once, and on two cores with a build beside it a test whose work is done may
/// still wait minutes for a thread (two CPU-bound tests hold both of Swift's cooperative threads, and the servers'
/// handlers and every continuation queue behind them). Ten minutes is past the longest test seen in a whole run
/// with a build beside (457 s), and inside CI's limit; suites' time limits (20 minutes) are longer still, so a wait
/// that runs out reports what it waited for.
public let hangTimeout: Duration = .seconds(600)

/// A wait that ran out of time. Thrown out of a test, it fails the test with what was awaited.
public struct WaitTimedOut: Error, CustomStringConvertible {
  public let description: String

  init(_ what: String, _ timeout: Duration) {
    description = "gave up after \(timeout) waiting for \(what)"
  }
}

/// Polls `condition` until it holds; throws `WaitTimedOut` naming `what` once `timeout` has passed. The timeout is
/// a safety net against a hang, never a timing assertion: generous, so a slow machine only waits longer.
public func waitUntil(
  _ what: String, timeout: Duration = hangTimeout, every interval: Duration = .milliseconds(5),
  _ condition: () throws -> Bool
) async throws {
  let deadline = ContinuousClock.now + timeout
  while try !condition() {
    guard ContinuousClock.now < deadline else { throw WaitTimedOut(what, timeout) }
    try await Task.sleep(for: interval)
  }
}

/// `waitUntil` for a thread with no task to suspend (a server's handler, a blocking test body).
public func blockUntil(
  _ what: String, timeout: Duration = hangTimeout, every interval: Duration = .milliseconds(2),
  _ condition: () throws -> Bool
) throws {
  let deadline = ContinuousClock.now + timeout
  while try !condition() {
    guard ContinuousClock.now < deadline else { throw WaitTimedOut(what, timeout) }
    let (seconds, attoseconds) = interval.components
    Thread.sleep(forTimeInterval: Double(seconds) + Double(attoseconds) / 1e18)
  }
}
