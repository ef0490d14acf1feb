import ArgumentParser
import DemoCatalog
import Foundation
import LastFM
import Testing
import ToolOptions

@_spi(Benchmarks) @testable import ArtistBrowser

/// The browser's side of the catalog rule; the rule itself is tested in ToolOptionsTests (CatalogChoiceRuleTests).
@Suite struct BrowserCatalogChoiceTests {
  @Test func withoutAKeyTheDemoCatalogIsChosenAndSaysWhy() throws {
    let choice = try BrowserOptions().catalogChoice(environment: [:])
    #expect(choice == .demo(.noAPIKey))
    #expect(choice.notice == "demo catalog (no LASTFM_API_KEY set)")
  }

  @Test func theOptionsReachTheRule() throws {
    var options = BrowserOptions()
    options.lastFM.apiKey = " fromflag "
    #expect(try options.catalogChoice(environment: [:]) == .lastFM(baseURL: LastFMConfiguration.defaultBaseURL))
    #expect(options.resolvedAPIKey(environment: ["LASTFM_API_KEY": "fromenv"]) == "fromflag")
    options.lastFM.apiBase = "http://127.0.0.1:9000/2.0/"
    #expect(try options.catalogChoice(environment: [:]) == .lastFM(baseURL: URL(string: "http://127.0.0.1:9000/2.0/")!))
    options.lastFM.forcesDemo = true
    #expect(try options.catalogChoice(environment: [:]) == .demo(.requested))
  }

  @Test func anUnusableAPIBaseIsABrowserFailureNamingItsSource() {
    #expect(
      throws: BrowserFailure(
        "LASTFM_API_BASE: file:///etc/passwd is not an http(s) URL; give a Last.fm-compatible API base such as "
          + "https://ws.audioscrobbler.com/2.0/, or leave it unset")
    ) {
      try BrowserOptions().catalogChoice(environment: ["LASTFM_API_BASE": "file:///etc/passwd"])
    }
  }
}

@Suite struct CacheDirectoryPrecedenceTests {
  @Test func optionThenIMGCACHE_DIRThenXDGThenHome() {
    var options = BrowserOptions()
    let all = ["IMGCACHE_DIR": "/env/dir", "XDG_CACHE_HOME": "/xdg", "HOME": "/home/u"]
    #expect(options.resolvedCacheDirectory(environment: all).path == "/env/dir")
    #expect(
      options.resolvedCacheDirectory(environment: ["XDG_CACHE_HOME": "/xdg", "HOME": "/home/u"]).path
        == "/xdg/imgcache")
    #expect(options.resolvedCacheDirectory(environment: ["HOME": "/home/u"]).path == "/home/u/.cache/imgcache")
    options.cache.cacheDirectory = "/flag/dir"
    #expect(options.resolvedCacheDirectory(environment: all).path == "/flag/dir")
  }
}

@Suite struct InteractivityTests {
  @Test func fullScreenOnlyWithTwoTerminalsAndNoTextOutput() {
    var options = BrowserOptions()
    #expect(options.runsInteractively(stdinIsTerminal: true, stdoutIsTerminal: true))
    #expect(!options.runsInteractively(stdinIsTerminal: true, stdoutIsTerminal: false))
    #expect(!options.runsInteractively(stdinIsTerminal: false, stdoutIsTerminal: true))
    options.output = .plain
    #expect(!options.runsInteractively(stdinIsTerminal: true, stdoutIsTerminal: true))
    options.output = .json
    #expect(!options.runsInteractively(stdinIsTerminal: true, stdoutIsTerminal: true))
  }

  @Test func forcedColourWinsOverTheEnvironment() {
    var options = BrowserOptions()
    #expect(options.resolvedColorMode(environment: ["COLORTERM": "truecolor"], isTerminal: true) == .trueColor)
    options.colorMode = .xterm256
    #expect(options.resolvedColorMode(environment: ["COLORTERM": "truecolor"], isTerminal: true) == .xterm256)
  }
}

@Suite struct BrowserCommandParsingTests {
  private func options(_ arguments: [String], environment: [String: String] = [:]) throws -> BrowserOptions {
    try BrowserCommand.parse(arguments).options(environment: environment)
  }

  @Test func noArgumentsOpenTheChartFullScreen() throws {
    let parsed = try options([])
    #expect(parsed.entry == .topArtists)
    #expect(parsed.output == .automatic)
    #expect(!parsed.showsThumbnails)
  }

  @Test func historyOpensTheListenersHistoryAndNeedsAUser() throws {
    let parsed = try options(["--user", " archive_owl ", "--history", "--archive-dir", "/data/h"])
    #expect(parsed.entry == .history("archive_owl"))
    #expect(parsed.archiveDirectory == "/data/h")
    #expect(throws: (any Error).self) { try options(["--history"]) }
    #expect(throws: (any Error).self) { try options(["--history", "--tag", "pop"]) }
  }

  @Test func everyOptionLandsInTheOptions() throws {
    let parsed = try options([
      "--thumbs", "--plain", "--artist", "Cher", "--limit", "5", "--color", "256", "--api-key", "k",
      "--api-base", "http://127.0.0.1:1/2.0/", "--demo", "--offline", "--refresh", "--cache-dir", "/tmp/c", "-vv",
    ])
    #expect(parsed.entry == .artist("Cher"))
    #expect(parsed.output == .plain)
    #expect(parsed.showsThumbnails)
    #expect(parsed.limit == 5)
    #expect(parsed.colorMode == .xterm256)
    #expect(parsed.lastFM.apiKey == "k")
    #expect(parsed.lastFM.apiBase == "http://127.0.0.1:1/2.0/")
    #expect(parsed.lastFM.forcesDemo && parsed.lastFM.offline && parsed.lastFM.refresh)
    #expect(parsed.cache.cacheDirectory == "/tmp/c")
    #expect(parsed.verbosity == 2)
  }

