import Testing

@Test func EndToEndTestsPlaceholder() {}
