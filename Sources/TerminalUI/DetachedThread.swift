#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A detached POSIX thread for blocking work that must not hold one of the cooperative pool's threads. Foundation's
/// `Thread` would do the same, but it lives in full Foundation, which brings ICU into the binary.
enum DetachedThread {
  /// Starts `body` on a new thread; false when the system refused to create one, and then `body` never runs.
  static func start(_ body: @escaping @Sendable () -> Void) -> Bool {
    let context = Unmanaged.passRetained(Body(body)).toOpaque()
    var thread = pthread_t()
    let created = pthread_create(
      &thread, nil,
      { raw in
        guard let raw else { return nil }
        Unmanaged<Body>.fromOpaque(raw).takeRetainedValue().run()
        return nil
      }, context)
    guard created == 0 else {
      Unmanaged<Body>.fromOpaque(context).release()
      return false
    }
    pthread_detach(thread)
    return true
  }

  private final class Body {
    let run: @Sendable () -> Void
    init(_ run: @escaping @Sendable () -> Void) { self.run = run }
  }
}
