/// One image request in progress, which its owner can watch, reprioritise and cancel: what
/// `ImageManager.imageTask(with:)` returns. It starts at once.
///
///     let task = manager.imageTask(with: ImageRequest(url: url, priority: .low))
///     task.priority = .high  // the row scrolled into view
///     for await event in task.events {
///       switch event {
///       case .progress(let received, let expected): show(received, of: expected)
///       case .finished(let result): display(result)
///       }
///     }
///
/// Tasks for the same image share one download. A task's priority moves that download in the queue of transfers
/// waiting for a connection (it waits at the highest priority of the tasks and callers that want it); cancelling a
/// task stops the download only when nobody else wants it.
public final class ImageTask: Sendable {
  /// What happens to a task, in order: progress while the image downloads (none when a cache tier has it), then
  /// the outcome, once.
  public enum Event: Sendable {
    /// Body bytes received so far, and the length the server declared (nil when it declared none, or declared the
    /// length of a compressed encoding).
    case progress(received: Int, expected: Int?)
    /// The image, or why there is none. The last event.
    case finished(Result<ImageResponse, ImageManagerError>)
  }

  /// The request this task runs.
  public let request: ImageRequest

  /// The task's progress and its outcome; ends after `.finished`. For one consumer: every event is delivered once.
  public let events: AsyncStream<Event>

  private let context: TransferContext
  private let work: Task<Result<ImageResponse, ImageManagerError>, Never>

  init(request: ImageRequest, manager: ImageManager) {
    self.request = request
    let context = TransferContext(priority: request.priority)
    self.context = context
    let (events, continuation) = AsyncStream.makeStream(of: Event.self)
    self.events = events
    let progress = context.observeProgress { received, expected in
      continuation.yield(.progress(received: received, expected: expected))
    }
    work = Task {
      let result = await TransferContext.$current.withValue(context) {
        () async -> Result<ImageResponse, ImageManagerError> in
        do throws(ImageManagerError) {
          return .success(try await manager.image(for: request))
        } catch {
          return .failure(error)
        }
      }
      context.stopObserving(progress)
      continuation.yield(.finished(result))
      continuation.finish()
      return result
    }
  }

  /// The priority the task's download waits at. Raising it moves a download that has not started ahead of lower
  /// ones; lowering it lets them pass (unless another caller of the same image wants it sooner).
  public var priority: ImageRequest.Priority {
    get { context.priority }
    set { context.priority = newValue }
  }

  /// Stops the task: it finishes with `ImageManagerError.cancelled` (unless it finished already), and its download
  /// stops unless another task or caller still wants the image.
  public func cancel() {
    work.cancel()
  }

  /// The image, once the task finishes. Cancelling the task awaiting it cancels this task too.
  public var response: ImageResponse {
    get async throws(ImageManagerError) {
      try await withTaskCancellationHandler {
        await work.value
      } onCancel: {
        work.cancel()
      }.get()
    }
  }
}

extension ImageManager {
  /// Starts loading `request` as a task that reports its progress, can change its priority while it waits and can
  /// be cancelled on its own. `image(for:)` is the same work for a caller that just awaits the answer.
  public func imageTask(with request: ImageRequest) -> ImageTask {
    ImageTask(request: request, manager: self)
  }
}
