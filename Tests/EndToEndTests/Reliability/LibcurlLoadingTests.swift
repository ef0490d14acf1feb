import Foundation
import TestSupport
import Testing

/// libcurl is loaded at run time, not linked (CCurlShims): the binary must not name it, and when it cannot be
/// loaded every command that needs the network says so in one line while the others keep working.
@Suite(
  "imgcache loads libcurl at run time",
  .enabled(if: ProcessRunner.isBuilt("imgcache"), "needs the built imgcache: run `swift build` first"),
  .timeLimit(.minutes(20)))
struct LibcurlLoadingTests {
  static let missingLibrary = ["IMGCACHE_LIBCURL": "/nonexistent/libcurl.so.4"]

  /// Where the dynamic linker finds `soname` (`ldconfig -p`), for pointing IMGCACHE_LIBCURL at a real file.
  static func systemLibrary(_ soname: String) throws -> String? {
    let output = try ProcessRunner.run(URL(fileURLWithPath: "/sbin/ldconfig"), ["-p"])
    let line = output.stdout.split(separator: "\n").first {
      $0.trimmingCharacters(in: .whitespaces).hasPrefix(soname + " ")
    }
    return line.flatMap { $0.components(separatedBy: " => ").last }
  }

  @Test(arguments: ["imgcache", "artist-browser"])
  func theBinaryDoesNotLinkLibcurl(_ name: String) throws {
    // ldd (libc-bin, on every Debian) lists what the dynamic linker loads at exec, dependencies of dependencies too.
    let output = try ProcessRunner.run(URL(fileURLWithPath: "/usr/bin/ldd"), [ProcessRunner.executable(name).path])
    #expect(output.status == 0)
    let loaded = output.stdout.split(separator: "\n")
    #expect(loaded.contains { $0.contains("libsqlite3") }, "ldd printed no libraries: \(output.stdout)")
    #expect(!loaded.contains { $0.contains("libcurl") || $0.contains("libssl") }, "\(output.stdout)")
  }

  @Test func aLibcurlNamedByPathIsUsed() throws {
    let path = try #require(try Self.systemLibrary("libcurl.so.4"), "ldconfig knows no libcurl.so.4")
    let server = try HTTPTestServer { _ in .ok(TestImages.png(3)) }
    defer { server.stop() }
    let cache = try ScratchCache()
    defer { cache.remove() }
    let output = try CLI.run(
      ["get", server.url("/a.png").absoluteString] + cache.arguments, environment: ["IMGCACHE_LIBCURL": path])
    #expect(output.status == 0, "\(output.stderr)")
    #expect(output.stdout.hasPrefix("network  PNG 19×19  "))
  }

