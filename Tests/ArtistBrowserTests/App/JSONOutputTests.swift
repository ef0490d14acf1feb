import Foundation
import Testing

@_spi(Benchmarks) @testable import ArtistBrowser

/// `--json` through each scene's whole VIP cycle (interactor data → presenter → view controller → encoder), on the
/// seed catalog: exact documents, numbers as numbers. The built tool's output is checked against docs/schemas by
/// the end-to-end tests.
extension TextOutputTests {
  private func json(_ entry: EntryScene, store: InMemoryArtistsStore = Seeds.store()) async -> String {
    let result = await run(entry, format: .json, store: store)
    #expect(result.exitCode == 0, "\(result.standardError)")
    return result.standardOutput
  }

  @Test func chartJSONHasRanksAndCountsAsNumbers() async {
    #expect(
      await json(.topArtists) == #"""
        {
          "artists" : [
            {
              "imageURL" : "http://127.0.0.1/img/cher.png",
              "listeners" : 1234567,
              "name" : "Cher",
              "playCount" : 98765432,
              "rank" : 1
            },
            {
              "listeners" : 12345,
              "name" : "abba",
              "playCount" : 987,
              "rank" : 2
            },
            {
              "listeners" : 987,
              "name" : "Björk",
              "playCount" : 12,
              "rank" : 3
            }
          ],
          "hasMore" : false,
          "scene" : "chart",
          "sort" : "rank",
          "source" : "lastFM",
          "stale" : false
        }

        """#)
  }

  @Test func artistJSONKeepsTheBioAndTagsAsGivenWithoutControlCharacters() async {
    #expect(
      await json(.artist("cher")) == #"""
        {
          "albums" : [
            {
              "artist" : "Cher",
              "imageURL" : "http://127.0.0.1/img/believe.png",
              "name" : "Believe",
              "playCount" : 2345678,
              "rank" : 1
            },
            {
              "artist" : "Cher",
              "name" : "Closer to the Truth",
              "playCount" : 456,
              "rank" : 2
            }
          ],
          "artist" : {
            "bio" : "Cher is an American singer.  <a href=\"https://www.last.fm/music/Cher\">Read more on Last.fm</a>",
            "imageURL" : "http://127.0.0.1/img/cher.png",
            "listeners" : 1234567,
            "name" : "Cher",
            "playCount" : 45678901,
            "tags" : [
              "pop",
              "dance",
              "80s"
            ]
          },
          "scene" : "artist",
          "source" : "lastFM",
          "stale" : false
        }

        """#)
  }

  @Test func albumJSONHasDurationsInSecondsAndLeavesUnknownOnesOut() async {
    #expect(
      await json(.album(artist: "Cher", album: "Believe")) == #"""
        {
          "album" : {
            "artist" : "Cher",
            "listeners" : 456789,
            "name" : "Believe",
            "playCount" : 2345678,
            "tracks" : [
              {
                "duration" : 225,
                "name" : "Believe",
                "number" : 1
              },
              {
                "duration" : 3723,
                "name" : "The Power",
                "number" : 2
              },
              {
                "name" : "Runaway",
                "number" : 3
              }
            ]
          },
          "scene" : "album",
          "source" : "lastFM",
          "stale" : false
        }

        """#)
  }

  @Test func similarJSONHasMatchFractionsBestFirst() async {
    #expect(
      await json(.similar("Cher")) == #"""
        {
          "artist" : "Cher",
          "scene" : "similar",
          "similar" : [
            {
              "match" : 1,
              "name" : "Kylie Minogue"
            },
            {
              "match" : 0.873,
              "name" : "Madonna"
            },
            {
              "match" : 0.004,
              "name" : "Dusty Springfield"
            }
          ],
          "source" : "lastFM",
          "stale" : false
        }

        """#)
  }

  @Test func searchJSONHasTheQueryAndRanksInResultOrder() async {
    #expect(
      await json(.search("b"), store: Seeds.store(source: .offlineCache)) == #"""
        {
          "artists" : [
            {
              "listeners" : 12345,
              "name" : "abba",
              "playCount" : 987,
              "rank" : 1
            },
            {
              "listeners" : 987,
              "name" : "Björk",
              "playCount" : 12,
              "rank" : 2
            }
          ],
          "query" : "b",
          "scene" : "search",
          "sort" : "rank",
          "source" : "offlineCache",
          "stale" : false
        }

        """#)
  }

  @Test func namesInJSONLoseEscapeSequencesAndControlCharactersOnly() async {
    var catalog = InMemoryArtistsStore.Catalog()
    catalog.chart = [ArtistSummary(rank: 1, name: "Evil\u{1B}]0;title\u{07}\u{1B}[2J Band\r\nTwo  ", listeners: 5)]
    let output = await json(.topArtists, store: InMemoryArtistsStore(catalog: catalog))
    #expect(output.contains(#""name" : "Evil Band  Two  ","#), "\(output)")
  }
}
