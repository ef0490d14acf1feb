import Foundation
import ImageCache
import Synchronization
import TestSupport
import Testing

@Suite("CurlDataLoader: responses and redirects", .timeLimit(.minutes(20)))
struct CurlDataLoaderTests {
  @Test func returns200WithBodyAndLowerCasedHeaders() async throws {
    // Given
    let server = try HTTPTestServer { _ in .ok(Array("hello".utf8), headers: ["X-Custom": "Value", "ETag": "\"v1\""]) }
    defer { server.stop() }
    let loader = CurlDataLoader(configuration: .patient)

    // When
    let response = try await loader.load(DataRequest(url: server.url("/hello?x=1")))

    // Then
    #expect(response.statusCode == 200)
    #expect(response.body == Array("hello".utf8))
    #expect(response.headers["x-custom"] == "Value")
    #expect(response.header("ETag") == "\"v1\"")
    #expect(response.headers["content-length"] == "5")
    #expect(response.effectiveURL == server.url("/hello?x=1"))
    #expect(server.requests.map(\.target) == ["/hello?x=1"])
  }

  @Test func sendsUserAgentAcceptEncodingAndCallerHeaders() async throws {
    let server = try HTTPTestServer { _ in .status(204) }
    defer { server.stop() }
    let loader = CurlDataLoader(configuration: .patient)

    _ = try await loader.load(DataRequest(url: server.url("/"), headers: ["If-None-Match": "\"abc\""]))

    let request = try #require(server.requests.first)
    #expect(request.method == "GET")
    #expect(request.header("user-agent") == "imgcache/0.1.0")
    #expect(request.header("if-none-match") == "\"abc\"")
    #expect(request.header("accept-encoding")?.contains("gzip") == true)
  }

  @Test func dropsCallerHeadersContainingLineBreaks() async throws {
    let server = try HTTPTestServer { _ in .status(204) }
    defer { server.stop() }

    _ = try await CurlDataLoader(configuration: .patient).load(
      DataRequest(url: server.url("/"), headers: ["X-Evil": "a\r\nX-Injected: 1", "X-Fine": "ok"]))

    let request = try #require(server.requests.first)
    #expect(request.header("x-injected") == nil)
    #expect(request.header("x-evil") == nil)
    #expect(request.header("x-fine") == "ok")
  }

  @Test func notModifiedIsReturnedAsResponse() async throws {
    let server = try HTTPTestServer { request in
      request.header("if-none-match") == "\"v1\"" ? .status(304, headers: ["ETag": "\"v1\""]) : .ok([1, 2, 3])
    }
    defer { server.stop() }

    let response = try await CurlDataLoader(configuration: .patient).load(
      DataRequest(url: server.url("/img"), headers: ["If-None-Match": "\"v1\""]))

    #expect(response.statusCode == 304)
    #expect(response.body == [])
    #expect(response.header("etag") == "\"v1\"")
  }

  @Test func errorStatusesAreReturnedWithTheirBodies() async throws {
    let server = try HTTPTestServer { _ in .text("{\"error\":10}", status: 403, contentType: "application/json") }
    defer { server.stop() }

    let response = try await CurlDataLoader(configuration: .patient).load(DataRequest(url: server.url("/")))

    #expect(response.statusCode == 403)
    #expect(String(decoding: response.body, as: UTF8.self) == "{\"error\":10}")
  }

  @Test func followsRedirectsAndKeepsOnlyFinalHeaders() async throws {
    let server = try HTTPTestServer { request in
      switch request.path {
      case "/a": .redirect(to: "/b", status: 301)
      case "/b": .redirect(to: "/c", status: 307)
      default: .ok(Array("final".utf8), headers: ["X-Final": "yes"])
      }
    }
    defer { server.stop() }

    let response = try await CurlDataLoader(configuration: .patient).load(DataRequest(url: server.url("/a")))

    #expect(response.statusCode == 200)
    #expect(response.body == Array("final".utf8))
    #expect(response.effectiveURL == server.url("/c"))
    #expect(response.headers["location"] == nil)
    #expect(response.headers["x-final"] == "yes")
    #expect(server.requests.map(\.path) == ["/a", "/b", "/c"])
  }

