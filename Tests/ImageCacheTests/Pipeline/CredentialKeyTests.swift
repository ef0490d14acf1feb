import Foundation
import TestSupport
import Testing

@testable import ImageCache

/// Cache keys drop credentials only where they are credentials: images whose URLs differ by a `token` or `sig` are
/// different entries unless their host is configured to treat those as credentials, and the API key reaches no
/// file. Through the real libcurl loader and disk tier.
@Suite(.timeLimit(.minutes(20))) struct CredentialKeyTests {
  private let images = ["A": Images.png(width: 3, height: 2, seed: 1), "B": Images.png(width: 2, height: 5, seed: 2)]

  /// The image named by the URL's `token` (else its `sig`), fresh for ten minutes.
  private func makeServer() throws -> HTTPTestServer {
    try HTTPTestServer { [images] request in
      guard let image = images[request.query("token") ?? request.query("sig") ?? ""] else { return .status(404) }
      return .ok(image, headers: ["Cache-Control": "max-age=600"])
    }
  }

  private func makeManager(_ directory: URL, _ credentials: CredentialParameters = .default) throws -> ImageManager {
    ImageManager(
      loader: CurlDataLoader(configuration: .patient), memory: ImageMemoryStore(costLimit: 1 << 24, countLimit: 100),
      disk: try DiskStore(directory: directory, maxBytes: 1 << 24), decoder: ImageDecoder(),
      credentialParameters: credentials)
  }

  @Test func imagesThatDifferByTokenOrSigAreDifferentEntriesAndTheAPIKeyReachesNoFile() async throws {
    // Given a server whose images differ by token and by sig
    let server = try makeServer()
    defer { server.stop() }
    let directory = temporaryDirectory()
    let manager = try makeManager(directory)

    // When the same path is asked for with each token and sig, under two API keys
    let tokenA = try await manager.data(for: server.url("/cover.png?token=A&api_key=SECRETONE"))
    let tokenB = try await manager.data(for: server.url("/cover.png?token=B&api_key=SECRETONE"))
    let tokenAAgain = try await manager.data(for: server.url("/cover.png?api_key=SECRETTWO&token=A"))
    let sigA = try await manager.data(for: server.url("/cover.png?sig=A&api_key=SECRETONE"))
    let sigB = try await manager.data(for: server.url("/cover.png?sig=B&api_key=SECRETONE"))
    let keys = try #require(manager.disk as? DiskStore).entries(limit: nil).map(\.key).sorted()
    try manager.close()

    // Then each token and sig is its own entry with its own image, the API key only told the server who asked,
    // and no file of the cache holds it
    #expect([tokenA, tokenB, sigA, sigB].map(\.bytes) == [images["A"], images["B"], images["A"], images["B"]])
    #expect([tokenA, tokenB, sigA, sigB].allSatisfy { $0.tier == .network })
    #expect(tokenAAgain.tier == .disk && tokenAAgain.bytes == images["A"])
    #expect(server.requestCount == 4)
    let base = server.url("/cover.png").absoluteString
    #expect(keys == ["sig=A", "sig=B", "token=A", "token=B"].map { "\(base)?\($0)" })
    for file in try FileManager.default.subpathsOfDirectory(atPath: directory.path) {
      let bytes = FileManager.default.contents(atPath: directory.appending(path: file).path) ?? Data()
      #expect(bytes.range(of: Data("SECRET".utf8)) == nil, "\(file) holds the API key")
    }
  }

  @Test func aHostConfiguredToSignWithSigSharesOneEntry() async throws {
    // Given a manager told that `sig` is a credential on the test server's host
    let server = try makeServer()
    defer { server.stop() }
    let manager = try makeManager(
      temporaryDirectory(), CredentialParameters(everyHost: ["api_key"], byHost: ["127.0.0.1": ["sig"]]))

    // When one image is asked for under two signatures
    let first = try await manager.data(for: server.url("/cover.png?sig=A"))
    let second = try await manager.data(for: server.url("/cover.png?sig=B"))

    // Then the second is the first's entry, served from disk
    #expect(first.tier == .network && second.tier == .disk && second.bytes == images["A"])
    #expect(server.requestCount == 1)
  }

  @Test func decodedImagesAreKeptInMemoryUnderTheManagersCredentials() async throws {
    // Given a manager told that `sig` is a credential on the test server's host
    let server = try makeServer()
    defer { server.stop() }
    let memory = ImageMemoryStore(costLimit: 1 << 24, countLimit: 100)
    let manager = ImageManager(
      loader: CurlDataLoader(configuration: .patient), memory: memory, disk: nil, decoder: ImageDecoder(),
      credentialParameters: CredentialParameters(everyHost: ["api_key"], byHost: ["127.0.0.1": ["sig"]]))

    // When one image is asked for under three signatures, by URL and by request
    let first = try await manager.image(for: server.url("/cover.png?sig=A"))
    let second = try await manager.image(for: server.url("/cover.png?sig=B"))
    let third = try await manager.image(for: ImageRequest(url: server.url("/cover.png?sig=C")))

    // Then the memory tier holds one entry, keyed without the signature, and answers the other two
    #expect([first.tier, second.tier, third.tier] == [.network, .memory, .memory])
    #expect([first, second, third].allSatisfy { ($0.width, $0.height) == (3, 2) })
    #expect(third.url == server.url("/cover.png?sig=C"))  // a hit answers with the URL asked, signature and all
    #expect(memory.keysByRecency == [server.url("/cover.png").absoluteString])
    #expect(server.requestCount == 1)
  }
}
