import FoundationEssentials
import Logging
import Synchronization

/// The image service: memory → disk → network, with coalescing, revalidation and offline-first fallback.
///
/// A table cell (or a terminal row) asks `image(for:)`; a prefetcher asks `data(for:)`, which validates and
/// stores bytes without keeping pixels in memory.
public final class ImageManager {
  /// The memory tier: decoded bitmaps.
  public let memory: any ImageCaching
  /// The disk tier: encoded bytes; nil for a manager that keeps images in memory only.
  public let disk: (any DiskCaching)?
  let loader: any DataLoading
  let decoder: any ImageDecoding
  let limits: DecodingLimits
  let maxBodyBytes: Int
  let freshness: Freshness
  let credentials: CredentialParameters
  let clock: @Sendable () -> Date
  let logger: Logger
  let counters = Mutex(NetworkCounters())
  let diskWriter: DiskWriteBatcher?
  let dataJobs = TaskCoalescer<URL, DataResult>()
  /// Loads whose options change where bytes may come from (`LoadMode` other than `.standard`): kept apart from
  /// `dataJobs`, so a reload never joins a load that may answer from disk.
  private let modeDataJobs = TaskCoalescer<LoadJobKey, DataResult>()
  let imageJobs = TaskCoalescer<ImageJobKey, ImageResponse>()
  /// Decodes of originals that processed requests share.
  let decodeJobs = TaskCoalescer<LoadJobKey, ImageResponse>()
  /// Whether `credentials` is `CredentialParameters.default`, under which `ImageRequest` works out its memory key.
  private let usesDefaultCredentials: Bool
  private let backgroundRevalidations = TaskCoalescer<URL, DataResult>()

  /// Assembles a manager from its parts: the seam tests and other front ends use.
  public init(
    loader: any DataLoading, memory: any ImageCaching, disk: (any DiskCaching)?,
    decoder: any ImageDecoding, limits: DecodingLimits = .default, maxBodyBytes: Int = 20 << 20,
    defaultTTL: TimeInterval = 7 * 24 * 3600, credentialParameters: CredentialParameters = .default,
    clock: @escaping @Sendable () -> Date = Date.init, logger: Logger = Logger(label: "imgcache")
  ) {
    self.loader = loader
    self.memory = memory
    self.disk = disk
    self.diskWriter = disk.map { DiskWriteBatcher(disk: $0) }
    self.decoder = decoder
    self.limits = limits
    self.maxBodyBytes = maxBodyBytes
    self.freshness = Freshness(defaultTTL: defaultTTL)
    self.credentials = credentialParameters
    self.usesDefaultCredentials = credentialParameters == .default
    self.clock = clock
    self.logger = logger
  }

  /// A decoded thumbnail, from the first tier that has it: the short form of `image(for: ImageRequest(url: url))`.
  ///
  /// A memory hit is answered synchronously where it was asked (`nonisolated(nonsending)`, inlined into the
  /// caller): no hop to another executor and no async frame; a miss loads in a task of its own.
  @inlinable
  public nonisolated(nonsending) func image(for url: URL) async throws(ImageManagerError) -> ImageResponse {
    // A hit builds only the key, under this manager's credentials, once: no request, no second key.
    let memoryKey = self.memoryKey(for: url)
    if let hit = memoryHit(memoryKey, url: url) { return hit }
    return try await load(url, memoryKey: memoryKey)
  }

  /// The image `request` names, processed by its processors, from the first tier its options allow that has it.
  ///
  /// The memory tier keeps the processed image under the URL and the processors' identifiers, so asking again
  /// neither decodes nor processes; the disk tier keeps the original bytes, so a request with other processors
  /// decodes them without downloading. Concurrent requests for the same URL share one download, and those with the
  /// same processors one decode and one run of the processors too. Like `image(for: URL)`, a memory hit is
  /// answered synchronously where it was asked.
  @inlinable
  public nonisolated(nonsending) func image(for request: ImageRequest) async throws(ImageManagerError) -> ImageResponse
  {
    switch memoryLookup(request) {
    case .hit(let response): return response
    case .miss(let memoryKey): return try await load(request, memoryKey: memoryKey)
    }
  }

