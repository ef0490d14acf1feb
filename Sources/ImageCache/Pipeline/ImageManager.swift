import FoundationEssentials
import Logging
import Synchronization

/// The image service: memory → disk → network, with coalescing, revalidation and offline-first fallback.
///
/// A table cell (or a terminal row) asks `image(for:)`; a prefetcher (`ImagePrefetcher`) asks for bytes, which are
/// validated and stored without keeping pixels in memory.
///
/// One route, in named stages: a memory miss becomes an image job (`LoadImage`), which decodes the original
/// (`DecodeImage`) and runs the request's processors (`ProcessImage`); the original's bytes come from a data job
/// (`FetchOriginalData`), from the disk tier or from the network (`FetchFromNetwork`), which keeps what it gets on
/// disk (`StoreOriginal`). Callers of the same image or bytes join the same job (`TaskCoalescer`).
public final class ImageManager {
  /// The memory tier: decoded bitmaps.
  public let memory: any ImageCaching
  /// The disk tier: encoded bytes; nil for a manager that keeps images in memory only.
  public let disk: (any DiskCaching)?
  /// `disk` when it declares the pipeline's shortcuts (`BatchedDiskCaching`): asked once here, not per request.
  let batchedDisk: (any BatchedDiskCaching)?
  let loader: any DataLoading
  /// `loader` when it runs a first attempt by callback (`CallbackDataLoading`): asked once here, not per transfer.
  let callbackLoader: (any CallbackDataLoading)?
  /// The blob folder a prefetch's body can stream into (`FetchFromNetwork.bodyFiles`), when the loader writes bodies
  /// into files (`FileBodyLoading`) and the disk tier keeps them there (`StreamedBodyStoring`); nil, and bodies in
  /// memory, when either does not declare it. Worked out once here, not per job.
  let streamingBlobs: BlobFolder?
  let decoder: any ImageDecoding
  /// `decoder` when it checks a streamed body in its file (`StreamedBodyValidating`): asked once here.
  let streamedBodyValidator: (any StreamedBodyValidating)?
  let limits: DecodingLimits
  let maxBodyBytes: Int
  let freshness: Freshness
  let credentials: CredentialParameters
  let clock: @Sendable () -> Date
  let logger: Logger
  let counters = Mutex(NetworkCounters())
  let diskWriter: DiskWriteBatcher?
  /// Loads of original bytes (`FetchOriginalData`), one per URL and `LoadMode`: a reload never joins a load that may
  /// answer from disk.
  let dataJobs = TaskCoalescer<LoadJobKey, DataResult>()
  /// Images (`LoadImage`), one per memory key and options, and the decodes of originals (`DecodeImage`) that
  /// requests with other processors share.
  let imageJobs = TaskCoalescer<ImageJob, ImageResponse>()
  /// Whether `credentials` is `CredentialParameters.default`, under which `ImageRequest` works out its memory key.
  private let usesDefaultCredentials: Bool

