import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The way every test starts a tool. Foundation's `Process.run()` crashed the whole test process once about 1,360
/// descriptors were open; these tests start children with more than that open and check what the children get.
@Suite struct ChildProcessTests {
  /// How many more descriptors this process may open before its soft limit.
  static var headroom: Int {
    var limit = rlimit()
    getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
    let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? 0
    return Int(limit.rlim_cur) - open
  }

  @Test(.enabled(if: headroom > 1_700, "needs room for 1,600 more open descriptors (ulimit -n)"))
  func withSixteenHundredDescriptorsOpenAChildStartsAndInheritsOnlyItsThreeStreams() async throws {
    // Given
    let extra = (0..<1_600).map { _ in open("/dev/null", O_RDONLY) }  // not close-on-exec on purpose
    defer { extra.filter { $0 >= 0 }.forEach { close($0) } }
    try #require(!extra.contains(-1))

    // When: ls lists its own descriptors (0, 1, 2 and the one it reads the folder with)
    let results = try await (0..<20).asyncMap { _ in
      try await ProcessRunner.run(URL(fileURLWithPath: "/bin/ls"), ["/proc/self/fd"])
    }

    // Then
    for result in results {
      #expect(result.status == 0, "\(result.stderr)")
      let descriptors = Set(result.stdout.split(separator: "\n").compactMap { Int($0) })
      let inherited = descriptors.subtracting([0, 1, 2, 3]).sorted()
      #expect(inherited.isEmpty, "\(inherited.count) descriptors inherited, from \(inherited.prefix(5))")
    }
  }

  @Test func exitStatusesAndSignalsReadAsFoundationsProcessReadThem() async throws {
    let exited = try ChildProcess(URL(fileURLWithPath: "/bin/sh"), ["-c", "exit 7"])
    await exited.ended()
    #expect(exited.terminationStatus == 7)
    #expect(exited.terminationReason == .exit)

    let killed = try ChildProcess(URL(fileURLWithPath: "/bin/sleep"), ["60"])
    #expect(killed.isRunning)
    killed.terminate()
    await killed.ended()
    #expect(killed.terminationStatus == SIGTERM)
    #expect(killed.terminationReason == .uncaughtSignal)
  }

  @Test func standardInputReachesTheChildAndBothOutputsComeBackWhole() async throws {
    // More than a pipe holds on each stream, so reading one to its end before the other would stall.
    let script = "cat; head -c 200000 /dev/zero | tr '\\0' e >&2; head -c 200000 /dev/zero | tr '\\0' o"
    let result = try await ProcessRunner.run(URL(fileURLWithPath: "/bin/sh"), ["-c", script], stdin: "typed\n")
    #expect(result.status == 0)
    #expect(result.stdout.hasPrefix("typed\n"))
    #expect(result.stdout.count == 6 + 200_000)
    #expect(result.stderr.count == 200_000)
  }

  @Test func aChildStartsWithDefaultSignalHandlingEvenWhenTheTestsIgnoreSIGPIPE() async throws {
    // Given: the test process ignores SIGPIPE (several suites set it); a shell would not pass that on.
    _ = signal(SIGPIPE, SIG_IGN)

    // When
    let result = try await ProcessRunner.run(URL(fileURLWithPath: "/bin/sh"), ["-c", "grep SigIgn /proc/self/status"])

    // Then: bit 13 (SIGPIPE) is not in the ignored set
    let mask = result.stdout.split(separator: "\t").last.flatMap {
      UInt64($0.trimmingCharacters(in: .whitespacesAndNewlines), radix: 16)
    }
    let ignored = try #require(mask)
    #expect(ignored & (1 << (UInt64(SIGPIPE) - 1)) == 0, "ignored signals: \(String(ignored, radix: 16))")
  }
}