  /// The image `request` names if the memory tier has it (processed as the request says), without waiting and
  /// without touching the disk or the network: what a table cell asks before it shows a placeholder. Nil when
  /// it is not there or the request's options skip the memory tier or ask for a reload. Counts a hit or a miss.
  public func cachedImage(for request: ImageRequest) -> ImageResponse? {
    guard case .hit(let response) = memoryLookup(request) else { return nil }
    return response
  }

  @usableFromInline func memoryKey(for url: URL) -> ImageCacheKey {
    ImageCacheKey(credentials.cacheKey(for: url))
  }

  @usableFromInline func memoryHit(_ key: ImageCacheKey, url: URL) -> ImageResponse? {
    guard let bitmap = memory.image(forKey: key) else { return nil }
    return ImageResponse(url: url, bitmap: bitmap, tier: .memory, byteCount: 0, isStale: false)
  }

  /// A memory hit for `request`, or the key its load goes under. Under the default credential parameters the
  /// lookup reads the key the request keeps, in place: a hit copies neither the key nor the URL.
  @usableFromInline func memoryLookup(_ request: ImageRequest) -> MemoryLookup {
    let readsMemory = request.options.isDisjoint(with: [.skipMemoryTier, .reloadIgnoringCachedData])
    guard usesDefaultCredentials else {
      let key = ImageRequest.memoryKey(request.url, request.processors, credentials: credentials)
      guard readsMemory, let bitmap = memory.image(forKey: key) else { return .miss(key) }
      return .hit(ImageResponse(memoryHit: request, bitmap: bitmap))
    }
    guard readsMemory, let bitmap = memory.image(forKey: request.memoryKey) else { return .miss(request.memoryKey) }
    return .hit(ImageResponse(memoryHit: request, bitmap: bitmap))
  }

  /// What `memoryLookup` found.
  @usableFromInline enum MemoryLookup {
    case hit(ImageResponse)
    case miss(ImageCacheKey)
  }

  /// `image(for: URL)` past a memory miss.
  @usableFromInline func load(_ url: URL, memoryKey: ImageCacheKey) async throws(ImageManagerError) -> ImageResponse {
    let request = usesDefaultCredentials ? ImageRequest(url: url, memoryKey: memoryKey) : ImageRequest(url: url)
    return try await load(request, memoryKey: memoryKey)
  }

  /// `image(for:)` past the memory tier: one load per memory key and options however many callers wait.
  @usableFromInline func load(
    _ request: ImageRequest, memoryKey: ImageCacheKey
  ) async throws(ImageManagerError) -> ImageResponse {
    let job = ImageJobKey(memoryKey: memoryKey, options: request.options)
    // An `ImageTask`'s context, when this runs in one: its priority may change while the image loads.
    return try await coalesced(imageJobs, job, priority: request.priority, context: TransferContext.current) {
      [self] () throws(ImageManagerError) in
      try await loadImage(request, memoryKey: memoryKey)
    }
  }

