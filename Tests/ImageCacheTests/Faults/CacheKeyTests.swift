import Foundation
import ImageCache
import Testing

@Suite struct CacheKeyTests {
  @Test func credentialsAreDroppedTheRestOfTheQueryStays() {
    let url = URL(string: "https://img.example/a/b.png?size=64&api_key=SECRET&API_SIG=x&sk=y#frag")!
    #expect(CacheKey.make(for: url) == "https://img.example/a/b.png?size=64")
  }

  @Test func aQueryOfOnlyCredentialsDisappears() {
    #expect(CacheKey.make(for: URL(string: "http://h/x.jpg?api_key=S")!) == "http://h/x.jpg")
  }

  @Test func userInfoIsDropped() {
    #expect(CacheKey.make(for: URL(string: "http://user:pw@h:8080/x.jpg?v=2")!) == "http://h:8080/x.jpg?v=2")
  }

  @Test func urlsWithoutSecretsAreUnchanged() {
    let text = "http://127.0.0.1:4000/img/1.png?round=3&x=%20y"
    #expect(CacheKey.make(for: URL(string: text)!) == text)
  }
}