  @Test func theSharedCacheComesFromTheOptionThenTheEnvironment() throws {
    let parsed = try options(["--shared-cache", "http://cache.test:8080"])
    #expect(parsed.cache.sharedCache == "http://cache.test:8080")
    let environment = ["IMGCACHE_SHARED_CACHE": "https://env.test"]
    #expect(
      try parsed.imageConfiguration(environment: environment).sharedCache == URL(string: "http://cache.test:8080"))
    #expect(try options([]).imageConfiguration(environment: environment).sharedCache == URL(string: "https://env.test"))
    #expect(try options([]).imageConfiguration(environment: [:]).sharedCache == nil)
    #expect(throws: (any Error).self) { try options(["--shared-cache", "ftp://cache.test"]) }
    #expect(
      throws: BrowserFailure(
        "IMGCACHE_SHARED_CACHE: not an http or https URL; give http(s)://HOST[:PORT][/PATH], e.g. "
          + "http://imgcache.internal:8080")
    ) {
      try options([]).imageConfiguration(environment: ["IMGCACHE_SHARED_CACHE": "cache.test"]).sharedCache
    }
  }

  @Test func albumSplitsAtTheFirstSpacedSlashElseTheFirstSlash() throws {
    #expect(
      try options(["--album", "Radiohead/OK Computer"]).entry == .album(artist: "Radiohead", album: "OK Computer"))
    #expect(try options(["--album", "AC/DC / Back in Black"]).entry == .album(artist: "AC/DC", album: "Back in Black"))
    #expect(throws: (any Error).self) { try options(["--album", "Radiohead"]) }
    #expect(throws: (any Error).self) { try options(["--album", "/OK Computer"]) }
  }

  @Test func entriesSearchAndSimilar() throws {
    #expect(try options(["--search", "bjo"]).entry == .search("bjo"))
    #expect(try options(["--similar", "Cher"]).entry == .similar("Cher"))
    #expect(try options(["--json"]).output == .json)
  }

  @Test func symbolsAreASetOrAutoDetectedFromTheEnvironment() throws {
    #expect(try options(["--symbols", "quad"]).symbols == .quad)
    #expect(try options(["--symbols", "SEXTANT"]).symbols == .sextant)
    // `auto` goes through the same parser as `imgcache show --symbols`, which works it out from the environment
    #expect(try options(["--symbols", "auto"], environment: ["TERM": "xterm-kitty"]).symbols == .sextant)
    #expect(try options(["--symbols", "AUTO"], environment: ["TERM": "xterm-256color"]).symbols == .half)
    // Without the option, the session's environment decides
    let unset = try options([])
    #expect(unset.symbols == nil)
    #expect(unset.resolvedSymbols(environment: ["TERM": "xterm-kitty"]) == .sextant)
    #expect(unset.resolvedSymbols(environment: ["TERM": "xterm-256color"]) == .half)
    #expect(try options(["--symbols", "half"]).resolvedSymbols(environment: ["TERM": "xterm-kitty"]) == .half)
    #expect(throws: (any Error).self) { try options(["--symbols", "braille"]) }
  }

  @Test func graphicsComeFromTheOptionThenTheEnvironmentThenAuto() throws {
    #expect(try options(["--graphics", "KITTY"]).graphics == .kitty)
    #expect(throws: (any Error).self) { try options(["--graphics", "braille"]) }
    let unset = try options([])
    #expect(try unset.resolvedGraphics(environment: [:]) == .auto)
    #expect(try unset.resolvedGraphics(environment: ["IMGCACHE_GRAPHICS": ""]) == .auto)
    #expect(try unset.resolvedGraphics(environment: ["IMGCACHE_GRAPHICS": "Sixel"]) == .sixel)
    #expect(try options(["--graphics", "none"]).resolvedGraphics(environment: ["IMGCACHE_GRAPHICS": "sixel"]) == .none)
    #expect(
      throws: BrowserFailure(
        "IMGCACHE_GRAPHICS: expected one of auto, kitty, iterm, sixel, blocks, none, got \"braille\"")
    ) {
      try unset.resolvedGraphics(environment: ["IMGCACHE_GRAPHICS": "braille"])
    }
  }

  @Test func contradictionsAreUsageErrors() {
    #expect(throws: (any Error).self) { try options(["--plain", "--json"]) }
    #expect(throws: (any Error).self) { try options(["--artist", "a", "--search", "b"]) }
    #expect(throws: (any Error).self) { try options(["--limit", "0"]) }
    #expect(throws: (any Error).self) { try options(["--color", "rainbow"]) }
  }

  @Test func theKeyNeverShowsInDescriptions() throws {
    let command = try BrowserCommand.parse(["--api-key", "s3cr3tkey"])
    let parsed = try command.options()
    for text in [parsed.description, parsed.debugDescription, String(describing: parsed), "\(command)"] {
      #expect(!text.contains("s3cr3tkey"))
    }
    var dumped = ""
    dump(parsed, to: &dumped)
    #expect(!dumped.contains("s3cr3tkey"))
    #expect(parsed.description.contains("<redacted>"))
  }
}