  /// `image(for:)` past a memory miss, run once per memory key and options however many callers wait.
  private func loadImage(
    _ request: ImageRequest, memoryKey: ImageCacheKey
  ) async throws(ImageManagerError) -> ImageResponse {
    let url = request.url
    let key = cacheKey(for: url)
    let mode = LoadMode(request.options)
    let usesMemory = !request.options.contains(.skipMemoryTier)
    guard !request.processors.isEmpty else {
      let original = try await decodedImage(url, key: key, mode: mode)
      if usesMemory { memory.setImage(original.bitmap, forKey: memoryKey) }
      return original
    }
    let processedKey = storesProcessedOnDisk(request, mode) ? StoredBitmap.diskKey(key, request.processors) : nil
    if let processedKey, !mode.reload, let stored = await processedFromDisk(processedKey, url: url) {
      if usesMemory { memory.setImage(stored.bitmap, forKey: memoryKey) }
      return stored
    }
    let original: ImageResponse
    if usesMemory, !mode.reload, let bitmap = memory.image(forKey: ImageCacheKey(key)) {
      // Shown unprocessed elsewhere: processing it costs no decode.
      original = ImageResponse(url: url, bitmap: bitmap, tier: .memory, byteCount: 0, isStale: false)
    } else {
      // Requests with other processors share this decode (and, below it, the download).
      original = try await coalesced(
        decodeJobs, LoadJobKey(url: url, mode: mode), priority: request.priority, context: TransferContext.current
      ) {
        [self] () throws(ImageManagerError) in
        try await decodedImage(url, key: key, mode: mode)
      }
    }
    var bitmap = original.bitmap
    for processor in request.processors {
      do {
        bitmap = try processor.process(bitmap)
      } catch {
        throw .processing(url: ImageManagerError.redacted(url), processor: processor.identifier, reason: "\(error)")
      }
    }
    if usesMemory { memory.setImage(bitmap, forKey: memoryKey) }
    if let processedKey { await storeProcessed(bitmap, key: processedKey, madeFrom: original) }
    return ImageResponse(
      url: url, bitmap: bitmap, tier: original.tier, byteCount: original.byteCount, isStale: original.isStale)
  }

  /// The image at `url` decoded, from disk or network as `mode` allows; the memory tier is the caller's business.
  private func decodedImage(_ url: URL, key: String, mode: LoadMode) async throws(ImageManagerError) -> ImageResponse {
    let data = try await loadData(url, key: key, validation: .decode, mode: mode)
    let bitmap: ImageBitmap
    if let decoded = data.decoded {
      bitmap = decoded
    } else {
      do throws(ImageDecodingError) {
        bitmap = try decoder.decode(data.bytes, limits: limits)
      } catch {
        return try await replaceUndecodable(data, key: key, mode: mode, error: error)
      }
    }
    if let storeError = data.storeError { reportStoreFailure(storeError) }
    return ImageResponse(
      url: url, bitmap: bitmap, tier: data.tier, byteCount: data.bytes.count, isStale: data.isStale,
      storedExpiry: data.storedExpiry)
  }

  /// Bytes that passed the structural check (or sat on disk) but do not decode: never keep them. Fresh from the
  /// network, that is the caller's error; from disk, the copy rotted behind our back and a fresh one is fetched,
  /// decoded before it is stored.
  private func replaceUndecodable(
    _ data: DataResult, key: String, mode: LoadMode, error: ImageDecodingError
  ) async throws(ImageManagerError) -> ImageResponse {
    let url = data.url
    if !mode.skipDisk { try? await removeFromDisk(key) }
    if data.tier == .network { throw .decoding(url: ImageManagerError.redacted(url), error) }
    logger.warning("damaged cache entry removed", metadata: ["url": "\(ImageManagerError.redacted(url))"])
    let fresh = try await loadData(url, key: key, validation: .decode, mode: mode)
    let repaired: ImageBitmap
    if let decoded = fresh.decoded { repaired = decoded } else { repaired = try decodeOrThrow(fresh.bytes, url) }
    return ImageResponse(
      url: url, bitmap: repaired, tier: fresh.tier, byteCount: fresh.bytes.count, isStale: fresh.isStale,
      storedExpiry: fresh.storedExpiry)
  }

  /// Validated encoded bytes through disk and network (no memory tier: pixels are not kept).
  /// Unlike `image(for:)`, a failure to store on disk is an error here: keeping the bytes is the point.
  /// New bytes are checked for framing and checksums (`ImageDecoding.validate`), not decoded: prefetching is
  /// about bytes, and `image(for:)` decodes (and repairs) before anything is shown.
  public func data(for url: URL) async throws(ImageManagerError) -> ImageDataResponse {
    try await data(for: ImageRequest(url: url))
  }

