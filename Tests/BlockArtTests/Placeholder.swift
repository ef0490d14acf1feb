import Testing

@Test func BlockArtTestsPlaceholder() {}
