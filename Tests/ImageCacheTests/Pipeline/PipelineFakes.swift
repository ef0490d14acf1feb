import Foundation
import ImageCache
import ImageEncoding
import Synchronization

/// A loader that answers from a script and counts what it was asked; `gate` holds every answer until opened,
/// so tests can pile up concurrent callers deterministically.
final class ScriptedLoader: DataLoading {
  struct State {
    var requests: [DataRequest] = []
    var replies: [Result<DataResponse, TransferError>] = []
    var fallback: Result<DataResponse, TransferError>
    var gateOpen = true
    var waiting: [CheckedContinuation<Void, Never>] = []
  }

  let state: Mutex<State>

  init(fallback: Result<DataResponse, TransferError>) {
    state = Mutex(State(fallback: fallback))
  }

  var requestCount: Int { state.withLock { $0.requests.count } }
  var requests: [DataRequest] { state.withLock { $0.requests } }

  func enqueue(_ reply: Result<DataResponse, TransferError>) { state.withLock { $0.replies.append(reply) } }
  func setFallback(_ reply: Result<DataResponse, TransferError>) { state.withLock { $0.fallback = reply } }
  func closeGate() { state.withLock { $0.gateOpen = false } }

  func openGate() {
    let waiting = state.withLock { state in
      state.gateOpen = true
      defer { state.waiting = [] }
      return state.waiting
    }
    for continuation in waiting { continuation.resume() }
  }

  func load(_ request: DataRequest) async throws(TransferError) -> DataResponse {
    let reply = state.withLock { state in
      state.requests.append(request)
      return state.replies.isEmpty ? state.fallback : state.replies.removeFirst()
    }
    await withCheckedContinuation { continuation in
      let open = state.withLock { state in
        if !state.gateOpen { state.waiting.append(continuation) }
        return state.gateOpen
      }
      if open { continuation.resume() }
    }
    if Task.isCancelled { throw .cancelled }
    return try reply.get()
  }
}

/// A settable clock for freshness tests.
final class TestClock: Sendable {
  private let now = Mutex(Date(timeIntervalSince1970: 1_700_000_000))
  func callAsFunction() -> Date { now.withLock { $0 } }
  func advance(by seconds: TimeInterval) { now.withLock { $0 += seconds } }
}

enum Images {
  static let url = URL(string: "http://images.test/cover.png")!

  /// A 6×4 PNG with a recognisable gradient.
  static func png(width: Int = 6, height: Int = 4, seed: UInt8 = 0) -> [UInt8] {
    var pixels: [UInt8] = []
    for y in 0..<height {
      for x in 0..<width { pixels += [UInt8(x * 40) &+ seed, UInt8(y * 60), seed, 255] }
    }
    return try! PNGEncoder.encode(ImageBitmap(width: width, height: height, pixels: pixels))
  }

  static func ok(_ body: [UInt8], headers: [String: String] = [:], url: URL = url) -> Result<
    DataResponse, TransferError
  > {
    var all = ["content-type": "image/png"]
    all.merge(headers) { $1 }
    return .success(DataResponse(statusCode: 200, headers: all, body: body, effectiveURL: url))
  }

  static func status(_ code: Int, headers: [String: String] = [:]) -> Result<DataResponse, TransferError> {
    .success(DataResponse(statusCode: code, headers: headers, body: [], effectiveURL: url))
  }
}

func temporaryDirectory() -> URL {
  let url = FileManager.default.temporaryDirectory.appendingPathComponent("imgcache-tests-\(UUID().uuidString)")
  try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  return url
}

/// A manager over `disk` with the manager's own clock and TTL, for tests that read the disk tier's counters.
func makeManager(loader: ScriptedLoader, disk: DiskStore) -> ImageManager {
  ImageManager(
    loader: loader, memory: ImageMemoryStore(costLimit: 1 << 20, countLimit: 10), disk: disk, decoder: ImageDecoder())
}

func makeManager(
  loader: ScriptedLoader, directory: URL? = nil, clock: TestClock = TestClock(), defaultTTL: TimeInterval = 3600
) throws -> ImageManager {
  let disk = try directory.map { try DiskStore(directory: $0, maxBytes: 64 << 20, clock: { clock() }) }
  return ImageManager(
    loader: loader, memory: ImageMemoryStore(costLimit: 64 << 20, countLimit: 100), disk: disk,
    decoder: ImageDecoder(), defaultTTL: defaultTTL, clock: { clock() })
}
