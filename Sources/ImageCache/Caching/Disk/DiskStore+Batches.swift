import FoundationEssentials
internal import ImageCacheSupport

/// The batch API the pipeline uses (`BatchedDiskCaching`): a prefetch's one read of the index for many keys, and
/// group commits of stores and 304 refreshes (`DiskWriteBatcher`).
extension DiskStore {
  package func probe(_ keys: [String], freshAt now: Date, staleCopyIsSound isSound: ([UInt8]) -> Bool)
    throws(DiskCacheError) -> DiskProbe
  {
    guard !keys.isEmpty else { return DiskProbe() }
    try ensureOpen()
    // One read transaction for the whole batch, one index search per key.
    var result = DiskProbe()
    var damaged: [(key: String, file: String)] = []
    try perform {
      try pool.read { db in
        let probe = try db.cachedStatement(sql: DiskQueries.probe)
        for key in keys {
          let found = try probe.fetchOne([key]) { row -> (DiskEntry, String) in
            (StoredEntry.entry(from: row), row[StoredEntry.entryColumnCount])
          }
          guard case (var entry, let file)? = found else {
            result.absent.insert(key)
            continue
          }
          if entry.isFresh(at: now) {
            // A stat, not a read: whether fresh bytes still decode is `verify`'s business, as for a lookup.
            guard blobs.hasFile(file, size: entry.byteSize) else { continue }
            result.fresh.insert(key)
          } else if entry.metadata.header != nil {
            // Only with the header the index recorded can a 304 answer without the bytes; else a lookup reads them.
            // A 304 confirms what is on disk, so those bytes must check out (5.6 µs for a 74 KB PNG): a copy
            // whose bytes rotted, its size unchanged, would otherwise be confirmed again and again.
            guard let bytes = blobs.read(file, expectedSize: entry.byteSize) else { continue }
            guard isSound(bytes) else {
              damaged.append((key, file))
              result.absent.insert(key)
              continue
            }
            entry.lastAccessAt = now
            result.stale[key] = entry
          }
        }
      }
    }
    if !damaged.isEmpty {
      // Only the version probed: another process may have stored a new one meanwhile. If this write fails, the
      // download's store replaces the row anyway.
      _ = try? writeTransaction { db in
        for (key, file) in damaged {
          try db.execute(sql: "DELETE FROM entry WHERE key = ? AND file = ?", arguments: [key, file])
        }
      }
    }
    // Misses alone are counted, not flushed: a probe comes before fetches whose stores write the count in their
    // own transaction (`writeTransaction`), and a flush now would wait for the writer and hold up the caller.
    // Fresh and stale keys are hits whose access times matter, flushed like any lookup's once the batch is full.
    let batchIsFull = record { pending in
      for _ in result.absent { pending.recordMiss() }
      for key in result.fresh { pending.recordHit(key, at: now) }
      for key in result.stale.keys { pending.recordHit(key, at: now) }
    }
    if !result.fresh.isEmpty || !result.stale.isEmpty { flushIfFull(batchIsFull) }
    return result
  }

  /// Several entries in one transaction: under load the commit, not the bytes, is what costs. The files are
  /// written first; if the transaction fails they are unlinked again.
  package func store(batch writes: [DiskWrite]) throws(DiskCacheError) {
    guard !writes.isEmpty else { return }
    try ensureOpen()
    let now = clock()
    let charges = writes.map { Self.chargedBytes(key: $0.key, byteSize: $0.byteSize) }
    var files: [String?] = []
    let evicted: Int
    do {
      for (write, charge) in zip(writes, charges) {
        files.append(charge <= lowWaterBytes ? try blobs.write(write) : nil)
      }
      evicted = try writeTransaction { db -> Int in
        var counters = try IndexCounters(in: db)
        var lastID: Int64?
        for ((write, charge), file) in zip(zip(writes, charges), files) {
          guard let file else {
            // It would evict everything else and itself: not kept, and an older copy must not linger.
            try db.execute(sql: "DELETE FROM entry WHERE key = ?", arguments: [write.key])
            continue
          }
          lastID = try StoredEntry.upsert(
            key: write.key, file: file, byteSize: write.byteSize, chargedBytes: charge, metadata: write.metadata,
            at: now, counting: &counters, in: db)
        }
        try counters.write(in: db)
        guard try Self.totalBytes(in: db) > maxBytes else { return 0 }
        return try Self.evict(downTo: lowWaterBytes, sparing: lastID, in: db).removedEntries
      }
    } catch {
      // Nothing names these files: a failed write or commit leaves none behind.
      for case let name? in files { blobs.remove(name) }
      throw error
    }
    if evicted > 0 { reclaimFreePages() }
  }

  /// Several 304s in one transaction: a warm of stale entries answers hundreds at once, and one transaction each
  /// costs more than the requests (BENCHMARKS.md).
  package func refresh(batch refreshes: [DiskRefresh]) throws(DiskCacheError) {
    guard !refreshes.isEmpty else { return }
    try ensureOpen()
    let now = clock()
    try writeTransaction { db in
      for refresh in refreshes {
        try StoredEntry.updateMetadata(key: refresh.key, metadata: refresh.metadata, at: now, in: db)
      }
    }
  }
}