  /// `data(for: url)` with `request`'s options (`skipMemoryTier` changes nothing here, and processors do not apply:
  /// these are the original bytes). With `returnCacheDataDontLoad` only the disk tier can answer.
  public func data(for request: ImageRequest) async throws(ImageManagerError) -> ImageDataResponse {
    let result = try await loadData(
      request.url, key: cacheKey(for: request.url), validation: .structure, mode: LoadMode(request.options),
      priority: request.priority)
    if let storeError = result.storeError { throw .disk(storeError) }
    return ImageDataResponse(result)
  }

  /// The key `url` is stored under, without the credentials this manager was told of.
  public func cacheKey(for url: URL) -> String { credentials.cacheKey(for: url) }

  /// `key`: `cacheKey(for: url)`, which the caller already has. `knownAbsent`: a batch probe
  /// (`DiskCaching.probe`) just found no disk entry and counted the miss, so the lookup is skipped.
  func data(for url: URL, key: String, knownAbsent: Bool) async throws(ImageManagerError) -> DataResult {
    let result = try await loadData(url, key: key, validation: .structure, knownAbsent: knownAbsent)
    if let storeError = result.storeError { throw .disk(storeError) }
    return result
  }

  /// Downloads, revalidations, stale copies served, failures and bytes since the manager was made.
  public var networkStatistics: NetworkStatistics { counters.withLock { $0.snapshot } }

  /// The image is still served from memory; the first failure is worth an error, repeats (a full disk fails every
  /// store) only a debug line, or a warm of hundreds of images buries the terminal.
  func reportStoreFailure(_ error: DiskCacheError) {
    let isFirst = counters.withLock { counters in
      defer { counters.storeFailureReported = true }
      return !counters.storeFailureReported
    }
    if isFirst {
      logger.error("could not store in disk cache: \(error)")
    } else {
      logger.debug("could not store in disk cache: \(error)")
    }
  }

  /// Writes the disk tier's batched bookkeeping (access times, hit and miss counts) now and closes its database;
  /// the manager cannot be used afterwards. Optional: that bookkeeping is also written a few seconds after each
  /// lookup and when the manager is released, so a program that exits without calling this loses at most the last
  /// two seconds of access order, never an image.
  public func close() throws(ImageManagerError) {
    do { try disk?.close() } catch { throw .disk(error) }
  }

  // MARK: - Pipeline

  /// How new bytes are checked before they are stored.
  enum Validation {
    /// Full decode; the bitmap comes back with the bytes.
    case decode
    /// Header, pixel limit, checksums and framing, without decoding pixels.
    case structure
  }

  /// `key` is `cacheKey(for: url)`: worked out once per request by the caller and passed down, not again at
  /// each disk step. The load runs at `priority`, or inside an image job at that job's (`TransferContext.current`).
  func loadData(
    _ url: URL, key: String, validation: Validation, knownAbsent: Bool = false, mode: LoadMode = .standard,
    priority: ImageRequest.Priority = .normal
  ) async throws(ImageManagerError) -> DataResult {
    if mode != .standard {
      return try await coalesced(
        modeDataJobs, LoadJobKey(url: url, mode: mode), priority: priority, context: TransferContext.current,
        modeOperation(url, key: key, validation: validation, mode: mode))
    }
    let result = try await coalesced(
      dataJobs, url, priority: priority, context: TransferContext.current,
      loadOperation(url, key: key, validation: validation, knownAbsent: knownAbsent))
    guard result.bytesLeftOnDisk else { return result }
    return try await readingBytes(of: result, key: key, validation: validation)
  }

  /// The bytes of a revalidation that a prefetch started and this caller joined.
  private func readingBytes(
    of result: DataResult, key: String, validation: Validation
  ) async throws(ImageManagerError) -> DataResult {
    guard let stored = try await lookupOnDisk(key) else {
      // Evicted, or damaged and dropped, since the 304: what any caller would do now.
      return try await loadData(result.url, key: key, validation: validation)
    }
    let header = try headerOrThrow(stored.data, result.url)
    return DataResult(
      url: result.url, bytes: stored.data, header: header, tier: result.tier, isStale: result.isStale, decoded: nil,
      storedExpiry: stored.entry.metadata.expiresAt)
  }

