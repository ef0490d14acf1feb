import ImageCacheSupport

/// Asks the tmux server this process runs under about its options.
public enum TmuxSettings {
  /// Whether `allow-passthrough` is on (`on` or `all`); nil when tmux could not be asked within `timeout`.
  public static func allowsPassthrough(timeout: Duration = .seconds(1)) -> Bool? {
    guard let value = option("allow-passthrough", timeout: timeout) else { return nil }
    return value == "on" || value == "all"
  }

  /// What `tmux -V` says (e.g. "tmux 3.3a"); nil when tmux could not be run within `timeout`.
  public static func version(timeout: Duration = .seconds(1)) -> String? {
    output(of: ["tmux", "-V"], timeout: timeout)
  }

  private static func option(_ name: String, timeout: Duration) -> String? {
    output(of: ["tmux", "show", "-gv", name], timeout: timeout)
  }

  /// What `command` (looked up in `PATH`) prints, trimmed, when it succeeds within `timeout`; nil when it fails,
  /// cannot start, or is still running at the deadline (it is then terminated and not waited for), so a tmux
  /// server that does not answer costs a start at most `timeout`.
  static func output(of command: [String], timeout: Duration) -> String? {
    ChildOutput.run(command, deadline: .now + timeout).map {
      String(String(decoding: $0, as: UTF8.self).trimmingWhitespace())
    }
  }
}
