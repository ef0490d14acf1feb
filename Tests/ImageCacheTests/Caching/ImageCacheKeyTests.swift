import Testing

@testable import ImageCache

@Suite struct ImageCacheKeyTests {
  static let bitmap = ImageBitmap(width: 1, height: 1, pixels: [1, 2, 3, 4])
  static let other = ImageBitmap(width: 2, height: 1, pixels: [5, 6, 7, 8, 9, 10, 11, 12])

  @Test func keysFromEqualStringsAreEqualAndFindTheSameEntry() {
    // Given an image stored under a key built from one String instance
    let store = ImageMemoryStore()
    store.setImage(Self.bitmap, forKey: ImageCacheKey("https://a.test/" + "x.png"))

    // When looked up with a key built separately, and with the plain String
    let viaKey = store.image(forKey: ImageCacheKey("https://a.test/x.png"))
    let viaString = store.image(forKey: "https://a.test/x.png")

    // Then both hit
    #expect(viaKey == Self.bitmap)
    #expect(viaString == Self.bitmap)
    #expect(ImageCacheKey("a") == ImageCacheKey("a"))
    #expect(ImageCacheKey("a") != ImageCacheKey("b"))
  }

  @Test func collidingHashesStaySeparateEntries() {
    // Given two different URLs forced onto the same hash
    let store = ImageMemoryStore()
    let first = ImageCacheKey("https://a.test/1.png", hash: 42)
    let second = ImageCacheKey("https://a.test/2.png", hash: 42)
    #expect(first != second)

    // When both are stored
    store.setImage(Self.bitmap, forKey: first)
    store.setImage(Self.other, forKey: second)

    // Then each keeps its own image, and removing one leaves the other
    #expect(store.image(forKey: first) == Self.bitmap)
    #expect(store.image(forKey: second) == Self.other)
    store.removeImage(forKey: first)
    #expect(store.image(forKey: first) == nil)
    #expect(store.image(forKey: second) == Self.other)
  }

  @Test func dictionaryAndSetAgreeWithEquality() {
    let keys = (0..<1000).map { ImageCacheKey("https://a.test/\($0).png") }
    let again = (0..<1000).map { ImageCacheKey("https://a.test/\($0).png") }
    let set = Set(keys)
    #expect(set.count == 1000)
    #expect(again.allSatisfy(set.contains))
    #expect(!set.contains(ImageCacheKey("https://a.test/1000.png")))
  }
}
