import ArgumentParser
import ArtistBrowser
import ToolOptions

/// `imgcache`: the command-line face of the ImageCache library.
public struct ImgCacheCommand: AsyncParsableCommand {
  public static let configuration = CommandConfiguration(
    commandName: "imgcache",
    abstract: "A two-tier image cache for thumbnails: fetch, warm, inspect and maintain it.",
    version: ToolVersion.text,
    // Every command names itself: otherwise ArgumentParser derives each name with `String(describing:)` of its
    // type, whose protocol-conformance lookups were ~1.3 ms of every start-up.
    subcommands: [
      Warm.self, Get.self, Show.self, Stats.self, List.self, Trim.self, Clear.self, Verify.self,
      DemoServerCommand.self, BrowseCommand.self, Doctor.self,
    ])

  public init() {}
}