  @Test func aLibraryThatIsNotLibcurlIsOneLine() throws {
    let path = try #require(try Self.systemLibrary("libz.so.1"), "ldconfig knows no libz.so.1")
    let cache = try ScratchCache()
    defer { cache.remove() }
    let list = try ScratchCache.urlList([URL(string: "http://127.0.0.1:9/a.png")!])
    defer { try? FileManager.default.removeItem(atPath: list) }
    let output = try CLI.run(["warm", "--urls", list] + cache.arguments, environment: ["IMGCACHE_LIBCURL": path])
    #expect(output.status == 1)
    #expect(
      output.stderrLines == ["imgcache: libcurl lacks curl_global_init; libcurl 7.85 or newer is needed"],
      "\(output.stderr)")
  }

  @Test func getWithoutLibcurlIsOneLineAndStoresNothing() throws {
    let server = try HTTPTestServer { _ in .ok(TestImages.png(1)) }
    defer { server.stop() }
    let cache = try ScratchCache()
    defer { cache.remove() }
    let url = server.url("/a.png").absoluteString

    let output = try CLI.run(["get", url] + cache.arguments, environment: Self.missingLibrary)

    #expect(output.status == 1)
    #expect(output.stderrLines.count == 1, "\(output.stderr)")
    let line = output.stderrLines.first ?? ""
    #expect(line.hasPrefix("imgcache: \(url): cannot load libcurl (/nonexistent/libcurl.so.4"), "\(line)")
    #expect(line.hasSuffix("install it (apt-get install libcurl4) or fix IMGCACHE_LIBCURL"), "\(line)")
    #expect(server.requestCount == 0)
    #expect(try cache.list().isEmpty)
    #expect(try cache.verify() == VerifyOutput(checked: 0, broken: [], orphans: 0, fixed: false, clean: true))
  }

  @Test func warmWithoutLibcurlIsOneLineAndCommandsWithoutNetworkStillWork() throws {
    let server = try HTTPTestServer { _ in .ok(TestImages.png(2)) }
    defer { server.stop() }
    let cache = try ScratchCache()
    defer { cache.remove() }
    // A good entry first, with libcurl: the failed warm must leave it alone.
    #expect(try CLI.run(["get", server.url("/kept.png").absoluteString] + cache.arguments).status == 0)
    let list = try ScratchCache.urlList((0..<3).map { server.url("/\($0).png") })
    defer { try? FileManager.default.removeItem(atPath: list) }

    let warm = try CLI.run(["warm", "--urls", list] + cache.arguments, environment: Self.missingLibrary)

    #expect(warm.status == 1)
    #expect(warm.stdout == "")
    #expect(warm.stderrLines.count == 1, "\(warm.stderr)")
    #expect(warm.stderrLines.first?.hasPrefix("imgcache: cannot load libcurl (/nonexistent/") == true, "\(warm.stderr)")
    #expect(server.requestCount == 1)
    let stats = try CLI.run(["stats", "--json"] + cache.arguments, environment: Self.missingLibrary)
    #expect(stats.status == 0, "\(stats.stderr)")
    #expect(try JSONDecoder().decode(StatsOutput.self, from: Data(stats.stdout.utf8)).entries == 1)
    #expect(try cache.list().map(\.url) == [server.url("/kept.png").absoluteString])
    for command in [["ls"], ["verify"], ["trim"], ["stats"], ["clear"]] {
      let output = try CLI.run(command + cache.arguments, environment: Self.missingLibrary)
      #expect(output.status == 0, "\(command): \(output.stderr)")
    }
    #expect(try cache.list().isEmpty)  // `clear` ran
  }

  /// Commands that never fetch do not start the load at all, so they have no load to wait for at exit (`stats` took
  /// 16 ms with it, 11 without).
  @Test(arguments: ["stats", "ls", "verify", "trim", "clear"])
  func offlineCommandsNeverLoadLibcurl(_ command: String) throws {
    let cache = try ScratchCache()
    defer { cache.remove() }
    // The dynamic linker names every library it loads, at start-up and by dlopen, on standard error.
    let output = try CLI.run([command] + cache.arguments, environment: ["LD_DEBUG": "files"])
    #expect(output.status == 0, "\(output.stderr)")
    #expect(output.stderr.contains("libsqlite3"), "LD_DEBUG printed no libraries: \(output.stderr)")
    #expect(!output.stderr.contains("libcurl"), "\(output.stderr)")
  }

  @Test func aCommandThatFetchesStillLoadsLibcurlEarly() throws {
    let server = try HTTPTestServer { _ in .ok(TestImages.png(1)) }
    defer { server.stop() }
    let cache = try ScratchCache()
    defer { cache.remove() }
    let output = try CLI.run(
      ["get", server.url("/a.png").absoluteString] + cache.arguments, environment: ["LD_DEBUG": "files"])
    #expect(output.status == 0, "\(output.stderr)")
    #expect(output.stderr.contains("libcurl.so.4"), "\(output.stderr)")
  }

  @Test func warmingAnArtistWithoutLibcurlIsOneLine() throws {
    let cache = try ScratchCache()
    defer { cache.remove() }
    let output = try CLI.run(
      ["warm", "Anyone", "--demo"] + cache.arguments, environment: Self.missingLibrary)
    #expect(output.status == 1)
    #expect(output.stdout == "")
    #expect(output.stderrLines.count == 1, "\(output.stderr)")
    #expect(output.stderrLines.first?.hasPrefix("imgcache: cannot load libcurl (/nonexistent/") == true)
  }

  @Test(arguments: [["--plain"], ["--plain", "--offline"]])
  func theBrowserWithoutLibcurlIsOneLine(_ flags: [String]) throws {
    let cache = try BrowserProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: cache) }
    var environment = BrowserProcess.environment(cacheDirectory: cache)
    environment.merge(Self.missingLibrary) { $1 }
    // The demo catalog is served over HTTP, so even --offline needs libcurl there.
    let output = try ProcessRunner.run(BrowserProcess.name, flags + ["--demo"], environment: environment)
    #expect(output.status == 1)
    #expect(output.stdout == "")
    #expect(output.stderr.hasPrefix("artist-browser: cannot load libcurl (/nonexistent/"), "\(output.stderr)")
    #expect(output.stderr.split(separator: "\n").count == 1, "\(output.stderr)")
  }
}
