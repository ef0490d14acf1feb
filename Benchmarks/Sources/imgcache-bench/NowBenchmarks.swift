@_spi(Benchmarks) import ArtistBrowser
import BlockArt
@_spi(Benchmarks) import DemoCatalog
import Foundation
import Glibc
import ImageCacheSupport
import Synchronization
import TerminalUI
import ToolOptions

/// Issue 39's Now figures against a demo server whose clock runs fast: each API request moves the listeners'
/// time on by `step` seconds (the default poll interval while something plays), so ten thousand polls cover a
/// day and more of `nightjar_radio`'s listening, its tracks and covers changing as they would. Requests still go
/// through the client's pacing (5 a second to a server that is not the embedded catalog).
enum NowBench {
  /// 25 Nov 2026, 12:00 UTC: `nightjar_radio` listens all day.
  static let start = 20_782 * 86_400 + 12 * 3600
  /// Polls before the first memory reading (a tenth of a short run): the caches, the connection and the first
  /// covers settle.
  static func warmUpPolls(of polls: Int) -> Int { min(500, polls / 10) }

  /// The API requests the server answered, and when the last one was answered.
  final class Requests: Sendable {
    let count = Atomic(0)
    let last = Mutex(ContinuousClock.now)
  }

  static func startServer(port: Int, step: Int, requests: Requests) async throws -> DemoServer {
    try await DemoServer.start(port: port) {
      let count = requests.count.add(1, ordering: .relaxed).newValue
      requests.last.withLock { $0 = .now }
      return start + count * step
    }
  }

  /// `now-server PORT STEP`: the fast-clock server for a whole `imgcache now --follow` (`Benchmarks/now`
  /// samples the follower's memory and CPU by the count); prints the count of API requests every 100.
  static func serve(port: Int, step: Int) -> Never {
    let requests = Requests()
    Task {
      do {
        let server = try await startServer(port: port, step: step, requests: requests)
        FileHandle.standardError.write(Data("now-server: \(server.baseURL.absoluteString)\n".utf8))
      } catch {
        fail("now-server: \(error)")
      }
    }
    Thread.detachNewThread {
      var reported = 0
      while true {
        Thread.sleep(forTimeInterval: 0.05)
        let count = requests.count.load(ordering: .relaxed)
        guard count / 100 > reported / 100 else { continue }
        reported = count
        FileHandle.standardOutput.write(Data("requests \(count)\n".utf8))
      }
    }
    dispatchMain()
  }

  /// `now-screen CACHE-DIR COLUMNS ROWS POLLS`: the browser's Now screen, whole and in-process, on a
  /// pseudo-terminal this process reads, drawing covers with the kitty protocol. Polls with no wait of its own
  /// (an `--interval` of 0, which only this entry can ask for), so the client's pacing alone spaces them. Each
  /// change of track is one frame (a poll with the same track writes nothing): timed from the server's answer to
  /// the frame's first byte (the text) and to the last byte that follows (the cover, when it changed). Resident
  /// memory is read after `warmUpPolls` polls and at the end.
  static func screen(cacheDirectory: String, columns: Int, rows: Int, polls: Int) -> Never {
    AllocatorPolicy.keepLargeBuffersOnTheirOwnPages()  // as the browser does at start
    var master: Int32 = 0
    var replica: Int32 = 0
    var size = winsize(
      ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: UInt16(columns * 10), ws_ypixel: UInt16(rows * 20))
    guard openpty(&master, &replica, nil, nil, &size) == 0 else { fail("openpty: \(String(cString: strerror(errno)))") }
    let (reader, screen) = (master, replica)
    let requests = Requests()
    Task { @MainActor in
      do {
        let server = try await startServer(port: 0, step: 10, requests: requests)
        var options = BrowserOptions()
        options.entry = .now("nightjar_radio", interval: 0)
        options.lastFM.apiBase = server.baseURL.absoluteString
        options.colorMode = .trueColor
        options.cache.cacheDirectory = cacheDirectory
        var variables = ProcessInfo.processInfo.environment
        variables["IMGCACHE_GRAPHICS"] = "kitty"
        for name in ["TMUX", "LASTFM_API_KEY", "LASTFM_API_BASE"] { variables[name] = nil }
        let environment = try await BrowserEnvironment.make(
          options: options, environment: variables, outputIsTerminal: true)
        let app = BrowserApp(environment: environment, interactive: true)
        Thread.detachNewThread {
          watch(reader, requests: requests, server: server, polls: polls, name: "\(columns)x\(rows)")
          exit(0)
        }
        try await app.runInteractive(terminal: Terminal(input: screen, output: screen))
      } catch {
        fail("now-screen: \(error)")
      }
    }
    dispatchMain()
  }

