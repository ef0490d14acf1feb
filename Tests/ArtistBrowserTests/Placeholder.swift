import Testing

@Test func ArtistBrowserTestsPlaceholder() {}
