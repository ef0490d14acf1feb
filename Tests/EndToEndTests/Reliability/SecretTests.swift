import Foundation
import TestSupport
import Testing

/// An API key in the environment and in image URLs must not reach the cache files, stdout or stderr, whatever the
/// command, verbosity or output format.
@Suite("imgcache keeps keys secret", .timeLimit(.minutes(20)))
struct SecretTests {
  static let secret = "SECRETKEY1234567890abcdef"

  @Test func keyAppearsNowhere() async throws {
    let secret = Self.secret
    let server = try HTTPTestServer { request in
      switch request.path {
      case "/missing.png": .status(404)
      case "/moved.png": .redirect(to: "/img.png?api_key=\(secret)&size=64")
      case "/stall.png": .stallAfterHeaders
      default: .ok(TestImages.png(1))
      }
    }
    defer { server.stop() }
    let cache = try ScratchCache()
    defer { cache.remove() }
    let environment = ["LASTFM_API_KEY": secret]
    let urls = [
      server.url("/img.png?api_key=\(secret)&size=64"), server.url("/other.png?size=34&api_key=\(secret)"),
      server.url("/missing.png?api_key=\(secret)"), server.url("/moved.png?api_key=\(secret)"),
      server.url("/stall.png?api_key=\(secret)"), server.url("/img.png?sk=\(secret)&api_sig=\(secret)"),
    ]
    let list = try ScratchCache.urlList(urls)
    defer { try? FileManager.default.removeItem(atPath: list) }
    let common = cache.arguments + ["-vv", "--stall-timeout", "1", "--retries", "1"]
    var outputs: [CLI.Output] = []
    outputs.append(try await CLI.run(["warm", "--urls", list] + common, environment: environment))
    outputs.append(try await CLI.run(["warm", "--urls", list, "--json"] + common, environment: environment))
    for url in urls {
      outputs.append(try await CLI.run(["get", url.absoluteString] + common, environment: environment))
      outputs.append(try await CLI.run(["get", url.absoluteString, "--json"] + common, environment: environment))
    }
    for command in [["ls"], ["ls", "--json"], ["stats"], ["stats", "--json"], ["verify"], ["verify", "--json"]] {
      outputs.append(try await CLI.run(command + cache.arguments + ["-vv"], environment: environment))
    }

    // The commands did real work (so silence is not why the key is absent)...
    #expect(outputs[0].stdout.contains(" 4 fetched, 0 already fresh, 0 revalidated, 2 failed;"), "\(outputs[0].stdout)")
    await #expect(
      try cache.list().map(\.url).sorted()
        == [
          server.url("/img.png?size=64").absoluteString, server.url("/img.png").absoluteString,
          server.url("/moved.png").absoluteString, server.url("/other.png?size=34").absoluteString,
        ].sorted())
    // ...and yet the key is in no output...
    for (index, output) in outputs.enumerated() {
      #expect(!output.stdout.contains(secret), "stdout of run \(index): \(output.stdout)")
      #expect(!output.stderr.contains(secret), "stderr of run \(index): \(output.stderr)")
    }
    // ...and in no byte of any file in the cache folder (database, WAL, shared memory, image files), nor in a name.
    let needle = Data(secret.utf8)
    let files = ScratchCache.filesBelow(cache.directory)
    #expect(files.contains { $0.path.contains("/blobs/") })
    for file in files {
      #expect(!file.path.contains(secret))
      let bytes = try Data(contentsOf: file)
      #expect(bytes.range(of: needle) == nil, "\(file.lastPathComponent) holds the key")
    }
  }
}
