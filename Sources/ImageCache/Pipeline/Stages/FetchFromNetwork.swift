import FoundationEssentials
import Logging

/// The network step of `FetchOriginalData`: a URL's bytes downloaded, or the copy on disk revalidated with its
/// validators. The request goes to the loader (`transfer`) and its answer is handled once (`respond`): new bytes and
/// 304s go on to `StoreOriginal`; a failure serves the stale copy when there is one (offline first).
///
/// It runs by callback, whoever waits for it. A prefetch's data job starts it (`start`, from `FetchOriginalData.start`
/// when the batch probe has answered for the disk) and it runs on the threads that finish each part, the loader's and
/// the disk writer's, with no task in the way; a load with a task of its own awaits the same functions (`run`).
struct FetchFromNetwork: Sendable {
  typealias Completion = @Sendable (Result<DataResult, ImageManagerError>) -> Void

  let manager: ImageManager
  let url: URL
  /// `cacheKey(for: url)`, where the bytes are stored.
  let key: String
  /// The copy a 304 would confirm, whose validators the request sends; nil for a plain download.
  let cached: DiskLookup?
  let validation: ImageManager.Validation
  /// False (`skipDiskTier`): the bytes are handed back without touching the disk tier.
  var storesOnDisk = true

  /// The step for a caller that awaits; its task's cancellation stops the transfer.
  func run() async throws(ImageManagerError) -> DataResult {
    let outcome = await transfer(request(priority: TransferContext.current?.priority ?? .normal))
    if case .success = outcome, Task.isCancelled { throw .cancelled }
    return try await withCheckedContinuation { continuation in
      respond(outcome) { continuation.resume(returning: $0) }
    }.get()
  }

  /// The step as `job`'s work, with no task: the job is settled by whichever thread finishes it. This is a
  /// prefetch's, which keeps the bytes without looking at them: a new body goes straight into its file where it can
  /// (`bodyFiles`).
  func start(_ job: TaskCoalescer<LoadJobKey, DataResult>.Job) {
    var request = request(priority: job.context.priority)
    request.bodyFiles = bodyFiles()
    transfer(request, context: job.context, cancellation: job.cancellation) {
      outcome in
      respond(outcome) { job.finish($0.mapError { $0 }) }
    }
  }

  /// A request for `url`, with the validators of `cached` if there is a copy to revalidate, at the priority its job
  /// runs at now (`CurlDataLoader` follows the job's changes too).
  private func request(priority: ImageRequest.Priority) -> DataRequest {
    var request = DataRequest(url: url, maxBodyBytes: manager.maxBodyBytes, priority: priority)
    if let cached {
      if let etag = cached.metadata.etag { request.headers["If-None-Match"] = etag }
      if let lastModified = cached.metadata.lastModified { request.headers["If-Modified-Since"] = lastModified }
    }
    return request
  }

  /// Where a body that is only checked and stored goes as it arrives: an unnamed file in the blob folder, named
  /// when its entry commits. Only where the loader and the disk tier declare they can (`ImageManager.streamingBlobs`)
  /// and the system has unnamed files; nil (the body in memory) otherwise.
  private func bodyFiles() -> StreamedBlob.Opener? {
    guard validation == .structure, storesOnDisk, manager.diskWriter != nil, let blobs = manager.streamingBlobs,
      blobs.unnamedFiles.currentRoute != .unsupported
    else { return nil }
    return StreamedBlob.Opener { [key] in blobs.startStream(forKey: key) }
  }

  // MARK: - Transfer

