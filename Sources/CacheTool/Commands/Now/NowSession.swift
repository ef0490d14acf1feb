import Dispatch
import FoundationEssentials
import LastFM
import TerminalUI

#if canImport(Glibc)
  import Glibc
#endif

/// What `imgcache now` does once a client is ready: one answer, or a follower printing each change.
struct NowSession: Sendable {
  let client: CachedLastFMClient
  let user: String
  /// Who failed, as error lines name it ("Last.fm", "the demo catalog").
  let service: String
  let printer: NowPrinter
  let cover: CoverFile?
  /// Unix seconds now; tests fix it.
  var clock: @Sendable () -> Int = { Int(Date().timeIntervalSince1970) }

  /// One answer, printed; the exit status by the answer's state. A stale stored answer is printed with its
  /// reason on stderr.
  func once(policy: CachePolicy) async throws -> Int32 {
    let result: MetadataResult<NowPlaying>
    do {
      result = try await client.nowPlaying(user: user, policy: policy).finalResult()
    } catch {
      throw CommandFailure(error.description(service: service), exitCode: 2)
    }
    let report = try await self.report(result.value, error: result.networkError)
    if let reason = report.error { Console.error("stale: \(reason)") }
    try Console.print(try printer.text(report))
    try await updateCover(result.value)
    return report.exitCode
  }

  /// Prints the first answer and then one line per change of track, until a signal, a closed pipe or an error
  /// another poll cannot mend (exit status 2). Transient failures are one line on stderr each time the reason
  /// changes, and the polls go on.
  func follow(interval: PollInterval, policy: CachePolicy, delay: Duration? = nil) async throws -> Int32 {
    let follower = NowPlayingFollower(client: client, user: user, interval: interval, delay: delay)
    let interrupts = InterruptHandler()
    let work = Task { () -> Result<Int32, any Error> in
      var status: Int32 = 0
      var lastFailure: String?
      var failure: (any Error)?
      await follower.run(firstPolicy: policy) { event in
        do {
          switch event {
          case .changed(let now, _, let error):
            if let error { lastFailure = note(error, after: lastFailure) } else { lastFailure = nil }
            if let error, NowPlayingFollower.isFinal(error) { status = 2 }
            try Console.print(try printer.text(try await report(now, error: error)))
            try await updateCover(now)
          case .failed(let error):
            lastFailure = note(error, after: lastFailure)
            if NowPlayingFollower.isFinal(error) { status = 2 }
          }
          return true
        } catch let output as OutputFailure where output.isClosedReader {
          return false
        } catch {
          failure = error
          return false
        }
      }
      return failure.map { .failure($0) } ?? .success(status)
    }
    interrupts.cancels(work)
    Self.watchForClosedReader { work.cancel() }
    let outcome = await work.value
    withExtendedLifetime(interrupts) {}
    return try outcome.get()
  }

  /// Calls `onClosed` as soon as the reader of stdout has gone (`… | head -1`): a closed pipe shows as POLLERR on
  /// its write end, without anything written. A thread of its own waits for it in `poll`, so watching the pipe
  /// wakes nothing between two polls.
  /// Asking for no events, a terminal or a file never wakes it; a terminal that hangs up does.
  static func watchForClosedReader(_ onClosed: @escaping @Sendable () -> Void) {
    DispatchQueue(label: "imgcache.now.stdout").async {
      var output = pollfd(fd: STDOUT_FILENO, events: 0, revents: 0)
      var ready = poll(&output, 1, -1)
      while ready < 0 && errno == EINTR { ready = poll(&output, 1, -1) }
      if ready > 0, output.revents & Int16(POLLERR | POLLHUP) != 0 { onClosed() }
    }
  }

  private func note(_ error: LastFMError, after previous: String?) -> String {
    let line = error.description(service: service)
    if line != previous { Console.error(line) }
    return line
  }

  private func report(_ now: NowPlaying, error: LastFMError?) async throws -> NowReport {
    var playcount: Int?
    if NowReport.needsPlaycount(format: printer.format, json: printer.json), let track = now.track {
      let info = try? await client.trackInfo(artist: track.artist, track: track.name, username: user).finalResult()
      playcount = info?.value.userPlaycount
    }
    return NowReport(
      user: user, now: now, at: clock(), userPlaycount: playcount,
      staleBecause: error.map { $0.description(service: service) })
  }

  /// A cover that cannot be had is one line on stderr; the line printed and the file's old picture stand.
  private func updateCover(_ now: NowPlaying) async throws {
    do { try await cover?.update(now) } catch let failure as CommandFailure { Console.error(failure.description) }
  }
}
