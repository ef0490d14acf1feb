import Testing

@Test func LastFMTestsPlaceholder() {}