  /// `loadData` for a caller with no task of its own to suspend (a prefetch): `completion` runs once, on the thread
  /// that finished the work, with what `loadData` would have returned or thrown.
  ///
  /// `knownStale`: a batch probe found this entry past its freshness with its file in place; it is revalidated
  /// without a lookup, and a 304 leaves its bytes on disk (`DataResult.bytesLeftOnDisk`).
  func subscribeToData(
    _ url: URL, key: String, validation: Validation, knownAbsent: Bool, knownStale: DiskEntry? = nil,
    priority: ImageRequest.Priority, completion: @escaping @Sendable (Result<DataResult, ImageManagerError>) -> Void
  ) -> TaskCoalescer<URL, DataResult>.Subscription {
    let operation = loadOperation(
      url, key: key, validation: validation, knownAbsent: knownAbsent, knownStale: knownStale)
    return dataJobs.subscribe(for: url, priority: priority, operation: { try await operation() }) { result in
      completion(result.mapError { ($0 as? ImageManagerError) ?? .cancelled })
    }
  }

  func cancelDataSubscription(_ subscription: TaskCoalescer<URL, DataResult>.Subscription) {
    dataJobs.cancel(subscription)
  }

  /// The work behind one URL's bytes, run once however many callers wait for it.
  private func loadOperation(
    _ url: URL, key: String, validation: Validation, knownAbsent: Bool, knownStale: DiskEntry? = nil
  ) -> @Sendable () async throws(ImageManagerError) -> DataResult {
    { [self] () throws(ImageManagerError) in
      try refuseUnsupportedScheme(url)
      if let knownStale {
        // Reading 500 stale thumbnails only to confirm them cost a fifth of a warm's CPU (BENCHMARKS.md).
        return try await fetch(url, key: key, revalidating: DiskLookup(unreadEntry: knownStale), validation: validation)
      }
      var cached = knownAbsent ? nil : try await lookupOnDisk(key)
      if let found = cached {
        if found.entry.isFresh(at: clock()), let header = try? decoder.header(of: found.data) {
          return DataResult(
            url: url, bytes: found.data, header: header, tier: .disk, isStale: false, decoded: nil,
            storedExpiry: found.entry.metadata.expiresAt)
        }
        // A 304 would confirm these bytes, so they must check out; a damaged copy is dropped and fetched again
        // without validators.
        if (try? decoder.validate(found.data, limits: limits)) == nil {
          logger.warning("damaged cache entry removed", metadata: ["url": "\(ImageManagerError.redacted(url))"])
          try? await removeFromDisk(key)
          cached = nil
        }
      }
      if let cached, let until = cached.entry.metadata.staleWhileRevalidateUntil, clock() < until,
        let header = try? decoder.header(of: cached.data)
      {
        revalidateInBackground(url, key: key, cached)
        return DataResult(url: url, bytes: cached.data, header: header, tier: .disk, isStale: true, decoded: nil)
      }
      return try await fetch(url, key: key, revalidating: cached, validation: validation)
    }
  }

  /// The work behind a load with options (`mode`), run once however many callers with the same options wait.
  private func modeOperation(
    _ url: URL, key: String, validation: Validation, mode: LoadMode
  ) -> @Sendable () async throws(ImageManagerError) -> DataResult {
    { [self] () throws(ImageManagerError) in
      try refuseUnsupportedScheme(url)
      guard mode.cacheOnly else {
        // Nothing read from disk, so no validators: the server sends the whole image.
        return try await fetch(url, key: key, revalidating: nil, validation: validation, storesOnDisk: !mode.skipDisk)
      }
      if !mode.skipDisk, !mode.reload, let found = try await lookupOnDisk(key),
        let header = try? decoder.header(of: found.data)
      {
        return DataResult(
          url: url, bytes: found.data, header: header, tier: .disk, isStale: !found.entry.isFresh(at: clock()),
          decoded: nil, storedExpiry: found.entry.metadata.expiresAt)
      }
      throw .notCached(url: ImageManagerError.redacted(url))
    }
  }

