import FoundationEssentials
import Logging

/// The original image at `url` decoded, from disk or network as `mode` allows (`FetchOriginalData`); the memory tier
/// is the caller's business. Bytes that do not decode are never kept: fresh from the network that is the caller's
/// error; from disk the copy rotted behind the cache's back, and a fresh one is fetched, decoded before it is stored.
struct DecodeImage: Sendable {
  let manager: ImageManager
  let url: URL
  /// `cacheKey(for: url)`.
  let key: String
  let mode: LoadMode

  func run() async throws(ImageManagerError) -> ImageResponse {
    let data = try await manager.loadData(url, key: key, validation: .decode, mode: mode)
    let bitmap: ImageBitmap
    if let decoded = data.decoded {
      bitmap = decoded
    } else {
      do throws(ImageDecodingError) {
        bitmap = try manager.decoder.decode(data.bytes, limits: manager.limits)
      } catch {
        return try await replaceUndecodable(data, error: error)
      }
    }
    if let storeError = data.storeError { manager.reportStoreFailure(storeError) }
    return ImageResponse(
      url: url, bitmap: bitmap, tier: data.tier, byteCount: data.bytes.count, isStale: data.isStale,
      storedExpiry: data.storedExpiry)
  }

  private func replaceUndecodable(
    _ data: DataResult, error: ImageDecodingError
  ) async throws(ImageManagerError) -> ImageResponse {
    if !mode.skipDisk { try? await manager.removeFromDisk(key) }
    if data.tier == .network { throw .decoding(url: ImageManagerError.redacted(url), error) }
    manager.logger.warning("damaged cache entry removed", metadata: ["url": "\(ImageManagerError.redacted(url))"])
    let fresh = try await manager.loadData(url, key: key, validation: .decode, mode: mode)
    let repaired: ImageBitmap
    if let decoded = fresh.decoded {
      repaired = decoded
    } else {
      repaired = try manager.decodeOrThrow(fresh.bytes, url)
    }
    return ImageResponse(
      url: url, bitmap: repaired, tier: fresh.tier, byteCount: fresh.bytes.count, isStale: fresh.isStale,
      storedExpiry: fresh.storedExpiry)
  }
}
