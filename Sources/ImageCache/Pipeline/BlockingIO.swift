import Dispatch
internal import ImageCacheSupport

/// SQLite calls block. The cooperative pool has one thread per core (two here), so blocking work is sent
/// to a queue of its own instead of stalling every task in the process.
enum BlockingIO {
  private static let queue = DispatchQueue(label: "ImageCache.BlockingIO", qos: .userInitiated, attributes: .concurrent)

  static func run<T: Sendable, E: Error>(_ body: @escaping @Sendable () throws(E) -> T) async throws(E) -> T {
    let result: Result<T, E> = await withCheckedContinuation { continuation in
      BlockingWork.queue(queue).async {
        do throws(E) {
          continuation.resume(returning: .success(try body()))
        } catch {
          continuation.resume(returning: .failure(error))
        }
      }
    }
    return try result.get()
  }
}
