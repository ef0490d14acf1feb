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
    let stdout = (process.standardOutput as! Pipe).fileHandleForReading.readDataToEndOfFile()
    let stderr = (process.standardError as! Pipe).fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Output(
      status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
      stderr: String(decoding: stderr, as: UTF8.self))
  }

  /// Starts without waiting, for tests that signal or kill the process.
  public static func start(
    _ name: String, _ arguments: [String], environment: [String: String] = [:], stdin: String? = nil
  ) throws -> Process {
    try start(executable(name), arguments, environment: environment, stdin: stdin)
  }

  private static func start(
    _ executable: URL, _ arguments: [String], in folder: URL? = nil, environment: [String: String],
    stdin: String?
  ) throws -> Process {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    if let folder { process.currentDirectoryURL = folder }
    var env = ProcessInfo.processInfo.environment
    env.merge(environment) { $1 }
    process.environment = env
    process.standardOutput = Pipe()
    process.standardError = Pipe()
    if let stdin {
      let pipe = Pipe()
      process.standardInput = pipe
      try process.run()
      pipe.fileHandleForWriting.write(Data(stdin.utf8))
      try pipe.fileHandleForWriting.close()
    } else {
      process.standardInput = FileHandle.nullDevice
      try process.run()
    }
    return process
  }
}
