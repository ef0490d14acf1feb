import FoundationEssentials

/// An image past a memory miss, as one request names it: the image job that callers with the same memory key and
/// options share. Without processors it is the original, decoded (`DecodeImage`). With them, a processed copy on
/// disk answers when the request keeps one there (`ProcessImage.stored`); else the original (from memory when it is
/// shown unprocessed elsewhere, else decoded, in a decode job requests with other processors share) is processed.
/// What it makes goes into the memory tier unless the request skips it.
struct LoadImage: Sendable {
  let manager: ImageManager
  let request: ImageRequest
  /// Where the result goes in the memory tier.
  let memoryKey: ImageCacheKey

  func run() async throws(ImageManagerError) -> ImageResponse {
    let url = request.url
    let key = manager.cacheKey(for: url)
    let mode = LoadMode(request.options)
    let usesMemory = !request.options.contains(.skipMemoryTier)
    guard !request.processors.isEmpty else {
      let original = try await DecodeImage(manager: manager, url: url, key: key, mode: mode).run()
      if usesMemory { manager.memory.setImage(original.bitmap, forKey: memoryKey) }
      return original
    }
    let process = ProcessImage(manager: manager, request: request, key: key, mode: mode)
    if !mode.reload, let stored = await process.stored() {
      if usesMemory { manager.memory.setImage(stored.bitmap, forKey: memoryKey) }
      return stored
    }
    let original: ImageResponse
    if usesMemory, !mode.reload, let bitmap = manager.memory.image(forKey: ImageCacheKey(key)) {
      // Shown unprocessed elsewhere: processing it costs no decode.
      original = ImageResponse(url: url, bitmap: bitmap, tier: .memory, byteCount: 0, isStale: false)
    } else {
      let decode = DecodeImage(manager: manager, url: url, key: key, mode: mode)
      original = try await manager.coalesced(
        manager.imageJobs, .decode(LoadJobKey(url: url, mode: mode)), priority: request.priority,
        context: TransferContext.current
      ) { () throws(ImageManagerError) in try await decode.run() }
    }
    let processed = try await process.run(on: original)
    if usesMemory { manager.memory.setImage(processed.bitmap, forKey: memoryKey) }
    return processed
  }
}