  private func refuseUnsupportedScheme(_ url: URL) throws(ImageManagerError) {
    guard url.scheme == "http" || url.scheme == "https" else {
      throw .transfer(url: ImageManagerError.redacted(url), .unsupportedScheme(url: ImageManagerError.redacted(url)))
    }
  }

  /// `stale-while-revalidate`: the stale copy was served; this refreshes it, once however many callers were
  /// served meanwhile (they are not made to wait for it), at low priority, as nobody waits for it. New bytes
  /// replace the pixels the memory tier holds.
  private func revalidateInBackground(_ url: URL, key: String, _ cached: DiskLookup) {
    Task { [self] in
      let result = try? await coalesced(backgroundRevalidations, url, priority: .low, context: nil) {
        [self] () throws(ImageManagerError) in
        try await fetch(url, key: key, revalidating: cached, validation: .structure)
      }
      if result?.tier == .network { memory.removeImage(forKey: ImageCacheKey(key)) }
    }
  }

  private func coalesced<Key: Hashable & Sendable, Value: Sendable>(
    _ coalescer: TaskCoalescer<Key, Value>, _ url: Key, priority: ImageRequest.Priority, context: TransferContext?,
    _ operation: @escaping @Sendable () async throws(ImageManagerError) -> Value
  ) async throws(ImageManagerError) -> Value {
    do {
      return try await coalescer.value(for: url, priority: priority, context: context) { try await operation() }
    } catch let error as ImageManagerError {
      throw error
    } catch {
      throw .cancelled
    }
  }

  func decodeOrThrow(_ bytes: [UInt8], _ url: URL) throws(ImageManagerError) -> ImageBitmap {
    do { return try decoder.decode(bytes, limits: limits) } catch {
      throw .decoding(url: ImageManagerError.redacted(url), error)
    }
  }
}

/// What the network side did, for summaries and tests.
public struct NetworkStatistics: Equatable {
  /// Responses with new bytes.
  public var downloads = 0
  /// Stale copies the server confirmed with 304 Not Modified.
  public var revalidated = 0
  /// Stale copies served because the network failed.
  public var staleServed = 0
  /// Requests that failed.
  public var failures = 0
  /// Body bytes received.
  public var bytesDownloaded = 0
}

struct NetworkCounters {
  var snapshot = NetworkStatistics()
  var storeFailureReported = false
}

/// Where a load may take its bytes from, as a request's options say.
struct LoadMode: Hashable, Sendable {
  /// No cached bytes read, no validators sent (`reloadIgnoringCachedData`).
  var reload = false
  /// Only cached bytes; never the network (`returnCacheDataDontLoad`).
  var cacheOnly = false
  /// The disk tier neither read nor written (`skipDiskTier`).
  var skipDisk = false

  /// Disk, then network, as `image(for: URL)` does.
  static let standard = LoadMode()

  init() {}

  init(_ options: ImageRequest.Options) {
    reload = options.contains(.reloadIgnoringCachedData)
    cacheOnly = options.contains(.returnCacheDataDontLoad)
    skipDisk = options.contains(.skipDiskTier)
  }
}

/// A load coalesced with others of the same URL and mode.
struct LoadJobKey: Hashable, Sendable {
  let url: URL
  let mode: LoadMode
}

/// An image job: the memory key says which URL and processors, the options which tiers.
struct ImageJobKey: Hashable, Sendable {
  let memoryKey: ImageCacheKey
  let options: ImageRequest.Options
}

extension ImageManager: Sendable {}
extension NetworkStatistics: Sendable {}
