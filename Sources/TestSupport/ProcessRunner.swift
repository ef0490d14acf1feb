import Foundation

/// Runs the package's built executables the way a user would, for end-to-end tests.
public enum ProcessRunner {
  public struct Output: Sendable {
    public var status: Int32
    public var stdout: String
    public var stderr: String
  }

  /// Where the tools were built: beside the test binary, which `swift build` put in the same folder as the products
  /// (`.build/debug`, `--scratch-path DIR`, `-c release` alike). `IMGCACHE_BIN_DIR` overrides it.
  public static let binDirectory: URL = {
    if let override = ProcessInfo.processInfo.environment["IMGCACHE_BIN_DIR"] {
      return URL(fileURLWithPath: override)
    }
    return testBinary.deletingLastPathComponent()
  }()

  /// This process's executable (the `…PackageTests.xctest` test runner), symbolic links resolved.
  private static var testBinary: URL {
    let linked = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
    return URL(fileURLWithPath: linked ?? CommandLine.arguments[0]).standardizedFileURL
  }

  public static func executable(_ name: String) -> URL {
    if name == secondName { _ = secondNameLinked }
    return binDirectory.appendingPathComponent(name)
  }

  /// `artist-browser` is a second name for `imgcache` (a symbolic link, as `scripts/install` makes it); `swift
  /// build` makes only `imgcache`, so the tests make the link, once, replacing whatever an older build left.
  private static let secondName = "artist-browser"
  private static let secondNameLinked: Void = {
    let link = binDirectory.appendingPathComponent(secondName).path
    guard (try? FileManager.default.destinationOfSymbolicLink(atPath: link)) != "imgcache",
      FileManager.default.fileExists(atPath: binDirectory.appendingPathComponent("imgcache").path)
    else { return }
    // Made beside it and renamed over it, so a test running the browser never sees no file at all.
    let temporary = link + ".\(getpid()).link"
    guard symlink("imgcache", temporary) == 0 else { return }
    if rename(temporary, link) != 0 { unlink(temporary) }
  }()

  /// Whether `swift build` has made `name` beside the tests; suites that run it are skipped, saying so, when not.
  public static func isBuilt(_ name: String) -> Bool {
    FileManager.default.isExecutableFile(atPath: executable(name).path)
  }

  /// Runs to completion, waiting off the cooperative pool. `environment` adds to (and overrides) this process's
  /// environment.
  public static func run(
    _ name: String, _ arguments: [String], environment: [String: String] = [:], stdin: String? = nil
  ) async throws -> Output {
    try await run(executable(name), arguments, environment: environment, stdin: stdin)
  }

  /// Runs any program (a system tool such as `openssl`) to completion, in `folder` if given.
  public static func run(
    _ executable: URL, _ arguments: [String], in folder: URL? = nil, environment: [String: String] = [:],
    stdin: String? = nil
  ) async throws -> Output {
    try await offThePool { try runBlocking(executable, arguments, in: folder, environment: environment, stdin: stdin) }
  }

  /// `run` for a thread that is not a task's (a server's, or one of `offThePool`'s).
  public static func runBlocking(
    _ executable: URL, _ arguments: [String], in folder: URL? = nil, environment: [String: String] = [:],
    stdin: String? = nil
  ) throws -> Output {
    let process = try start(executable, arguments, in: folder, environment: environment, stdin: stdin)
    let (stdout, stderr) = readBoth(process.output!, process.errorOutput!, of: process)
    process.waitUntilExit()
    return Output(
      status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
      stderr: String(decoding: stderr, as: UTF8.self))
  }

  /// Starts without waiting, for tests that signal or kill the process.
  public static func start(
    _ name: String, _ arguments: [String], environment: [String: String] = [:], stdin: String? = nil
  ) throws -> ChildProcess {
    try start(executable(name), arguments, environment: environment, stdin: stdin)
  }

  private static func start(
    _ executable: URL, _ arguments: [String], in folder: URL? = nil, environment: [String: String],
    stdin: String?
  ) throws -> ChildProcess {
    var env = ProcessInfo.processInfo.environment
    env.merge(environment) { $1 }
    let process = try ChildProcess(
      executable, arguments, environment: env, directory: folder, stdin: stdin == nil ? .null : .pipe,
      stdout: .pipe, stderr: .pipe)
    if let stdin, let input = process.input {
      // A child that exits without reading gets what fits; the rest is dropped (EPIPE), as a shell's pipe would.
      var bytes = Array(stdin.utf8)[...]
      while !bytes.isEmpty {
        let written = bytes.withUnsafeBytes { write(input.fileDescriptor, $0.baseAddress, $0.count) }
        if written < 0 && errno == EINTR { continue }
        guard written > 0 else { break }
        bytes = bytes.dropFirst(written)
      }
      try input.close()
    }
    return process
  }

  /// Reads two pipes to their ends at once, so a child that fills one while the other is read never stalls.
  /// Past `safetyTimeout`, a safety net against a hung binary and never a timing assertion, the child's process
  /// group (its own, see `ChildProcess`) is killed, which ends its output even when a grandchild held it open.
  private static func readBoth(
    _ first: FileHandle, _ second: FileHandle, of process: ChildProcess, safetyTimeout: Duration = hangTimeout
  ) -> (Data, Data) {
    let deadline = ContinuousClock.now + safetyTimeout
    var collected = [Data(), Data()]
    var fds = [first, second].map { pollfd(fd: $0.fileDescriptor, events: Int16(POLLIN), revents: 0) }
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while fds.contains(where: { $0.fd >= 0 }) {
      if ContinuousClock.now > deadline { kill(-process.processIdentifier, SIGKILL) }
      let ready = poll(&fds, 2, 1_000)
      if ready < 0 {
        if errno == EINTR { continue }
        break
      }
      for index in fds.indices where fds[index].fd >= 0 && fds[index].revents != 0 {
        let count = read(fds[index].fd, &buffer, buffer.count)
        if count > 0 {
          collected[index].append(contentsOf: buffer[0..<count])
        } else if count == 0 || errno != EINTR {
          fds[index].fd = -1  // poll skips negative descriptors
        }
      }
    }
    return (collected[0], collected[1])
  }
}
