import Foundation
import TestSupport
import Testing

/// `scripts/install --prefix DIR` then `scripts/uninstall --prefix DIR`: the tools work from DIR/bin under both
/// names, and uninstalling leaves DIR as it was, folders someone had there before included.
@Suite(
  .enabled(if: BrowserProcess.isBuilt, "needs the built binary: run `swift build` first"), .timeLimit(.minutes(20)))
struct InstallScriptTests {
  @Test func installThenUninstallLeavesThePrefixAsItWas() async throws {
    let work = try BrowserProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: work) }
    let stage = try await Self.stage(in: work)
    let prefix = work.appendingPathComponent("prefix")
    // Someone's own files in folders the install also uses.
    try FileManager.default.createDirectory(
      at: prefix.appendingPathComponent("share/man"), withIntermediateDirectories: true)
    try Data("mine".utf8).write(to: prefix.appendingPathComponent("share/man/keep.txt"))
    let before = try Self.listing(prefix)

    let install = try await Self.script("install", ["--prefix", prefix.path], stage: stage)
    #expect(install.status == 0, "\(install.stdout)\(install.stderr)")
    let bin = prefix.appendingPathComponent("bin")
    let version = try await ProcessRunner.run(bin.appendingPathComponent("imgcache"), ["--version"])
    let browserVersion = try await ProcessRunner.run(bin.appendingPathComponent("artist-browser"), ["--version"])
    #expect(version.status == 0 && version.stdout == browserVersion.stdout)
    let browserHelp = try await ProcessRunner.run(bin.appendingPathComponent("artist-browser"), ["--help"])
    #expect(browserHelp.stdout.contains("USAGE: artist-browser"))
    for file in [
      "share/bash-completion/completions/imgcache", "share/zsh/site-functions/_artist-browser",
      "share/fish/vendor_completions.d/imgcache.fish", "share/doc/imgcache/nginx-shared-cache.conf",
      "share/imgcache/install-manifest",
    ] {
      #expect(FileManager.default.fileExists(atPath: prefix.appendingPathComponent(file).path), "\(file)")
    }

    let uninstall = try await Self.script("uninstall", ["--prefix", prefix.path], stage: stage)
    #expect(uninstall.status == 0, "\(uninstall.stderr)")
    #expect(try Self.listing(prefix) == before)
    let again = try await Self.script("uninstall", ["--prefix", prefix.path], stage: stage)
    #expect(again.status == 1 && again.stderr.contains("nothing installed"))
  }

  @Test func aPrefixTheInstallMadeIsRemovedByTheUninstall() async throws {
    let work = try BrowserProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: work) }
    let stage = try await Self.stage(in: work)
    let prefix = work.appendingPathComponent("new-prefix")

    let install = try await Self.script("install", ["--prefix", prefix.path], stage: stage)
    #expect(install.status == 0, "\(install.stdout)\(install.stderr)")
    let uninstall = try await Self.script("uninstall", ["--prefix", prefix.path], stage: stage)
    #expect(uninstall.status == 0, "\(uninstall.stderr)")
    #expect(!FileManager.default.fileExists(atPath: prefix.path))
  }

  @Test func aBadArgumentIsOneLineAndExit2() async throws {
    let output = try await Self.script("install", ["--prefixx", "/tmp"], stage: nil)
    #expect(output.status == 2)
    #expect(output.stderr == "install: unknown argument \"--prefixx\"; usage: scripts/install [--prefix DIR]\n")
  }

  /// What `scripts/stage` lays out, from the debug build: the binary (linked, not copied: the tests need its
  /// behaviour, not its bytes), its second name, the completion scripts it writes and the nginx example.
  static func stage(in work: URL) async throws -> URL {
    let stage = work.appendingPathComponent("stage")
    let manager = FileManager.default
    for folder in [
      "bin", "share/bash-completion/completions", "share/zsh/site-functions", "share/fish/vendor_completions.d",
      "share/doc/imgcache",
    ] {
      try manager.createDirectory(at: stage.appendingPathComponent(folder), withIntermediateDirectories: true)
    }
    let bin = stage.appendingPathComponent("bin")
    try manager.createSymbolicLink(
      atPath: bin.appendingPathComponent("imgcache").path,
      withDestinationPath: ProcessRunner.executable("imgcache").path)
    try manager.createSymbolicLink(
      atPath: bin.appendingPathComponent("artist-browser").path, withDestinationPath: "imgcache")
    for (shell, folder, file) in [
      ("bash", "share/bash-completion/completions", "imgcache"), ("zsh", "share/zsh/site-functions", "_artist-browser"),
      ("fish", "share/fish/vendor_completions.d", "imgcache.fish"),
    ] {
      let script = try await ProcessRunner.run("imgcache", ["--generate-completion-script", shell])
      try Data(script.stdout.utf8).write(to: stage.appendingPathComponent("\(folder)/\(file)"))
    }
    try manager.copyItem(
      at: PackageRoot.url.appendingPathComponent("deploy/nginx-shared-cache.conf"),
      to: stage.appendingPathComponent("share/doc/imgcache/nginx-shared-cache.conf"))
    return stage
  }

  static func script(_ name: String, _ arguments: [String], stage: URL?) async throws -> ProcessRunner.Output {
    try await ProcessRunner.run(
      PackageRoot.url.appendingPathComponent("scripts/\(name)"), arguments,
      environment: stage.map { ["IMGCACHE_STAGE": $0.path] } ?? [:])
  }

  /// Every path under `folder`, relative, sorted, with a file's contents so a changed file shows too.
  static func listing(_ folder: URL) throws -> [String] {
    let paths = try FileManager.default.subpathsOfDirectory(atPath: folder.path).sorted()
    return try paths.map { path in
      let url = folder.appendingPathComponent(path)
      let values = try url.resourceValues(forKeys: [.isDirectoryKey])
      return values.isDirectory == true
        ? path + "/" : path + ": " + String(decoding: try Data(contentsOf: url), as: UTF8.self)
    }
  }
}
