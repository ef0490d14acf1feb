import Foundation
import ImageCache
import LastFM
import Synchronization
import TestSupport

/// A `DataLoading` that plays back a script, one step per request, and records what it was asked.
final class ScriptedLoader: DataLoading {
  enum Step {
    case json(String, status: Int = 200)
    case fixture(String)
    case body(String, status: Int, contentType: String)
    case failure(TransferError)
    /// Fails with a message quoting the requested URL, as a real transport error might.
    case failureQuotingURL
  }

  private let state: Mutex<(steps: [Step], requests: [DataRequest])>
  private let clock: ManualClock?
  private let requestTimes = Mutex<[Duration]>([])

  init(_ steps: [Step], clock: ManualClock? = nil) {
    state = Mutex((steps, []))
    self.clock = clock
  }

  var requests: [DataRequest] { state.withLock { $0.requests } }
  var requestCount: Int { requests.count }
  /// The manual clock's reading at each request.
  var times: [Duration] { requestTimes.withLock { $0 } }

  /// The `method` query parameter of each request.
  var methods: [String] { requests.map { query($0.url)["method"] ?? "?" } }

  func load(_ request: DataRequest) async throws(TransferError) -> DataResponse {
    if let clock { requestTimes.withLock { $0.append(clock.now) } }
    let step = state.withLock { state -> Step? in
      state.requests.append(request)
      return state.steps.isEmpty ? nil : state.steps.removeFirst()
    }
    let respond = { (status: Int, type: String, body: [UInt8]) in
      DataResponse(statusCode: status, headers: ["content-type": type], body: body, effectiveURL: request.url)
    }
    switch step {
    case nil: throw .other("script exhausted")
    case .json(let text, let status)?: return respond(status, "application/json", Array(text.utf8))
    case .fixture(let name)?:
      let bytes = (try? Fixtures.bytes("lastfm/\(name)")) ?? []
      return respond(200, "application/json", bytes)
    case .body(let text, let status, let type)?: return respond(status, type, Array(text.utf8))
    case .failure(let error)?: throw error
    case .failureQuotingURL?: throw .couldNotConnect("connection refused for \(request.url.absoluteString)")
    }
  }
}

/// Reads a URL's query into a dictionary (last value wins).
func query(_ url: URL) -> [String: String] {
  let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
  return Dictionary(items.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { _, last in last })
}

/// Test time: `now` moves only when a sleep advances it (or never, with `advancesOnSleep: false`).
/// Records every requested sleep.
final class ManualClock: Sendable {
  private let state = Mutex<(now: Duration, sleeps: [Duration])>((.zero, []))
  private let advancesOnSleep: Bool

  init(advancesOnSleep: Bool = true) { self.advancesOnSleep = advancesOnSleep }

  var now: Duration { state.withLock { $0.now } }
  var sleeps: [Duration] { state.withLock { $0.sleeps } }

  var timing: LastFMTiming {
    LastFMTiming(
      now: { self.now },
      sleep: { duration in
        self.state.withLock { state in
          state.sleeps.append(duration)
          if self.advancesOnSleep { state.now += duration }
        }
      })
  }
}

/// A one-shot barrier: `wait()` suspends until `open()`.
final class Gate: Sendable {
  private let state = Mutex<(isOpen: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))

  func wait() async {
    await withCheckedContinuation { continuation in
      let resumeNow = state.withLock { state -> Bool in
        if state.isOpen { return true }
        state.waiters.append(continuation)
        return false
      }
      if resumeNow { continuation.resume() }
    }
  }

  func open() {
    let waiters = state.withLock { state in
      state.isOpen = true
      defer { state.waiters = [] }
      return state.waiters
    }
    waiters.forEach { $0.resume() }
  }
}

/// A loader that holds every request until its gate opens, then answers from the script.
final class GatedLoader: DataLoading {
  let gate = Gate()
  let script: ScriptedLoader

  init(_ steps: [ScriptedLoader.Step]) { script = ScriptedLoader(steps) }

  func load(_ request: DataRequest) async throws(TransferError) -> DataResponse {
    await gate.wait()
    return try await script.load(request)
  }
}

/// Wraps a store: reads (and writes) wait for their gates when given; reads are counted and signalled.
final class GatedStore: MetadataStoring {
  let inner: any MetadataStoring
  let gate: Gate?
  let writeGate: Gate?
  /// Opens when a read has its answer.
  let readDone = Gate()
  private let readCount = Mutex(0)

  init(_ inner: any MetadataStoring, gate: Gate? = nil, writeGate: Gate? = nil) {
    self.inner = inner
    self.gate = gate
    self.writeGate = writeGate
  }

  var reads: Int { readCount.withLock { $0 } }

  func storedAnswer(for key: String) async -> StoredAnswer? {
    readCount.withLock { $0 += 1 }
    if let gate { await gate.wait() }
    let answer = await inner.storedAnswer(for: key)
    readDone.open()
    return answer
  }

  func store(_ body: [UInt8], for key: String, method: String, at date: Date) async {
    if let writeGate { await writeGate.wait() }
    await inner.store(body, for: key, method: method, at: date)
  }
}

/// A fresh temporary folder, removed by `cleanUp()`.
struct TemporaryFolder {
  let url: URL

  init() {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("lastfm-tests-\(UUID().uuidString)", isDirectory: true)
  }

  func cleanUp() { try? FileManager.default.removeItem(at: url) }
}

func fixtureBytes(_ name: String) throws -> [UInt8] { try Fixtures.bytes("lastfm/\(name)") }

func makeClient(
  _ loader: any DataLoading, apiKey: String? = "test-key", clock: ManualClock = ManualClock(),
  baseURL: URL = URL(string: "http://127.0.0.1:9/2.0/")!
) -> LastFMClient {
  LastFMClient(
    configuration: LastFMConfiguration(apiKey: apiKey, baseURL: baseURL), loader: loader, timing: clock.timing)
}
