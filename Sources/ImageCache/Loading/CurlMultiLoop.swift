import CCurlShims
import FoundationEssentials
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Owns the curl multi handle and the one thread allowed to touch it and its easy handles.
///
/// Other threads only talk to it through the mutex-guarded inbox plus `curl_multi_wakeup` (documented as callable
/// from any thread). Everything else — `multi`, `attached`, `waiting`, the transfers themselves — is confined to the
/// loop thread, which is why the class can be `@unchecked Sendable`.
final class CurlMultiLoop: @unchecked Sendable {
  struct Submission: Sendable {
    let ticket: TransferTicket
    let request: DataRequest
    /// Body bytes received so far and the declared length, after every chunk (on the loop thread).
    let progress: TransferContext.Progress?
    /// Where the priority may change while the submission waits, and where progress also goes.
    let context: TransferContext?
    /// The priority it waits at: the request's, or its context's when it was queued or last moved.
    var priority: ImageRequest.Priority
    /// Set for a poll the loop repeats itself (`RepeatingDataLoading`).
    var repetition: Repetition?

    init(
      ticket: TransferTicket, request: DataRequest, progress: TransferContext.Progress?, context: TransferContext?,
      repetition: Repetition? = nil
    ) {
      self.ticket = ticket
      self.request = request
      self.progress = progress
      self.context = context
      self.priority = request.priority
      self.repetition = repetition
    }
  }

  /// A poll repeated on the loop thread while its answer is a 200 with the same body: only another answer (or a
  /// failure) resolves the caller.
  struct Repetition: Sendable {
    let interval: Duration
    /// Nil: any answer resolves the caller (a request sent after a wait).
    let previous: [UInt8]?
    /// When it is next sent.
    var due: ContinuousClock.Instant
  }

  private struct Inbox {
    var submissions: [Submission] = []
    var cancellations: [UInt64] = []
    /// Submissions whose context's priority changed: the loop requeues them if they still wait.
    var reprioritized: [UInt64] = []
    var shuttingDown = false
    /// The multi handle while other threads may wake it up: set by the loop thread once it made it, cleared
    /// just before `curl_multi_cleanup`. Until it is set, posts only queue (the loop reads the inbox first thing).
    var multi: WakeableMulti?
    /// Set when libcurl cannot be used (no global init, no thread, no multi handle): every transfer fails with it.
    var unavailable: TransferError?
    /// A wakeup was sent since the loop last read the inbox: the loop will see this change too, so a second
    /// wakeup (a write to libcurl's wakeup socket, and one more round of the loop) would buy nothing.
    var wakeupSent = false
  }

  private let configuration: CurlDataLoader.Configuration
  // Loop-thread state. `multi` is set before `drive` starts; other threads use `inbox.multi`.
  private var multi: UnsafeMutableRawPointer!
  private let inbox = Mutex<Inbox>(Inbox())
  private let counters = Mutex<CurlDataLoader.Metrics>(CurlDataLoader.Metrics())
  private var attached: [UnsafeMutableRawPointer: CurlTransfer] = [:]
  /// Submissions beyond `maxConcurrentTransfers`, waiting their turn by priority, then arrival. Their easy handles are made
  /// only when they are attached, so a queued request holds no libcurl state (memory follows the transfer limit, not
  /// the queue) and a burst (a prefetch queues 64 at once) reaches the network after one handle is configured
  /// rather than after all of them.
  private var waiting = WaitingTransfers()
  /// Repeating polls between two sends, each waiting for its `Repetition.due`.
  private var scheduled: [Submission] = []
  /// The submissions of attached repeating polls, by ticket: what a finished transfer is sent again as.
  private var repeatingAttached: [UInt64: Submission] = [:]

  /// Loops whose thread is running, so that `stopAll` can reach every one before the process exits.
  private static let running = Mutex<[ObjectIdentifier: CurlMultiLoop]>([:])
  /// Installed with the first loop: `exit` calls `stopAll`, then joins the loops' threads (see ccurl_set_stop_hook).
  private static let exitHookInstalled: Void = ccurl_set_stop_hook { CurlMultiLoop.stopAll() }

  init(configuration: CurlDataLoader.Configuration) {
    self.configuration = configuration
    Self.exitHookInstalled
    if let failure = Self.libcurlFailure {
      refuseEverything(.other(failure))
      return
    }
    Self.running.withLock { $0[ObjectIdentifier(self)] = self }
    // The thread owns a reference until `run` returns.
    let retained = Unmanaged.passRetained(self).toOpaque()
    let error = ccurl_thread_start(
      "imgcache.curl",
      { context in Unmanaged<CurlMultiLoop>.fromOpaque(context!).takeRetainedValue().run() },
      retained)
    if error != 0 {
      Self.running.withLock { _ = $0.removeValue(forKey: ObjectIdentifier(self)) }
      Unmanaged<CurlMultiLoop>.fromOpaque(retained).release()
      refuseEverything(.other("cannot start the transfer thread: \(String(cString: strerror(error)))"))
    }
  }

