import ImageCache
import ImageCacheSupport
import Testing

@testable import DemoCatalog

@Suite struct CoverTests {
  let store = CoverStore(catalog: sharedCatalog)

  @Test(arguments: CoverSize.allCases)
  func coversAreValidPNGsOfTheirSize(size: CoverSize) throws {
    let album = sharedCatalog.artists[5].albums[0]
    let image = try #require(try store.image(id: album.coverID, size: size))
    let dimensions = try #require(PNGHeader.dimensions(image.png))
    #expect(dimensions.width == size.pixels && dimensions.height == size.pixels)
  }

  @Test func everyAlbumHasADistinctSmallCover() throws {
    let albums = sharedCatalog.artists.flatMap(\.albums)
    var seen: Set<[UInt8]> = []
    for album in albums {
      // Painted directly, so the check does not depend on the store's cache budget.
      let bitmap = CoverPainter.cover(id: album.coverID, size: CoverSize.small.pixels)
      #expect(seen.insert(bitmap.pixels).inserted, "duplicate cover for \(album.name)")
    }
    #expect(seen.count == albums.count)
  }

  @Test func designsDifferBeyondGrain() {
    // Grain alone would make any two covers differ; the designs themselves must differ too.
    let albums = sharedCatalog.artists[0].albums
    let ids = albums.map(\.coverID)
    let flatDesigns = Set(
      ids.map { id -> [Int] in
        var random = SplitMix64(seed: CoverPainter.seed(of: id))
        let palette = CoverPalette(random: &random)
        let layout = CoverLayout(random: &random)
        return stride(from: 0.05, to: 1, by: 0.1).flatMap { y in
          stride(from: 0.05, to: 1, by: 0.1).map { x in
            let colour = palette.colours[layout.colourIndex(x: x, y: y)]
            return Int(colour.red) << 16 | Int(colour.green) << 8 | Int(colour.blue)
          }
        }
      })
    #expect(flatDesigns.count == ids.count)
  }

  @Test func largeCoversHaveRealisticByteSizes() throws {
    for album in sharedCatalog.artists[10].albums {
      let image = try #require(try store.image(id: album.coverID, size: .large))
      #expect((10_000...80_000).contains(image.png.count), "\(image.png.count) bytes")
    }
  }

  /// Golden: a change to painting or encoding shows up here.
  @Test func goldenCover() throws {
    let album = sharedCatalog.artists[0].albums[0]
    let image = try #require(try store.image(id: album.coverID, size: .large))
    #expect(album.coverID == "cdfe0439e5bd6d84259fded735c408d5")
    #expect(image.png.count == 26_378)
    #expect(image.etag == "\"4bb907c3c4bdb64c-670a\"")
  }

  @Test func sameCoverTwiceIsServedFromTheCache() throws {
    let id = sharedCatalog.artists[1].albums[1].coverID
    let first = try store.image(id: id, size: .medium)
    let second = try store.image(id: id, size: .medium)
    #expect(first != nil && first == second)
  }

  @Test func placeholderStarIsAGreyPNG() throws {
    let image = try #require(try store.image(id: "2a96cbd8b46e442fc41c2b86b821562f", size: .extralarge))
    #expect(PNGHeader.dimensions(image.png)?.width == 300)
    let bitmap = CoverPainter.placeholderStar(size: 34)
    let pixels: [UInt8] = bitmap.pixels
    let greys = stride(from: 0, to: pixels.count, by: 4).allSatisfy { (offset: Int) -> Bool in
      pixels[offset] == pixels[offset + 1] && pixels[offset + 1] == pixels[offset + 2]
    }
    #expect(greys)
    // The star's centre is darker than the corner.
    let centre = (17 * 34 + 17) * 4
    #expect(bitmap.pixels[centre] < bitmap.pixels[0])
  }

  @Test func unknownIDHasNoImage() throws {
    #expect(try store.image(id: "00000000000000000000000000000000", size: .small) == nil)
  }
}

@Suite struct CoverStoreBudgetTests {
  @Test func keepsTheMostRecentlyUsedCoversWithinItsBudget() throws {
    // Given four small covers, and a store with room for exactly the first, third and fourth
    let ids = sharedCatalog.artists(in: 0..<2).flatMap(\.albums).prefix(4).map(\.coverID)
    let sizes = try ids.map {
      try #require(try CoverStore(catalog: sharedCatalog).image(id: $0, size: .small)).png.count
    }
    let budget = sizes[0] + sizes[2] + sizes[3]
    let store = CoverStore(catalog: sharedCatalog, byteBudget: budget)
    // When the first three are served, the first is asked for again, then the fourth
    for id in ids.prefix(3) { _ = try store.image(id: id, size: .small) }
    _ = try store.image(id: ids[0], size: .small)
    _ = try store.image(id: ids[3], size: .small)
    // Then the least recently used one went and the rest stay, the budget filled exactly
    #expect(ids.map { store.isCached(id: $0, size: .small) } == [true, false, true, true])
    #expect(store.cachedBytes == budget)
  }
}
