@_spi(Benchmarks) import ArtistBrowser
import BlockArt
import DemoCatalog
import Foundation
import Glibc
import TerminalUI
import ToolOptions

/// A cursor move on the chart, whole and in-process: the browser's own session (the demo catalog, thumbnails
/// on, the real scenes, renderer and terminal code) runs on a pseudo-terminal this process holds the other end
/// of. Each move writes `j` or `k` there, as a keyboard would, and times until the first byte of the frame it
/// causes arrives (the session draws the moved cursor and the pane's picture in one frame, one write), and until
/// the last byte of what follows (the pane's facts, which come from the demo server; the end: no further byte for
/// `quiet`). Moving between the first two rows keeps every picture in memory, the case the 16 ms budget
/// is for.
enum CursorMove {
  static let quiet = Duration.milliseconds(80)

  /// What is moved through, and by which keys (the keys repeat in turn).
  struct Scenario {
    var name = "cursor move on the chart"
    var wall = false
    var keys: [UInt8] = [UInt8(ascii: "j"), UInt8(ascii: "k")]
    var entry = EntryScene.topArtists
    /// Sent before the timed keys, each let settle: the visits that fill the metadata cache.
    var warmUp: [UInt8] = []
    /// What the timed keys find in memory and in the caches.
    var state = "pictures in memory"

    /// A demo listener's page: `Tab` through the five lists, or `p` through the six periods of the top artists,
    /// each once untimed first so every later one comes from the metadata cache.
    static func listener(periods: Bool) -> Scenario {
      let tab = UInt8(ascii: "\t")
      let period = UInt8(ascii: "p")
      return Scenario(
        name: periods ? "listener: the next period of the top artists (p)" : "listener: the next list (Tab)",
        keys: [periods ? period : tab], entry: .listener("nightjar_radio"),
        warmUp: periods ? [tab] + Array(repeating: period, count: 6) : Array(repeating: tab, count: 5),
        state: "lists in the metadata cache")
    }

    /// The chart as a wall: `l`/`h` between the first two tiles (every picture in memory); or `j` down the
    /// rows, each move past the third scrolling the wall by a row of tiles (whose covers were prefetched).
    static func wall(scrolling: Bool) -> Scenario {
      scrolling
        ? Scenario(name: "wall scrolled by a row of tiles (j)", wall: true, keys: [UInt8(ascii: "j")])
        : Scenario(name: "cursor move on the wall", wall: true, keys: [UInt8(ascii: "l"), UInt8(ascii: "h")])
    }
  }

  static func run(
    cacheDirectory: String, columns: Int, rows: Int, moves: Int, scenario: Scenario = Scenario()
  ) -> Never {
    var master: Int32 = 0
    var replica: Int32 = 0
    var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
    guard openpty(&master, &replica, nil, nil, &size) == 0 else { fail("openpty: \(String(cString: strerror(errno)))") }
    let (keyboard, screen) = (master, replica)
    Task { @MainActor in
      var options = BrowserOptions()
      options.showsThumbnails = true
      options.showsWall = scenario.wall
      options.entry = scenario.entry
      options.lastFM.forcesDemo = true
      options.colorMode = .trueColor
      options.cache.cacheDirectory = cacheDirectory
      do {
        let environment = try await BrowserEnvironment.make(
          options: options, environment: ProcessInfo.processInfo.environment, outputIsTerminal: true)
        let app = BrowserApp(environment: environment, interactive: true)
        Thread.detachNewThread {
          measure(master: keyboard, moves: moves, columns: columns, rows: rows, scenario: scenario)
          exit(0)
        }
        try await app.runInteractive(terminal: Terminal(input: screen, output: screen))
      } catch {
        fail("\(error)")
      }
    }
    dispatchMain()
  }

