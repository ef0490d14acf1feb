import Testing

@Test func ImageCacheTestsPlaceholder() {}