  /// Assembles a manager from its parts: the seam tests and other front ends use.
  public init(
    loader: any DataLoading, memory: any ImageCaching, disk: (any DiskCaching)?,
    decoder: any ImageDecoding, limits: DecodingLimits = .default, maxBodyBytes: Int = 20 << 20,
    defaultTTL: TimeInterval = 7 * 24 * 3600, credentialParameters: CredentialParameters = .default,
    clock: @escaping @Sendable () -> Date = Date.init, logger: Logger = Logger(label: "imgcache")
  ) {
    self.loader = loader
    self.callbackLoader = loader as? any CallbackDataLoading
    self.memory = memory
    self.disk = disk
    let batchedDisk = disk as? any BatchedDiskCaching
    self.batchedDisk = batchedDisk
    let writesBodiesToFiles = (loader as? any FileBodyLoading)?.writesBodiesToFiles ?? false
    self.streamingBlobs = writesBodiesToFiles ? (disk as? any StreamedBodyStoring)?.streamedBodyFolder : nil
    self.diskWriter = disk.map { DiskWriteBatcher(disk: $0, batched: batchedDisk) }
    self.decoder = decoder
    self.streamedBodyValidator = decoder as? any StreamedBodyValidating
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

  // MARK: - Jobs

  /// How new bytes are checked before they are stored.
  enum Validation {
    /// Full decode; the bitmap comes back with the bytes.
    case decode
    /// Header, pixel limit, checksums and framing, without decoding pixels.
    case structure
  }

  /// `image(for:)` past the memory tier: one `LoadImage` per memory key and options however many callers wait.
  @usableFromInline func load(
    _ request: ImageRequest, memoryKey: ImageCacheKey
  ) async throws(ImageManagerError) -> ImageResponse {
    let job = ImageJobKey(memoryKey: memoryKey, options: request.options)
    let stage = LoadImage(manager: self, request: request, memoryKey: memoryKey)
    // An `ImageTask`'s context, when this runs in one: its priority may change while the image loads.
    return try await coalesced(imageJobs, .request(job), priority: request.priority, context: TransferContext.current) {
      () throws(ImageManagerError) in try await stage.run()
    }
  }

  /// The original bytes at `url` (`FetchOriginalData`), one data job per URL and mode however many callers wait.
  /// `key` is `cacheKey(for: url)`: worked out once per request by the caller and passed down. The job runs at
  /// `priority`, or inside an image job at that job's (`TransferContext.current`).
  func loadData(
    _ url: URL, key: String, validation: Validation, mode: LoadMode = .standard,
    priority: ImageRequest.Priority = .normal
  ) async throws(ImageManagerError) -> DataResult {
    let fetch = FetchOriginalData(manager: self, url: url, key: key, validation: validation, mode: mode)
    let result = try await coalesced(
      dataJobs, LoadJobKey(url: url, mode: mode), priority: priority, context: TransferContext.current
    ) { () throws(ImageManagerError) in try await fetch.run() }
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
      storedExpiry: stored.metadata.expiresAt)
  }

  /// `loadData` for a caller with no task of its own to suspend (a prefetch): `completion` runs once, on the thread
  /// that finished the work, with what `loadData` would have returned or thrown. `probed`: what a batch probe found
  /// for the key, when it needs the network (`FetchOriginalData.start`). `data(for:)` and `image(for:)` callers of
  /// the URL join the job as usual.
  func subscribeToData(
    _ url: URL, key: String, probed: ProbedEntry?, priority: ImageRequest.Priority,
    completion: @escaping FetchFromNetwork.Completion
  ) -> TaskCoalescer<LoadJobKey, DataResult>.Subscription {
    let fetch = FetchOriginalData(manager: self, url: url, key: key, validation: .structure)
    return dataJobs.join(LoadJobKey(url: url, mode: .standard), priority: priority) { job in
      fetch.start(job, probed: probed)
    } completion: { result in
      completion(result.mapError { ($0 as? ImageManagerError) ?? .cancelled })
    }
  }

  func cancelDataSubscription(_ subscription: TaskCoalescer<LoadJobKey, DataResult>.Subscription) {
    dataJobs.cancel(subscription)
  }

  /// Waits for `key`'s job in `coalescer`, running `operation` in a task when there is none.
  func coalesced<Key: Hashable & Sendable, Value: Sendable>(
    _ coalescer: TaskCoalescer<Key, Value>, _ key: Key, priority: ImageRequest.Priority, context: TransferContext?,
    _ operation: @escaping @Sendable () async throws(ImageManagerError) -> Value
  ) async throws(ImageManagerError) -> Value {
    do {
      return try await coalescer.value(
        for: key, priority: priority, context: context, start: TaskCoalescer.task { try await operation() })
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

  func headerOrThrow(_ bytes: [UInt8], _ url: URL) throws(ImageManagerError) -> ImageHeader {
    do { return try decoder.header(of: bytes) } catch {
      throw .decoding(url: ImageManagerError.redacted(url), error)
    }
  }

  func count(_ update: (inout NetworkStatistics) -> Void) {
    counters.withLock { update(&$0.snapshot) }
  }

  /// Fetches and stores `urls` without keeping pixels in memory: `ImagePrefetcher(manager: self, maxInFlight:)`'s
  /// `prefetch(_:progress:)`.
  public func prefetch(
    _ urls: [URL], maxInFlight: Int = 32, progress: (@Sendable (PrefetchProgress) -> Void)? = nil
  ) async -> PrefetchReport {
    await ImagePrefetcher(manager: self, maxInFlight: maxInFlight).prefetch(urls, progress: progress)
  }
}

extension ImageManager: Sendable {}
