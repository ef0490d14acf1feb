import Foundation
import ImageCache
import Synchronization
import TerminalGraphics

@testable import ArtistBrowser

/// A loader whose answers wait until the test releases them; records what was asked and what was cancelled.
final class GatedThumbnailLoader: ThumbnailLoading {
  private struct State {
    var requested: [URL] = []
    var boxes: [PixelSize?] = []
    var priorities: [URL: ImageRequest.Priority] = [:]
    var cancelled: [URL] = []
    var isOpen = false
    var waiting: [Int: CheckedContinuation<Void, Never>] = [:]
    var cancelledIDs: Set<Int> = []
    var nextID = 0
    var observers: [(condition: @Sendable ([URL], [URL]) -> Bool, continuation: CheckedContinuation<Void, Never>)] =
      []
  }

  private let state = Mutex(State())

  var requested: [URL] { state.withLock { $0.requested } }
  /// The pixel box each request asked the cover to fit, in order (nil: asked as it is).
  var boxes: [PixelSize?] { state.withLock { $0.boxes } }
  var cancelled: [URL] { state.withLock { $0.cancelled } }
  /// The priority each URL was last asked for at (asked without one: `.normal`).
  var priorities: [URL: ImageRequest.Priority] { state.withLock { $0.priorities } }

  func thumbnail(for url: URL) async throws -> ImageBitmap {
    try await answer(url, box: nil)
  }

  func thumbnail(for url: URL, fitting box: PixelSize) async throws -> ImageBitmap {
    try await answer(url, box: box)
  }

  func thumbnail(for url: URL, fitting box: PixelSize, priority: ImageRequest.Priority) async throws -> ImageBitmap {
    state.withLock { $0.priorities[url] = priority }
    return try await answer(url, box: box)
  }

  private func answer(_ url: URL, box: PixelSize?) async throws -> ImageBitmap {
    let id = state.withLock { state in
      state.nextID += 1
      state.requested.append(url)
      state.boxes.append(box)
      return state.nextID
    }
    notifyObservers()
    await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        let resumeNow = state.withLock { state in
          if state.isOpen || state.cancelledIDs.contains(id) { return true }
          state.waiting[id] = continuation
          return false
        }
        if resumeNow { continuation.resume() }
      }
    } onCancel: {
      let continuation = state.withLock { state in
        state.cancelled.append(url)
        state.cancelledIDs.insert(id)
        return state.waiting.removeValue(forKey: id)
      }
      continuation?.resume()
      notifyObservers()
    }
    try Task.checkCancellation()
    return ImageBitmap(width: 1, height: 1, pixels: [255, 0, 0, 255])
  }

  /// Lets every waiting and future request finish.
  func open() {
    let continuations = state.withLock { state in
      state.isOpen = true
      defer { state.waiting.removeAll() }
      return Array(state.waiting.values)
    }
    for continuation in continuations { continuation.resume() }
  }

  /// Suspends until `condition(requested, cancelled)` holds.
  func waitUntil(_ condition: @escaping @Sendable ([URL], [URL]) -> Bool) async {
    await withCheckedContinuation { continuation in
      let holds = state.withLock { state in
        if condition(state.requested, state.cancelled) { return true }
        state.observers.append((condition, continuation))
        return false
      }
      if holds { continuation.resume() }
    }
  }

  private func notifyObservers() {
    let ready = state.withLock { state in
      let (met, unmet) = (
        state.observers.filter { $0.condition(state.requested, state.cancelled) },
        state.observers.filter { !$0.condition(state.requested, state.cancelled) }
      )
      state.observers = unmet
      return met.map(\.continuation)
    }
    for continuation in ready { continuation.resume() }
  }
}

/// Draws a thumbnail as its size in letters, so a test can tell it from the placeholder.
struct LetterThumbnailRenderer: ThumbnailRendering {
  func render(_ bitmap: ImageBitmap, columns: Int, rows: Int) -> [String] {
    Array(repeating: String(repeating: "#", count: columns), count: rows)
  }
}
