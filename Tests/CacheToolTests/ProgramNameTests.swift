import ArtistBrowser
import Testing

@testable import CacheTool

/// `argv[0]` picks the command: the browser under its second name, `imgcache` under any other.
@Suite struct ProgramNameTests {
  @Test(arguments: ["artist-browser", "/usr/bin/artist-browser", ".build/debug/artist-browser"])
  func theSecondNameRunsTheBrowser(path: String) {
    #expect(ObjectIdentifier(ProgramName.command(forPath: path)) == ObjectIdentifier(BrowserCommand.self))
  }

  @Test(arguments: ["imgcache", "/usr/local/bin/imgcache", "./imgcache", "artist-browser-old", "/opt/artist-browser/x"])
  func anyOtherNameRunsImgcache(path: String) {
    #expect(ObjectIdentifier(ProgramName.command(forPath: path)) == ObjectIdentifier(ImgCacheCommand.self))
  }

  @Test func browseIsASubcommandOfImgcache() {
    #expect(
      ImgCacheCommand.configuration.subcommands.contains {
        ObjectIdentifier($0) == ObjectIdentifier(BrowseCommand.self)
      })
  }
}
