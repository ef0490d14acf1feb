internal import CAllocator

/// Where glibc's allocator puts large buffers, and what it holds.
///
/// glibc gives an allocation of 128 KiB or more pages of its own, returned to the system when it is freed, but
/// the first time it frees such a buffer it raises that threshold to the buffer's size (up to 32 MiB), and from
/// then on carves buffers up to that size out of its arenas, one arena per thread that asks. Painting a cover
/// scales it through buffers of 1 to 7 MB (the Now screen's 680-pixel box), on whichever thread runs the task;
/// after a few, the arenas hold some 20 MB that is free, and the small objects that outlive a picture, placed
/// between those buffers, keep the holes from going back to the system: a browser left on the Now screen grew
/// by megabytes a thousand polls with what it used nearly flat (BENCHMARKS.md). Fixing the threshold where glibc
/// starts (and the trim threshold it raises alongside) keeps every large buffer on pages of its own for the
/// whole run, at the cost of mapping them afresh (a millisecond or two of page faults for the largest painting).
public enum AllocatorPolicy {
  /// glibc's starting thresholds, kept: a 260-pixel thumbnail's pixels (270 KB) already get pages of their own.
  public static let largeBufferBytes: Int32 = 128 * 1024

  /// Applied once, at the start of a process that runs for long (the tools' entry point does it).
  public static func keepLargeBuffersOnTheirOwnPages() {
    _ = callocator_fix_thresholds(largeBufferBytes)
  }

  /// Whether a block from `malloc` has pages of its own (false where the allocator is not glibc's).
  public static func hasOwnPages(_ pointer: UnsafeRawPointer) -> Bool { callocator_has_own_pages(pointer) != 0 }

  /// Whether this process's allocator is glibc's, which the policy and the figures are about.
  public static var isGlibc: Bool {
    #if canImport(Glibc)
      true
    #else
      false
    #endif
  }

  /// The allocator's figures now, in bytes (zeros where the allocator is not glibc's).
  public struct Usage: Sendable {
    /// Taken from the system for the arenas.
    public var arena: Int
    /// In chunks that have pages of their own.
    public var mapped: Int
    /// Handed out and not yet freed.
    public var inUse: Int
    /// Free inside the arenas.
    public var free: Int
  }

  public static var usage: Usage {
    let usage = callocator_current_usage()
    return Usage(arena: usage.arena, mapped: usage.mapped, inUse: usage.in_use, free: usage.free)
  }
}
