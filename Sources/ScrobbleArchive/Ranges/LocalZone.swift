import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The listener's time zone, evaluated by libc (`mktime`, `localtime_r`), which knows the named zones of the
/// system's tz database; FoundationEssentials has none without ICU.
///
/// `name` nil is the process's own zone (`TZ`, else /etc/localtime): what the commands use. A name ("Europe/Berlin")
/// is for tests, which must try several zones in one process while other tests run beside them. libc reads the zone
/// from the environment only, so a named zone is set with `setenv("TZ")` + `tzset`, used, and the previous `TZ` put
/// back, all under one process-wide lock that every evaluation here takes, named or not: two evaluations never see
/// each other's zone. (Parsing TZif files ourselves would avoid the environment, but would be a second, untested copy
/// of what libc already does right, DST rules and all.) Code outside this type that calls `localtime_r` directly
/// could in principle see a test's zone for a moment; only tests set one.
public struct LocalZone: Sendable, Equatable {
  public let name: String?

  public init(name: String? = nil) { self.name = name }

  /// The process's zone.
  public static let current = LocalZone()

  private static let lock = Mutex(())

  /// Runs `body` with this zone in force for libc.
  func evaluate<T>(_ body: () -> T) -> T {
    Self.lock.withLock { _ in
      guard let name else {
        tzset()
        return body()
      }
      let previous = getenv("TZ").map { String(cString: $0) }
      setenv("TZ", name, 1)
      tzset()
      defer {
        if let previous { setenv("TZ", previous, 1) } else { unsetenv("TZ") }
        tzset()
      }
      return body()
    }
  }

  /// The unix second at which `date` begins here: its local midnight, or the first moment after it where a
  /// daylight-saving change skips midnight itself.
  public func start(of date: LocalDate) -> Int64 {
    evaluate { Self.startUnlocked(of: date) }
  }

  /// [start, end) of the days from `first` through `last`.
  public func interval(from first: LocalDate, through last: LocalDate) -> Range<Int64> {
    evaluate { Self.startUnlocked(of: first)..<Self.startUnlocked(of: last.adding(days: 1)) }
  }

  /// The local date at unix second `time`.
  public func date(at time: Int64) -> LocalDate {
    evaluate {
      let local = time + Int64(Self.offsetUnlocked(at: time))
      return LocalDate(dayNumber: Int(UTCOffsets.floorDivide(local, 86_400)))
    }
  }

  /// The offsets in force from `start` to `end`, with every change between (see `UTCOffsets`).
  public func offsets(from start: Int64, to end: Int64) -> UTCOffsets {
    evaluate { UTCOffsets.build(from: start, to: end, offset: Self.offsetUnlocked(at:)) }
  }

  private static func startUnlocked(of date: LocalDate) -> Int64 {
    var parts = tm()
    parts.tm_year = Int32(date.year - 1900)
    parts.tm_mon = Int32(date.month - 1)
    parts.tm_mday = Int32(date.day)
    parts.tm_isdst = -1
    var seconds = Int64(mktime(&parts))
    // mktime moves a midnight a change skips forward; one that exists twice (a change back at midnight) is the
    // first of the two, so step back while the hour before is still this date's midnight.
    let earlier = seconds - 3600
    if localParts(at: earlier).map({ $0.tm_mday == Int32(date.day) && $0.tm_hour == 0 }) == true {
      seconds = earlier
    }
    return seconds
  }

  private static func localParts(at time: Int64) -> tm? {
    var seconds = time_t(time)
    var parts = tm()
    return localtime_r(&seconds, &parts) == nil ? nil : parts
  }

  private static func offsetUnlocked(at time: Int64) -> Int {
    localParts(at: time).map { Int($0.tm_gmtoff) } ?? 0
  }
}