  /// Sends `request` through the loader; `completion` runs once with its final answer, retries spent. The first
  /// attempt runs by callback where the loader can (`CallbackDataLoading`), and a new image or a 304 is answered on
  /// the loader's thread; retries, and loaders that cannot, run in a task. What stops it goes into `cancellation`.
  private func transfer(
    _ request: DataRequest, context: TransferContext?, cancellation: CancellationBox,
    completion: @escaping @Sendable (Result<DataResponse, TransferError>) -> Void
  ) {
    let loader = manager.loader
    let callbackLoader = manager.callbackLoader
    let inTask = { @Sendable (first: Result<DataResponse, TransferError>?) in
      let task = Task {
        let outcome = await TransferContext.$current.withValue(context) {
          await Self.result { () throws(TransferError) in
            if let first, let direct = callbackLoader {
              return try await direct.load(request, after: first)
            }
            return try await loader.load(request)
          }
        }
        completion(outcome)
      }
      cancellation.add { task.cancel() }
    }
    guard let direct = callbackLoader else { return inTask(nil) }
    let started = direct.startFirstAttempt(request, context: context) { first in
      switch first {
      case .success(let response) where (200..<300).contains(response.statusCode) || response.statusCode == 304:
        completion(first)
      case .failure(.cancelled):
        completion(first)
      default:
        inTask(first)  // the loader's rules for other statuses and transport errors (retries)
      }
    }
    if let started { cancellation.add(started.cancel) } else { inTask(nil) }
  }

  /// `transfer` for a caller that awaits.
  private func transfer(_ request: DataRequest) async -> Result<DataResponse, TransferError> {
    let loader = manager.loader
    guard manager.callbackLoader != nil else {
      return await Self.result { () throws(TransferError) in try await loader.load(request) }
    }
    let cancellation = CancellationBox()
    let context = TransferContext.current
    return await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        transfer(request, context: context, cancellation: cancellation) { continuation.resume(returning: $0) }
      }
    } onCancel: {
      cancellation.cancel()
    }
  }

  private static func result(
    _ load: () async throws(TransferError) -> DataResponse
  ) async -> Result<DataResponse, TransferError> {
    do throws(TransferError) {
      return .success(try await load())
    } catch {
      return .failure(error)
    }
  }

  // MARK: - Response

  /// What the step makes of the loader's answer: new bytes, a 304, or a failure.
  private func respond(_ outcome: Result<DataResponse, TransferError>, completion: @escaping Completion) {
    if case .success(let response) = outcome {
      let store = StoreOriginal(fetch: self)
      if (200..<300).contains(response.statusCode) { return store.downloaded(response, completion: completion) }
      if response.statusCode == 304, let cached {
        return store.revalidated(cached, after: response, completion: completion)
      }
    }
    if case .failure(.cancelled) = outcome { return completion(.failure(.cancelled)) }
    // A failure may read the stale copy from disk: in a task.
    Task {
      do throws(ImageManagerError) {
        completion(.success(try await failed(outcome)))
      } catch {
        completion(.failure(error))
      }
    }
  }

  /// A transport error or a status other than 2xx and 304: the stale copy when the server is in trouble and there is
  /// one, else the error; a copy the server no longer has is removed.
  private func failed(_ outcome: Result<DataResponse, TransferError>) async throws(ImageManagerError) -> DataResult {
    let response: DataResponse
    switch outcome {
    case .success(let value):
      response = value
    case .failure(let error):
      if let stale = await staleResult(because: "\(error)") { return stale }
      manager.count { $0.failures += 1 }
      throw .transfer(url: ImageManagerError.redacted(url), error)
    }
    let serverTrouble = response.statusCode >= 500 || response.statusCode == 408 || response.statusCode == 429
    if serverTrouble, let stale = await staleResult(because: "HTTP \(response.statusCode)") { return stale }
    if cached != nil { try? await manager.removeFromDisk(key) }
    manager.count { $0.failures += 1 }
    throw .httpStatus(url: ImageManagerError.redacted(url), code: response.statusCode)
  }

  /// The stale copy, if there is a usable one, when the network failed (offline first), unless its response
  /// limited that (`stale-if-error`) or forbade it (`must-revalidate`).
  private func staleResult(because reason: String) async -> DataResult? {
    if let until = cached?.metadata.staleIfErrorUntil, manager.clock() >= until { return nil }
    var cached = cached
    if cached?.bytesRead == false { cached = try? await manager.lookupOnDisk(key) }  // the probe left them on disk
    guard let cached, let header = try? manager.decoder.header(of: cached.data) else { return nil }
    manager.logger.notice(
      "serving stale copy", metadata: ["url": "\(ImageManagerError.redacted(url))", "reason": "\(reason)"])
    manager.count { $0.staleServed += 1 }
    return DataResult(url: url, bytes: cached.data, header: header, tier: .disk, isStale: true, decoded: nil)
  }
}
