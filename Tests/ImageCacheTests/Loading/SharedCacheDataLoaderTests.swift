import Foundation
import Logging
import Synchronization
import TestSupport
import Testing

@testable import ImageCache

/// Answers by a rule and records every URL asked for: the shared cache and the origins behind one fake transport.
private final class RecordingLoader: DataLoading {
  let rule: @Sendable (DataRequest) -> Result<DataResponse, TransferError>
  private let asked = Mutex<[DataRequest]>([])

  init(_ rule: @escaping @Sendable (DataRequest) -> Result<DataResponse, TransferError>) { self.rule = rule }

  var requests: [DataRequest] { asked.withLock { $0 } }
  var urls: [String] { requests.map(\.url.absoluteString) }

  func load(_ request: DataRequest) async throws(TransferError) -> DataResponse {
    asked.withLock { $0.append(request) }
    return try rule(request).get()
  }
}

private final class FakeClock: Sendable {
  private let instant = Mutex(ContinuousClock.now)
  func now() -> ContinuousClock.Instant { instant.withLock { $0 } }
  func advance(_ duration: Duration) { instant.withLock { $0 += duration } }
}

private func response(_ status: Int, _ body: String = "", headers: [String: String] = [:], url: URL)
  -> Result<DataResponse, TransferError>
{
  .success(DataResponse(statusCode: status, headers: headers, body: Array(body.utf8), effectiveURL: url))
}

@Suite struct SharedCacheDataLoaderTests {
  let shared = URL(string: "http://cache.test:8080")!
  fileprivate let log = LogRecorder()
  fileprivate let clock = FakeClock()

  private func loader(_ base: RecordingLoader, sharedCache: URL? = nil) -> SharedCacheDataLoader {
    let clock = self.clock
    return SharedCacheDataLoader(
      wrapping: base, sharedCache: sharedCache ?? shared, retryDelay: .seconds(30), logger: log.logger,
      now: { clock.now() })
  }

  @Test func asksTheSharedCacheUnderSchemeAndAuthorityAndAnswersUnderTheOriginalURL() async throws {
    let base = RecordingLoader { response(200, "png", headers: ["etag": "\"v1\""], url: $0.url) }
    let original = URL(string: "https://Img.Example:8443/covers/a%20b.png?size=64&sig=x1")!

    let answer = try await loader(base).load(DataRequest(url: original, headers: ["If-None-Match": "\"v0\""]))

    #expect(base.urls == ["http://cache.test:8080/https/img.example:8443/covers/a%20b.png?size=64&sig=x1"])
    #expect(base.requests.first?.headers == ["If-None-Match": "\"v0\""])
    #expect(answer.effectiveURL == original)
    #expect(answer.body == Array("png".utf8))
    #expect(answer.header("etag") == "\"v1\"")
    #expect(log.lines.withLock { $0.isEmpty })
  }

