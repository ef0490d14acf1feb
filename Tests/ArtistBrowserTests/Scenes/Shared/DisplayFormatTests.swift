import Testing

@testable import ArtistBrowser

@Suite struct DisplayFormatTests {
  @Test(arguments: [
    (0, "0"), (987, "987"), (999, "999"), (1_000, "1K"), (12_345, "12.3K"), (999_949, "999.9K"),
    (999_950, "1M"), (1_234_567, "1.2M"), (2_000_000, "2M"), (1_500_000_000, "1.5B"), (-12_345, "-12.3K"),
  ])
  func compactCounts(value: Int, expected: String) {
    #expect(DisplayFormat.compactCount(value) == expected)
  }

  @Test func countedWords() {
    #expect(DisplayFormat.counted(1_234_567, "listener", "listeners") == "1.2M listeners")
    #expect(DisplayFormat.counted(1, "listener", "listeners") == "1 listener")
    #expect(DisplayFormat.counted(nil, "listener", "listeners") == "")
  }

  @Test(arguments: [(225, "3:45"), (59, "0:59"), (3723, "1:02:03"), (36_000, "10:00:00"), (0, "–")])
  func durations(seconds: Int, expected: String) {
    #expect(DisplayFormat.duration(seconds) == expected)
  }

  @Test func percentages() {
    #expect(DisplayFormat.percent(0.873) == "87%")
    #expect(DisplayFormat.percent(0.875) == "88%")
    #expect(DisplayFormat.percent(1) == "100%")
    #expect(DisplayFormat.percent(1.7) == "100%")
    #expect(DisplayFormat.percent(-1) == "0%")
    #expect(DisplayFormat.percent(.nan) == "0%")
  }

  @Test func cleanStripsEscapesControlsAndCuts() {
    #expect(DisplayFormat.clean("\u{1B}[2JCher", columns: 10) == "Cher")
    #expect(DisplayFormat.clean("\u{1B}]0;title\u{07}Cher\u{1B}[0m", columns: 10) == "Cher")
    #expect(DisplayFormat.clean("a\u{1B}]8;;http://x\u{1B}\\link\u{1B}]8;;\u{1B}\\b", columns: 10) == "alinkb")
    #expect(DisplayFormat.clean("line\none\ttab", columns: 20) == "line one tab")
    #expect(DisplayFormat.clean("abcdefghij", columns: 5) == "abcd…")
  }

  @Test func htmlIsStripped() {
    #expect(
      DisplayFormat.plainText(fromHTML: "Rock &amp; roll. <a href=\"https://x\">Read more</a>")
        == "Rock & roll. Read more")
  }
}

@Suite struct SceneTextTests {
  @Test func wrapsWordsAndMarksWhatWasCut() {
    #expect(SceneText.wrap("one two three four", width: 9, maxLines: 3) == ["one two", "three", "four"])
    #expect(SceneText.wrap("one two three four", width: 9, maxLines: 2) == ["one two", "three …"])
    #expect(SceneText.wrap("abcdefghijkl", width: 5, maxLines: 2) == ["abcd…"])
    #expect(SceneText.wrap("", width: 5, maxLines: 2) == [])
  }
}

@Suite struct ListViewportTests {
  @Test func movesClampAndScroll() {
    var sut = ListViewport()
    sut.setCount(20)
    sut.visibleRows = 5
    sut.move(by: 7)
    #expect(sut.selection == 7)
    #expect(sut.visibleRange == 3..<8)
    sut.moveToBottom()
    #expect(sut.selection == 19)
    #expect(sut.visibleRange == 15..<20)
    sut.page(by: -1)
    #expect(sut.selection == 15)
    sut.moveToTop()
    #expect(sut.visibleRange == 0..<5)
    sut.move(by: -3)
    #expect(sut.selection == 0)
  }

  @Test func shrinkingContentKeepsTheSelectionInside() {
    var sut = ListViewport()
    sut.setCount(10)
    sut.moveToBottom()
    sut.setCount(3)
    #expect(sut.selection == 2)
    sut.setCount(0)
    #expect(sut.selection == 0)
    #expect(sut.visibleRange == 0..<0)
  }

  @Test func nearTheEnd() {
    var sut = ListViewport()
    sut.setCount(20)
    sut.move(by: 13)
    #expect(!sut.isNear(endWithin: 5))
    sut.move(by: 1)
    #expect(sut.isNear(endWithin: 5))
  }
}

@Suite struct ArtistSortingTests {
  @Test func nameOrderIsCaseInsensitiveWithRankTieBreak() {
    let artists = [
      ArtistSummary(rank: 1, name: "beta"), ArtistSummary(rank: 2, name: "Alpha"),
      ArtistSummary(rank: 3, name: "alpha"), ArtistSummary(rank: 4, name: "Émile"),
    ]
    #expect(ArtistSorting.sorted(artists, by: .name).map(\.rank) == [2, 3, 1, 4])
  }

  @Test func listenersDescendingUnknownLast() {
    let artists = [
      ArtistSummary(rank: 1, name: "a", listeners: nil), ArtistSummary(rank: 2, name: "b", listeners: 5),
      ArtistSummary(rank: 3, name: "c", listeners: 9),
    ]
    #expect(ArtistSorting.sorted(artists, by: .listeners).map(\.rank) == [3, 2, 1])
  }
}
