import Foundation
import Glibc
import TestSupport

/// A pseudo-terminal of a given size for running a full-screen tool as if in a terminal window: the tool gets the
/// replica end as stdin, stdout and stderr; the test reads everything the tool writes from the master end.
final class PseudoTerminal {
  let master: Int32
  let replica: Int32
  private(set) var output: [UInt8] = []

  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  init(columns: Int, rows: Int) throws {
    var master: Int32 = -1
    var replica: Int32 = -1
    var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
    guard openpty(&master, &replica, nil, nil, &size) == 0 else {
      throw Failure(description: "openpty: \(String(cString: strerror(errno)))")
    }
    _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
    self.master = master
    self.replica = replica
  }

  deinit {
    close(master)
    closeReplica()
  }

  private var replicaClosed = false

  /// After the tool started: the test keeps no end of the replica, so reading ends when the tool's ends close.
  func closeReplica() {
    guard !replicaClosed else { return }
    replicaClosed = true
    close(replica)
  }

  /// Starts `executable` on the replica end.
  func start(_ executable: URL, _ arguments: [String], environment: [String: String]) throws -> ChildProcess {
    let process = try ChildProcess(
      executable, arguments, environment: ProcessInfo.processInfo.environment.merging(environment) { $1 },
      stdin: .descriptor(replica), stdout: .descriptor(replica), stderr: .descriptor(replica))
    closeReplica()
    return process
  }

  /// Appends whatever the tool has written since the last call to `output`, without waiting.
  func readAvailable() {
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = read(master, &buffer, buffer.count)
      guard count > 0 else { return }
      output += buffer[0..<count]
    }
  }
}
