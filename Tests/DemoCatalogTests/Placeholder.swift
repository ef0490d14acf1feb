import Testing

@Test func DemoCatalogTestsPlaceholder() {}
