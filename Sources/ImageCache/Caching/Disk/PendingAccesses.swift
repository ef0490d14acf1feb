import FoundationEssentials

/// Lookups made since the last flush: writing every access would turn each read into a write transaction, so
/// access times and hit/miss counts accumulate here and are written in one transaction.
struct PendingAccesses {
  /// Latest access time per key.
  var lastAccess: [String: Date] = [:]
  var hits = 0
  var misses = 0

  var isEmpty: Bool { lastAccess.isEmpty && hits == 0 && misses == 0 }
  var lookupCount: Int { hits + misses }

  mutating func recordHit(_ key: String, at date: Date) {
    hits += 1
    if let previous = lastAccess[key], previous > date { return }
    lastAccess[key] = date
  }

  mutating func recordMiss() {
    misses += 1
  }

  mutating func forget(_ key: String) {
    lastAccess[key] = nil
  }

  /// Hands the batch over for writing, leaving this empty.
  mutating func take() -> PendingAccesses {
    defer { self = PendingAccesses() }
    return self
  }

  /// Puts back a batch whose write failed, keeping the newest time per key.
  mutating func restore(_ batch: PendingAccesses) {
    hits += batch.hits
    misses += batch.misses
    lastAccess.merge(batch.lastAccess) { max($0, $1) }
  }
}

extension PendingAccesses: Sendable {}