  @Test func aPathUnderTheSharedCacheAndAnOriginWithoutPathAreKept() async throws {
    let base = RecordingLoader { response(200, url: $0.url) }
    let sut = loader(base, sharedCache: URL(string: "https://cache.test/images/")!)

    _ = try await sut.load(DataRequest(url: URL(string: "http://img.example")!))
    _ = try await sut.load(DataRequest(url: URL(string: "http://img.example?x=1#top")!))

    #expect(
      base.urls == [
        "https://cache.test/images/http/img.example/", "https://cache.test/images/http/img.example/?x=1",
      ])
  }

  @Test func aRedirectFollowedThroughTheSharedCacheIsReportedAsTheOriginsURL() async throws {
    let base = RecordingLoader { _ in
      response(200, url: URL(string: "http://cache.test:8080/https/cdn.example/moved.png?v=2")!)
    }

    let answer = try await loader(base).load(DataRequest(url: URL(string: "https://img.example/a.png")!))

    #expect(answer.effectiveURL.absoluteString == "https://cdn.example/moved.png?v=2")
  }

  @Test(arguments: [
    "https://user:secret@img.example/a.png",  // user info: one user's password
    "https://img.example/a.png?api_key=k&size=64",  // a credential parameter
    "https://img.example/a.png?SK=session",
  ])
  func urlsWithCredentialsGoToTheirOriginOnly(url: String) async throws {
    let base = RecordingLoader { response(200, url: $0.url) }

    _ = try await loader(base).load(DataRequest(url: URL(string: url)!))

    #expect(base.urls == [url])
  }

  @Test func anUnreachableSharedCacheSendsEveryImageToItsOriginAndWarnsOncePerOutage() async throws {
    let up = Mutex(false)
    let base = RecordingLoader { request in
      if request.url.host == "cache.test" && !up.withLock({ $0 }) {
        return .failure(.couldNotConnect("Failed to connect to cache.test port 8080"))
      }
      return response(200, url: request.url)
    }
    let sut = loader(base)
    let a = URL(string: "https://img.example/a.png")!
    let b = URL(string: "https://img.example/b.png")!

    let first = try await sut.load(DataRequest(url: a))
    _ = try await sut.load(DataRequest(url: b))

    #expect(first.effectiveURL == a)
    #expect(base.urls == ["http://cache.test:8080/https/img.example/a.png", a.absoluteString, b.absoluteString])
    #expect(
      log.messages(at: .warning) == [
        "shared cache http://cache.test:8080 unreachable (could not connect: Failed to connect to cache.test port "
          + "8080); fetching from origins"
      ])

    // Still out when the retry delay has passed: one request probes it, quietly.
    clock.advance(.seconds(31))
    _ = try await sut.load(DataRequest(url: a))
    _ = try await sut.load(DataRequest(url: b))
    #expect(
      Array(base.urls.dropFirst(3)) == [
        "http://cache.test:8080/https/img.example/a.png", a.absoluteString, b.absoluteString,
      ])
    #expect(log.messages(at: .warning).count == 1)

    // Back: the next probe finds it, and the requests after it go through it again.
    up.withLock { $0 = true }
    clock.advance(.seconds(31))
    _ = try await sut.load(DataRequest(url: a))
    _ = try await sut.load(DataRequest(url: b))
    #expect(
      Array(base.urls.dropFirst(6)) == [
        "http://cache.test:8080/https/img.example/a.png", "http://cache.test:8080/https/img.example/b.png",
      ])
    #expect(log.messages(at: .notice) == ["shared cache http://cache.test:8080 answers again"])

    // A new outage is a new warning.
    up.withLock { $0 = false }
    _ = try await sut.load(DataRequest(url: a))
    #expect(log.messages(at: .warning).count == 2)
  }

  @Test(arguments: [500, 502, 503, 504])
  func aServerErrorFromTheSharedCacheFallsBackToTheOrigin(status: Int) async throws {
    let base = RecordingLoader { request in
      request.url.host == "cache.test"
        ? response(status, "busy", url: request.url) : response(200, "png", url: request.url)
    }
    let url = URL(string: "https://img.example/a.png")!

    let answer = try await loader(base).load(DataRequest(url: url))

    #expect(answer.statusCode == 200)
    #expect(answer.body == Array("png".utf8))
    #expect(base.urls == ["http://cache.test:8080/https/img.example/a.png", url.absoluteString])
    #expect(
      log.messages(at: .warning) == [
        "shared cache http://cache.test:8080 answered HTTP \(status); fetching from origins"
      ])
  }

  @Test func anOriginTheSharedCacheDoesNotListIsFetchedDirectlyFromThenOn() async throws {
    let base = RecordingLoader { request in
      if request.url.host == "cache.test" && request.url.path.hasPrefix("/https/unlisted.example/") {
        return response(403, headers: ["x-shared-cache-refused": "origin not listed"], url: request.url)
      }
      return response(200, url: request.url)
    }
    let sut = loader(base)

    _ = try await sut.load(DataRequest(url: URL(string: "https://unlisted.example/a.png")!))
    _ = try await sut.load(DataRequest(url: URL(string: "https://unlisted.example/b.png")!))
    _ = try await sut.load(DataRequest(url: URL(string: "https://listed.example/c.png")!))

    #expect(
      base.urls == [
        "http://cache.test:8080/https/unlisted.example/a.png", "https://unlisted.example/a.png",
        "https://unlisted.example/b.png", "http://cache.test:8080/https/listed.example/c.png",
      ])
    #expect(log.messages(at: .warning).isEmpty)
    #expect(
      log.messages(at: .info) == [
        "shared cache http://cache.test:8080 does not list https://unlisted.example; fetching its images from the origin"
      ])
  }

  @Test(arguments: [403, 404, 410])
  func anyOtherClientErrorIsTheImagesAnswer(status: Int) async throws {
    let base = RecordingLoader { response(status, url: $0.url) }

    let answer = try await loader(base).load(DataRequest(url: URL(string: "https://img.example/a.png")!))

    #expect(answer.statusCode == status)
    #expect(base.urls == ["http://cache.test:8080/https/img.example/a.png"])
  }

  @Test(arguments: [TransferError.cancelled, .bodyTooLarge(limit: 10)])
  func cancellationAndOversizedBodiesAreNotRetriedAtTheOrigin(error: TransferError) async throws {
    let base = RecordingLoader { _ in .failure(error) }

    await #expect(throws: error) {
      try await loader(base).load(DataRequest(url: URL(string: "https://img.example/a.png")!))
    }
    #expect(base.urls.count == 1)
    #expect(log.messages(at: .warning).isEmpty)
  }
}

@Suite struct SharedCacheSettingTests {
  @Test func theManagerRefusesASharedCacheItCannotUse() {
    var configuration = ImageManager.Configuration()
    configuration.sharedCache = URL(string: "file:///tmp/cache")
    #expect(throws: ImageManagerError.invalidConfiguration("shared cache file:///tmp/cache: not an http or https URL"))
    {
      _ = try ImageManager(configuration: configuration)
    }
  }
}
