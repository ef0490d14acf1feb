/// A zone's UTC offsets over a stretch of time, found once so that thousands of plays are placed on local days and
/// hours by arithmetic, with no libc call per play. `changes` holds each offset with the first second it applies
/// from, in order; the first applies from the stretch's start (and, for lookups, before it).
public struct UTCOffsets: Sendable, Equatable {
  public struct Change: Sendable, Equatable {
    public var from: Int64
    public var offset: Int
  }

  public private(set) var changes: [Change]

  public init(changes: [Change]) { self.changes = changes }

  /// Walks from `start` to `end` a day at a time (zones change their offset weeks apart, never twice a day), and
  /// where the offset differs from the day before, finds the exact second of the change by bisection.
  static func build(from start: Int64, to end: Int64, offset: (Int64) -> Int) -> UTCOffsets {
    var changes = [Change(from: start, offset: offset(start))]
    var previous = start
    var time = start
    while time < end {
      time = min(time + 86_400, end)
      let current = offset(time)
      guard current != changes[changes.count - 1].offset else {
        previous = time
        continue
      }
      // offset(low) is the old offset, offset(high) the new one.
      var low = previous
      var high = time
      while high - low > 1 {
        let middle = low + (high - low) / 2
        if offset(middle) == current { high = middle } else { low = middle }
      }
      changes.append(Change(from: high, offset: current))
      previous = time
    }
    return UTCOffsets(changes: changes)
  }

  /// The offset in force at `time`.
  public func offset(at time: Int64) -> Int {
    var low = 0
    var high = changes.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if changes[middle].from <= time { low = middle } else { high = middle - 1 }
    }
    return changes[low].offset
  }

  /// Seconds since 1970-01-01 00:00 local time: the wall clock's reading, as if it were UTC.
  public func localSeconds(at time: Int64) -> Int64 { time + Int64(offset(at: time)) }

  /// The local day number (see `LocalDate.dayNumber`) of `time`.
  public func dayNumber(at time: Int64) -> Int { Int(Self.floorDivide(localSeconds(at: time), 86_400)) }

  /// A reader for times that come in ascending order (as plays come from the archive's key): each lookup moves a
  /// cursor forward instead of searching.
  public struct AscendingReader {
    let changes: [Change]
    var index = 0

    public mutating func localSeconds(at time: Int64) -> Int64 {
      while index + 1 < changes.count && changes[index + 1].from <= time { index += 1 }
      while index > 0 && changes[index].from > time { index -= 1 }
      return time + Int64(changes[index].offset)
    }

    public mutating func dayNumber(at time: Int64) -> Int {
      Int(UTCOffsets.floorDivide(localSeconds(at: time), 86_400))
    }
  }

  public var ascendingReader: AscendingReader { AscendingReader(changes: changes) }

  static func floorDivide(_ value: Int64, _ divisor: Int64) -> Int64 {
    let quotient = value / divisor
    return (value % divisor != 0 && (value < 0) != (divisor < 0)) ? quotient - 1 : quotient
  }
}
