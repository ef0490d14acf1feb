import Foundation
import ImageCache
import Synchronization
import TerminalGraphics
import Testing

@testable import ArtistBrowser

/// Records the URLs asked for and answers a 1×1 bitmap.
private final class RecordingThumbnailLoader: ThumbnailLoading {
  private let asked = Mutex<[(URL, PixelSize?)]>([])
  var urls: [URL] { asked.withLock { $0.map(\.0) } }
  var boxes: [PixelSize?] { asked.withLock { $0.map(\.1) } }

  func thumbnail(for url: URL) async throws -> ImageBitmap {
    asked.withLock { $0.append((url, nil)) }
    return ImageBitmap(width: 1, height: 1, pixels: [1, 2, 3, 255])
  }

  func thumbnail(for url: URL, fitting box: PixelSize) async throws -> ImageBitmap {
    asked.withLock { $0.append((url, box)) }
    return ImageBitmap(width: 1, height: 1, pixels: [1, 2, 3, 255])
  }
}

@Suite struct ArtistPictureTests {
  @Test func standInURLsRoundTripNamesWithSpacesAndSlashes() {
    for name in ["Radiohead", "Boards of Canada", "AC/DC", "Björk", "東京事変"] {
      let url = ArtistPictureURL.make(artist: name)
      #expect(url.flatMap(ArtistPictureURL.artist(from:)) == name)
    }
    #expect(ArtistPictureURL.artist(from: URL(string: "http://127.0.0.1/a.png")!) == nil)
  }

  @Test func artistsWithoutAPictureGetAStandInAndOthersKeepTheirs() async throws {
    let store = ArtistPictureStore(base: InMemoryArtistsStore())
    let similar = try await store.similarArtists(artist: "Radiohead", limit: 2, policy: .useCache)
    #expect(
      similar.value.map(\.imageURL) == [
        ArtistPictureURL.make(artist: "Thom Yorke"), ArtistPictureURL.make(artist: "Portishead"),
      ])
    let chart = try await store.topArtists(page: 1, limit: 1, policy: .useCache)
    #expect(chart.value.items.first?.imageURL == URL(string: "http://127.0.0.1/img/artist1.png"))
  }

  @Test func aStandInLoadsTheTopAlbumCoverAndRealURLsPassThrough() async throws {
    let base = RecordingThumbnailLoader()
    let loader = ArtistPictureLoader(base: base, store: InMemoryArtistsStore())
    _ = try await loader.thumbnail(for: ArtistPictureURL.make(artist: "radiohead")!)
    _ = try await loader.thumbnail(for: URL(string: "http://127.0.0.1/x.png")!)
    #expect(base.urls == [URL(string: "http://127.0.0.1/img/okc.png")!, URL(string: "http://127.0.0.1/x.png")!])
  }

  @Test func aFittedStandInIsTheTopAlbumCoverFittedTheSameWay() async throws {
    let base = RecordingThumbnailLoader()
    let loader = ArtistPictureLoader(base: base, store: InMemoryArtistsStore())
    let box = PixelSize(width: 24, height: 24)
    _ = try await loader.thumbnail(for: ArtistPictureURL.make(artist: "radiohead")!, fitting: box)
    #expect(base.urls == [URL(string: "http://127.0.0.1/img/okc.png")!])
    #expect(base.boxes == [box])
  }
}
