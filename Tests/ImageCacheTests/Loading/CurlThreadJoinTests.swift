import CCurlShims
import Foundation
import Synchronization
import Testing

/// `ccurl_threads_join` is what `exit` runs once the loops are told to stop: a transfer thread still ending while
/// `exit` runs OpenSSL's clean-up corrupted the heap. It must wait for threads to end completely, and must not hang
/// on one that does not.
///
/// It joins every listed thread of the process, those of tests running alongside included: those are detached when
/// the deadline passes, which changes nothing for them. So the deadlines here are short and nothing asserts on time.
@Suite(.serialized) struct CurlThreadJoinTests {
  /// What a test thread does, and what the test can see of it.
  final class Body: Sendable {
    private let done = Atomic<Bool>(false)
    var finished: Bool { done.load(ordering: .sequentiallyConsistent) }
    let release = DispatchSemaphore(value: 0)
    let waitsForRelease: Bool

    init(waitsForRelease: Bool) { self.waitsForRelease = waitsForRelease }

    func run() {
      if waitsForRelease {
        release.wait()
      } else {
        usleep(100_000)  // long enough that a join which did not wait would return first
      }
      done.store(true, ordering: .sequentiallyConsistent)
    }
  }

  static func start(_ body: Body) -> Int32 {
    ccurl_thread_start(
      "join test", { Unmanaged<Body>.fromOpaque($0!).takeRetainedValue().run() },
      Unmanaged.passRetained(body).toOpaque())
  }

  @Test func joinReturnsOnlyOnceAStartedThreadHasEnded() throws {
    // Given a thread that needs 100 ms to finish
    let body = Body(waitsForRelease: false)
    try #require(Self.start(body) == 0)

    // When the process joins its threads
    _ = ccurl_threads_join(1)

    // Then that thread's body has run to its end
    #expect(body.finished)
  }

  @Test func aThreadStillRunningAtTheDeadlineIsCountedAndLeftBehind() throws {
    // Given a thread that will not end by itself
    let body = Body(waitsForRelease: true)
    try #require(Self.start(body) == 0)

    // When the process joins its threads with a short deadline
    let stuck = ccurl_threads_join(0.2)

    // Then the join gave up on it instead of hanging, and it still runs
    #expect(stuck >= 1)
    #expect(!body.finished)
    body.release.signal()
  }
}