  @Test func followsRedirectToAnotherHost() async throws {
    // Given: 127.0.0.1 redirects to the same server under the name "localhost".
    let server = try HTTPTestServer { request in
      guard request.path == "/start" else { return .text("moved host") }
      let port = request.header("host")?.split(separator: ":").last ?? ""
      return .redirect(to: "http://localhost:\(port)/final")
    }
    defer { server.stop() }

    // When
    let response = try await CurlDataLoader(configuration: .patient).load(DataRequest(url: server.url("/start")))

    // Then
    #expect(response.statusCode == 200)
    #expect(response.effectiveURL == URL(string: "http://localhost:\(server.port)/final"))
    #expect(server.requests.map { $0.header("host") } == ["127.0.0.1:\(server.port)", "localhost:\(server.port)"])
  }

  @Test(arguments: ["file:///etc/passwd", "ftp://127.0.0.1/pub/file", "gopher://127.0.0.1/1"])
  func refusesRedirectToOtherSchemes(target: String) async throws {
    let server = try HTTPTestServer { _ in .redirect(to: target) }
    defer { server.stop() }

    let result = await CurlDataLoader(configuration: .patient).loadResult(server.url("/evil"))

    #expect(result.transferError == .unsupportedScheme(url: target))
    #expect(server.requests.map(\.path) == ["/evil"])
  }

  @Test(arguments: [
    ("file:///etc/passwd", "file:///etc/passwd"),
    ("ftp://example.com/x?api_key=secret", "ftp://example.com/x"),
    ("gopher://example.com/1", "gopher://example.com/1"),
    ("data:text/plain,hi", "data:text/plain,hi"),
  ])
  func refusesNonHTTPURLsBeforeAnyIO(url: String, reported: String) async throws {
    let loader = CurlDataLoader(configuration: .patient)

    let result = await loader.loadResult(try #require(URL(string: url)))

    #expect(result.transferError == .unsupportedScheme(url: reported))
    #expect(loader.metrics.requests == 0)
  }

  @Test func redirectLoopStopsAfterFiveRedirectsWithoutLeakingTheQuery() async throws {
    let server = try HTTPTestServer { _ in .redirect(to: "/loop?api_key=SECRET") }
    defer { server.stop() }

    let result = await CurlDataLoader(configuration: .patient).loadResult(server.url("/loop?api_key=SECRET"))

    let expectedMessage = "Maximum (5) redirects followed"
    #expect(result.transferError == .tooManyRedirects(expectedMessage))
    #expect(server.requests.count == 6)
    #expect(result.transferError?.description.contains("SECRET") == false)
  }

  @Test func reportsProgressAndMetrics() async throws {
    let body = [UInt8](repeating: 7, count: 300_000)
    let server = try HTTPTestServer { _ in .ok(body) }
    defer { server.stop() }
    let loader = CurlDataLoader(configuration: .patient)
    let lastProgress = ProgressLog()

    let response = try await loader.load(DataRequest(url: server.url("/big")), progress: { lastProgress.record($0) })

    #expect(response.body == body)
    #expect(lastProgress.values.last == body.count)
    #expect(lastProgress.values == lastProgress.values.sorted())
    #expect(loader.metrics == CurlDataLoader.Metrics(requests: 1, bytesReceived: body.count, connectionsMade: 1))
  }

  @Test func connectionRefusedIsCouldNotConnect() async throws {
    let refusing = try RefusingAddress()
    let url = refusing.url("/gone")

    let result = await CurlDataLoader(configuration: .patient).loadResult(url)
    withExtendedLifetime(refusing) {}

    guard case .couldNotConnect(let message) = result.transferError else {
      Issue.record("expected couldNotConnect, got \(result)")
      return
    }
    #expect(message.hasPrefix("Failed to connect to 127.0.0.1 port \(refusing.port)"), "\(message)")
    #expect(!message.contains("/gone"))
  }
}

final class ProgressLog: Sendable {
  private let log = Mutex<[Int]>([])
  func record(_ value: Int) { log.withLock { $0.append(value) } }
  var values: [Int] { log.withLock { $0 } }
}