  /// Why libcurl cannot be used, or `nil`: it is initialised once per process, by the first loop.
  /// CURLOPT_PROTOCOLS_STR (the http/https-only rule, also for redirects) came in 7.85; an older libcurl would
  /// follow a redirect to any scheme it supports.
  private static let libcurlFailure: String? = {
    let version = ccurl_version_info().pointee
    guard version.version_num >= 0x07_55_00 else {
      return "libcurl \(String(cString: version.version)) is too old; libcurl 7.85 or newer is needed"
    }
    let initialized = ccurl_global_init()
    guard initialized == CURLE_OK else {
      return "curl_global_init failed: \(String(cString: curl_easy_strerror(initialized)))"
    }
    return nil
  }()

  /// Tells every running loop to cancel what it has and end: what `exit` calls before it joins their threads.
  static func stopAll() {
    for loop in running.withLock({ Array($0.values) }) { loop.shutDown() }
  }

  var metrics: CurlDataLoader.Metrics { counters.withLock { $0 } }

  /// How long, in milliseconds, the loop waits with no transfer attached before it looks again unasked.
  private static let idleCap: Int32 = 60_000

  /// How long the loop waits unasked when libcurl could not make its wakeup socket pair (`canBeWoken`): the delay
  /// a new request may see, and what an idle loop then costs (a look at the inbox per period).
  private static let unwakeableCap: Int32 = 5
  /// Whether `curl_multi_wakeup` works on this loop's multi handle (loop thread only).
  private var canBeWoken = true

  /// The longest the next poll waits unasked, in milliseconds: never past the next repeating poll's send.
  private var pollCap: Int32 {
    guard canBeWoken else { return Self.unwakeableCap }
    let cap = attached.isEmpty ? Self.idleCap : 1000
    guard let due = scheduled.lazy.map({ $0.repetition!.due }).min() else { return cap }
    let (seconds, attoseconds) = ContinuousClock.now.duration(to: due).components
    // Rounded up, so the loop does not wake a moment early and poll again for the rest.
    let milliseconds = max(0, seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000)
    return Int32(min(Int64(cap), milliseconds))
  }

  /// Transfers attached to the multi handle at once (and connections in total).
  private var transferLimit: Int { max(1, configuration.maxConcurrentTransfers) }

  func submit(_ submission: Submission) {
    counters.withLock { $0.requests += 1 }
    var refusal: TransferError?
    post { inbox in
      if let unavailable = inbox.unavailable { refusal = unavailable } else { inbox.submissions.append(submission) }
    }
    if let refusal { submission.ticket.finish(.failure(refusal)) }
  }

  func cancel(_ id: UInt64) { post { $0.cancellations.append(id) } }

  /// The priority of submission `id`'s context changed: it moves in the queue if it has not started.
  func reprioritize(_ id: UInt64) { post { $0.reprioritized.append(id) } }

  /// Asks the thread to abort what is left and exit; doesn't wait for it.
  func shutDown() { post { $0.shuttingDown = true } }

  private func post(_ change: (inout Inbox) -> Void) {
    // Wake up under the lock so the loop thread cannot free the multi handle between our change and the wakeup.
    inbox.withLock { inbox in
      change(&inbox)
      if let multi = inbox.multi, !inbox.wakeupSent {
        inbox.wakeupSent = true
        curl_multi_wakeup(multi.handle)
      }
    }
  }

  // MARK: - Loop thread

  private func run() {
    defer { _ = Self.running.withLock { $0.removeValue(forKey: ObjectIdentifier(self)) } }
    guard let multi = curl_multi_init() else {
      refuseEverything(.other("libcurl could not create a multi handle (out of memory?)"))
      return
    }
    self.multi = multi
    ccurl_multi_setopt_long(multi, CURLMOPT_PIPELINING, ccurl_pipe_multiplex())
    ccurl_multi_setopt_long(multi, CURLMOPT_MAX_TOTAL_CONNECTIONS, transferLimit)
    ccurl_multi_setopt_long(multi, CURLMOPT_MAX_HOST_CONNECTIONS, max(1, configuration.maxConnectionsPerHost))
    // libcurl makes the socket pair its wakeups go through when it makes the multi handle, and when it cannot
    // (no descriptor left: EMFILE) it goes on without one: every later wakeup fails, and a loop asleep in its poll
    // would only see a new request when the poll times out. One wakeup now tells: without them, the loop looks at
    // its inbox every few milliseconds instead (the first poll takes this wakeup, if it worked).
    canBeWoken = curl_multi_wakeup(multi) == CURLM_OK
    let wakeable = WakeableMulti(handle: multi)
    inbox.withLock { $0.multi = wakeable }
    drive()
  }

  /// From now on every submission fails at once with `failure`; those already queued fail now.
  private func refuseEverything(_ failure: TransferError) {
    let queued = inbox.withLock { inbox in
      inbox.unavailable = failure
      defer { inbox.submissions = [] }
      return inbox.submissions
    }
    for submission in queued { submission.ticket.finish(.failure(failure)) }
  }

