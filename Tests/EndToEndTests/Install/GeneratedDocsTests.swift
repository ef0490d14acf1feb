import Foundation
import TestSupport
import Testing

/// The completion scripts and man pages come from the argument definitions, so they name every subcommand and
/// every option `--help` shows; checked here against the binary's own definitions.
@Suite(
  .enabled(if: BrowserProcess.isBuilt, "needs the built binary: run `swift build` first"), .timeLimit(.minutes(20)))
struct GeneratedDocsTests {
  static let toolNames = ["imgcache", "artist-browser"]

  @Test(arguments: toolNames, ["bash", "zsh", "fish"])
  func everyCompletionScriptNamesEverySubcommandAndOption(tool: String, shell: String) async throws {
    let definitions = try await ArgumentDefinitions(toolName: tool)
    let output = try await ProcessRunner.run(tool, ["--generate-completion-script", shell])
    #expect(output.status == 0, "\(output.stderr)")
    let script = output.stdout
    for command in definitions.commands {
      for subcommand in command.subcommands {
        #expect(script.contains(subcommand), "\(shell) completion of \(tool) lacks \(subcommand)")
      }
      for option in command.longOptions {
        // fish names a long option `-l NAME`; bash and zsh `--NAME`.
        let named =
          shell == "fish"
          ? script.contains("-l '\(option)'") || script.contains("-l \(option)") : script.contains("--\(option)")
        #expect(named, "\(shell) completion of \(command.path.joined(separator: " ")) lacks --\(option)")
      }
    }
  }

  /// `scripts/stage` (run by `scripts/install` and `scripts/package`, and in CI) lays the pages out; this checks the
  /// tree it left in `IMGCACHE_STAGE`, else `.build/stage`.
  static var manFolder: URL { stageFolder.appendingPathComponent("share/man/man1") }

  @Test(
    .enabled(
      if: FileManager.default.fileExists(atPath: manFolder.path),
      "no man pages in .build/stage: run scripts/stage (or set IMGCACHE_STAGE) first"))
  func thereIsAManPagePerToolAndSubcommandNamingEveryOption() async throws {
    let man = Self.manFolder
    for tool in Self.toolNames {
      for command in try await ArgumentDefinitions(toolName: tool).commands {
        let page = man.appendingPathComponent(command.path.joined(separator: ".") + ".1.gz")
        let text = try await ProcessRunner.run(URL(fileURLWithPath: "/bin/gzip"), ["-dc", page.path])
        #expect(text.status == 0, "\(page.lastPathComponent) is missing: \(text.stderr)")
        for option in command.longOptions {
          // mdoc writes `--cache-dir` as `Fl -cache-dir`; a second name of an option follows a comma (`Fl v , -verbose`).
          let named = text.stdout.contains("Fl -\(option)") || text.stdout.contains(", -\(option)")
          #expect(named, "\(page.lastPathComponent) lacks --\(option)")
        }
        for subcommand in command.subcommands {
          #expect(text.stdout.contains(subcommand), "\(page.lastPathComponent) lacks \(subcommand)")
        }
      }
    }
  }

  static var stageFolder: URL {
    if let stage = ProcessInfo.processInfo.environment["IMGCACHE_STAGE"] { return URL(fileURLWithPath: stage) }
    return PackageRoot.url.appendingPathComponent(".build/stage")
  }
}

enum PackageRoot {
  /// This file is Tests/EndToEndTests/Install/GeneratedDocsTests.swift.
  static let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
}
