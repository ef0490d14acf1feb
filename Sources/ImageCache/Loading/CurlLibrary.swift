import CCurlShims

/// libcurl is loaded at run time, on a thread of its own, instead of linked: its 33 shared dependencies cost about
/// 6 ms at every exec, before `main` (BENCHMARKS.md). Tools call `preload()` first thing, so that the load overlaps
/// with argument parsing and opening the cache, and `settle()` before they exit. `CurlDataLoader` preloads too,
/// for programs that don't, and its loop thread waits for the library before its first libcurl call.
public enum CurlLibrary {
  /// Starts loading libcurl (and `curl_global_init`) in the background, once per process; returns at once.
  public static func preload() { ccurl_library_preload() }

  /// Waits for a load in progress so the process never exits in the middle of one (libraries half initialised
  /// while `exit` runs their clean-up). Returns at once when nothing was started. Stopping the transfer threads
  /// needs no call: `exit` does it (see `ccurl_set_stop_hook`).
  public static func settle() { ccurl_library_settle() }

  /// Waits for the load; `nil` when libcurl is ready, else a one-line reason with what to do. Tools ask before
  /// their network work, so that a missing libcurl is one line rather than one failure per URL.
  public static func loadFailure() -> String? {
    guard ccurl_library_wait() != 0 else { return nil }
    return ccurl_library_error().map { String(cString: $0) } ?? "cannot load libcurl"
  }
}