  private static func measure(master: Int32, moves: Int, columns: Int, rows: Int, scenario: Scenario) {
    let clock = ContinuousClock()
    // The first screen: the chart and its thumbnails (downloaded from the demo server on a first run).
    guard arrivals(from: master, after: clock.now, quietFor: .seconds(1)) != nil else {
      fail("the browser drew nothing within the deadline")
    }
    for key in scenario.warmUp {
      let sent = clock.now
      guard write(master, [key], 1) == 1, arrivals(from: master, after: sent, quietFor: .milliseconds(300)) != nil
      else { fail("no frame after a warm-up key") }
    }
    var firstBytes: [Double] = []
    var lastBytes: [Double] = []
    for move in 0..<moves {
      let key = [scenario.keys[move % scenario.keys.count]]
      let sent = clock.now
      guard write(master, key, 1) == 1 else { fail("cannot write the key") }
      guard let (first, last) = arrivals(from: master, after: sent, quietFor: quiet) else {
        fail("no frame after a key")
      }
      firstBytes.append(Double((first - sent) / .nanoseconds(1)))
      lastBytes.append(Double((last - sent) / .nanoseconds(1)))
    }
    let name = "\(scenario.name), \(columns)x\(rows), \(scenario.state)"
    print(Measurement(name: "\(name): key in, first byte of the frame out", nanosecondsPerOperation: firstBytes).line)
    print(
      Measurement(name: "\(name): key in, last byte out (later frames too)", nanosecondsPerOperation: lastBytes).line)
  }

  /// Reads everything that arrives until nothing more does for `quietFor`; returns when the first and the last
  /// byte came, or nil when nothing came within five seconds.
  private static func arrivals(
    from descriptor: Int32, after start: ContinuousClock.Instant, quietFor: Duration
  ) -> (first: ContinuousClock.Instant, last: ContinuousClock.Instant)? {
    let clock = ContinuousClock()
    var first: ContinuousClock.Instant?
    var last: ContinuousClock.Instant?
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    let deadline = start + .seconds(5)
    while true {
      let wait = last == nil ? deadline - clock.now : quietFor
      var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      let ready = poll(&poller, 1, Int32(max(0, wait / .milliseconds(1))))
      if ready < 0 && errno == EINTR { continue }
      guard ready > 0, read(descriptor, &buffer, buffer.count) > 0 else { break }
      last = clock.now
      if first == nil { first = last }
    }
    guard let first, let last else { return nil }
    return (first, last)
  }

  private static func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("imgcache-bench cursor: \(message)\n".utf8))
    exit(1)
  }
}

/// The covers the chart's first screen shows (each artist's top album, 174 px), as PNG files: what `chafa`
/// draws as the peer of the browser's first screen.
enum ChartCovers {
  static func write(to directory: String, count: Int) throws {
    let catalog = DemoCatalog()
    try write((0..<count).map { catalog.artist(at: $0).albums[0] }, of: catalog, to: directory)
  }

  /// The first chart artist's album covers (the wall of their albums, up to `count`), and the artist's name on
  /// stdout for `artist-browser --artist`.
  static func writeArtistAlbums(to directory: String, count: Int) throws {
    let catalog = DemoCatalog()
    let artist = catalog.artist(at: 0)
    try write(Array(artist.albums.prefix(count)), of: catalog, to: directory)
    print(artist.name)
  }

  private static func write(_ albums: [DemoAlbum], of catalog: DemoCatalog, to directory: String) throws {
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let covers = CoverStore(catalog: catalog)
    for (place, album) in albums.enumerated() {
      guard let image = try covers.image(id: album.coverID, size: .large) else { continue }
      let name = String(format: "cover-%02d.png", place + 1)
      try Data(image.png).write(to: URL(fileURLWithPath: directory).appendingPathComponent(name))
    }
  }
}

/// What the demo catalog costs a start: making it (outlines only), the chart's first page of 50 artists invented,
/// and the whole catalog for scale.
enum CatalogCost {
  static func run() {
    print(
      measure("demo catalog: DemoCatalog() (outlines of 240 artists)", batches: 21, operations: 1) { _ = DemoCatalog() }
        .line)
    print(
      measure("demo catalog: a new one and its first chart page (50 artists invented)", operations: 1) {
        _ = DemoCatalog().artists(in: 0..<50)
      }.line)
    print(
      measure("demo catalog: a new one, every artist invented", batches: 11, operations: 1) {
        _ = DemoCatalog().artists
      }.line)
  }
}
