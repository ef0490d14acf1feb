import Testing

@testable import DemoCatalog

@Suite struct RequestParsingTests {
  @Test func queryParametersAreFormDecodedWithLowercasedNames() {
    let parameters = DemoResponder.parameters("Method=artist.getInfo&artist=Sigur+R%C3%B3s&api_key=&x")
    #expect(parameters == ["method": "artist.getInfo", "artist": "Sigur Rós", "api_key": "", "x": ""])
  }

  @Test func jsonIsWrittenInKeyOrderWithEscapes() {
    let value = JSONValue.object([
      "b": .string("say \"hi\"\n\u{1}é"), "a": .array([.int(1), .orderedObject([("#text", .string(""))])]),
    ])
    #expect(value.serialized == ##"{"b":"say \"hi\"\n\u0001é","a":[1,{"#text":""}]}"##)
  }

  @Test func matchScoresAreWrittenLikeLastFM() {
    #expect(DemoAPI.decimal(1) == "1")
    #expect(DemoAPI.decimal(0.511468) == "0.511468")
    #expect(DemoAPI.decimal(0.25) == "0.25")
  }
}