  private static func watch(_ descriptor: Int32, requests: Requests, server: DemoServer, polls: Int, name: String) {
    let clock = ContinuousClock()
    var firstBytes: [Double] = []
    var lastBytes: [Double] = []
    var transmissions = 0
    var warmResident: Int?
    var warmServerKB = 0
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    let warmUp = warmUpPolls(of: polls)
    let deadline = clock.now + .seconds(polls)  // 5 polls a second at most: a generous end
    let heapEvery = max(100, polls / 20)
    var heapReported = 0
    FileHandle.standardOutput.write(Data((HeapUsage.header + "\n").utf8))
    while requests.count.load(ordering: .relaxed) < polls, clock.now < deadline {
      let count = requests.count.load(ordering: .relaxed)
      if warmResident == nil, count >= warmUp {
        warmResident = ProcessUsage(pid: getpid())?.residentKB
        warmServerKB = server.keptBytes / 1024
      }
      if count / heapEvery > heapReported / heapEvery {
        heapReported = count
        let line = HeapUsage().line(polls: count) + ", \(server.keptBytes / 1024)\n"
        FileHandle.standardOutput.write(Data(line.utf8))
      }
      var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      guard poll(&poller, 1, 100) > 0 else { continue }
      // One change of track: everything written until the screen has been quiet for 100 ms (half a poll).
      let first = clock.now
      let answered = requests.last.withLock { $0 }
      var last = first
      var burst: [UInt8] = []
      repeat {
        let count = read(descriptor, &buffer, buffer.count)
        guard count > 0 else { break }
        burst += buffer[0..<count]
        last = clock.now
        poller.revents = 0
      } while poll(&poller, 1, 100) > 0
      transmissions += kittyTransmissions(in: burst)
      // The first screen and the bursts of the warm-up are not timed.
      guard warmResident != nil else { continue }
      firstBytes.append(Double((first - answered) / .nanoseconds(1)))
      lastBytes.append(Double((last - answered) / .nanoseconds(1)))
    }
    let endResident = ProcessUsage(pid: getpid())?.residentKB ?? 0
    let endServerKB = server.keptBytes / 1024
    print(HeapUsage().line(polls: requests.count.load(ordering: .relaxed)) + ", \(endServerKB)")
    let label = "Now screen, \(name), kitty, \(polls) polls"
    if firstBytes.isEmpty { fail("now-screen: no change of track was drawn after the warm-up") }
    print(
      Measurement(name: "\(label): answer in, first byte of the frame out", nanosecondsPerOperation: firstBytes).line)
    print(
      Measurement(name: "\(label): answer in, last byte out (the cover too)", nanosecondsPerOperation: lastBytes).line)
    print(
      "\(label): \(requests.count.load(ordering: .relaxed)) requests, \(firstBytes.count) changes drawn after the "
        + "warm-up, \(transmissions) kitty transmissions in all")
    print(
      "\(label): resident \(warmResident ?? 0) KB after \(warmUp) polls, \(endResident) KB at the end "
        + "(growth \(endResident - (warmResident ?? 0)) KB; of it, the test server's caches in this process: "
        + "\(endServerKB - warmServerKB) KB)")
  }

  /// Kitty commands that carry a picture (`a=t`, `a=T`); a transmission's later chunks name no action.
  static func kittyTransmissions(in bytes: [UInt8]) -> Int {
    String(decoding: bytes, as: UTF8.self).components(separatedBy: "\u{1B}_G").dropFirst().filter { command in
      command.prefix { $0 != ";" && $0 != "\u{1B}" }.split(separator: ",").contains { $0 == "a=T" || $0 == "a=t" }
    }.count
  }

  private static func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("imgcache-bench \(message)\n".utf8))
    exit(1)
  }
}

/// A process's resident memory and CPU time (user + system), from /proc.
struct ProcessUsage {
  var residentKB: Int
  var cpuSeconds: Double

  init?(pid: Int32) {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
      let kilobytes = Int(line.split(whereSeparator: { $0 == " " || $0 == "\t" })[1]),
      let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let close = stat.lastIndex(of: ")")
    else { return nil }
    // Fields after the command name: state is the 3rd of the whole line, utime the 14th, stime the 15th.
    let fields = stat[stat.index(after: close)...].split(separator: " ")
    guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
    residentKB = kilobytes
    cpuSeconds = (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
  }
}