  private func drive() {
    while true {
      let mail = inbox.withLock { inbox in
        defer {
          inbox.submissions = []
          inbox.cancellations = []
          inbox.reprioritized = []
          if inbox.shuttingDown { inbox.multi = nil }
          inbox.wakeupSent = false
        }
        return inbox
      }
      for submission in mail.submissions {
        if submission.repetition != nil { scheduled.append(submission) } else { waiting.append(submission) }
      }
      for id in mail.reprioritized { waiting.reprioritize(id: id) }
      for id in mail.cancellations { remove(id: id) }
      if mail.shuttingDown { break }
      queueDuePolls()
      attachWaitingTransfers()

      var running: Int32 = 0
      curl_multi_perform(multi, &running)
      collectFinishedTransfers()
      // Finished transfers freed slots: start the waiting ones now rather than after the next poll.
      if !waiting.isEmpty, attached.count < transferLimit { continue }
      // Sleep until a socket is ready, libcurl's next timeout, or a wakeup (a submission's, which curl keeps until
      // this poll takes it); the cap is only a safety net. With no transfer there is nothing to time out, so an
      // idle loop waits far longer: a follower polling every 10 s then costs no CPU in between.
      curl_multi_poll(multi, nil, 0, pollCap, nil)
    }
    for transfer in Array(attached.values) { detach(transfer, outcome: .failure(.cancelled)) }
    for submission in waiting.removeAll() + scheduled { submission.ticket.finish(.failure(.cancelled)) }
    scheduled = []
    curl_multi_cleanup(multi)
  }

  /// Repeating polls whose time has come join the queue.
  private func queueDuePolls() {
    guard !scheduled.isEmpty else { return }
    let now = ContinuousClock.now
    scheduled.removeAll { submission in
      guard submission.repetition!.due <= now else { return false }
      waiting.append(submission)
      return true
    }
  }

  private func attachWaitingTransfers() {
    while attached.count < transferLimit, let submission = waiting.popFirst() {
      // Its caller already got `.cancelled`; the loop just hasn't read that cancellation yet. No I/O for it.
      guard !submission.ticket.isCancelled else { continue }
      let transfer = CurlTransfer(
        ticket: submission.ticket, request: submission.request, configuration: configuration,
        onBytes: { [self, progress = submission.progress, context = submission.context] delta, total, expected in
          counters.withLock { $0.bytesReceived += delta }
          progress?(total, expected)
          context?.report(received: total, expected: expected)
        })
      guard curl_multi_add_handle(multi, transfer.easy) == CURLM_OK else {
        transfer.finish(result: CURLE_FAILED_INIT)
        continue
      }
      attached[transfer.easy] = transfer
      if submission.repetition != nil { repeatingAttached[submission.ticket.id] = submission }
    }
  }

  private func remove(id: UInt64) {
    if let submission = waiting.remove(id: id) {
      submission.ticket.finish(.failure(.cancelled))
    } else if let index = scheduled.firstIndex(where: { $0.ticket.id == id }) {
      scheduled.remove(at: index).ticket.finish(.failure(.cancelled))
    } else if let transfer = attached.values.first(where: { $0.ticket.id == id }) {
      detach(transfer, outcome: .failure(.cancelled))
    }
  }

  private func detach(_ transfer: CurlTransfer, outcome: Result<DataResponse, TransferError>) {
    repeatingAttached[transfer.ticket.id] = nil
    if attached.removeValue(forKey: transfer.easy) != nil {
      curl_multi_remove_handle(multi, transfer.easy)
    }
    transfer.discard(outcome: outcome)
  }

  private func collectFinishedTransfers() {
    var remaining: Int32 = 0
    while let message = curl_multi_info_read(multi, &remaining) {
      guard ccurl_msg_is_done(message) != 0, let easy = message.pointee.easy_handle,
        let transfer = attached.removeValue(forKey: easy)
      else { continue }
      let result = ccurl_msg_result(message)
      curl_multi_remove_handle(multi, easy)
      let connections: Int
      if var submission = repeatingAttached.removeValue(forKey: transfer.ticket.id),
        var repetition = submission.repetition, result == CURLE_OK, let previous = repetition.previous,
        transfer.repeats(previous)
      {
        // The same answer: nobody is told; the poll goes again after its interval.
        connections = transfer.release()
        repetition.due = .now + repetition.interval
        submission.repetition = repetition
        scheduled.append(submission)
        counters.withLock { $0.requests += 1 }
      } else {
        connections = transfer.finish(result: result)
      }
      counters.withLock { $0.connectionsMade += connections }
    }
  }
}

/// The multi handle as other threads see it: only ever passed to `curl_multi_wakeup`, which libcurl documents as
/// callable from any thread, and only while the inbox says the handle is open.
private struct WakeableMulti: @unchecked Sendable {
  let handle: UnsafeMutableRawPointer
}
