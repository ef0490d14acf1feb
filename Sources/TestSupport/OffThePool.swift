import Foundation

/// Runs `body` on a thread of its own and suspends until it returns.
///
/// Swift's cooperative pool has one thread per core, two on CI. A test that blocks inside a task (waiting for a
/// process, a semaphore, a pipe's end) holds one of them, and every other test in the run stops until it is
/// free: one CI run stood still for 80 s while a few end-to-end tests waited for their processes, and the tests
/// whose servers needed those threads gave up. Anything that blocks for longer than a moment goes through here.
public func offThePool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
  try await withCheckedThrowingContinuation { continuation in
    let thread = Thread { continuation.resume(with: Result { try body() }) }
    thread.stackSize = 1 << 20
    thread.start()
  }
}

/// `offThePool` for a body that cannot throw.
public func offThePool<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
  await withCheckedContinuation { continuation in
    let thread = Thread { continuation.resume(returning: body()) }
    thread.stackSize = 1 << 20
    thread.start()
  }
}

extension Sequence {
  /// `map` for an async transform, one element after another (processes started beforehand still run together).
  public func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
    var results: [T] = []
    for element in self { results.append(try await transform(element)) }
    return results
  }
}
