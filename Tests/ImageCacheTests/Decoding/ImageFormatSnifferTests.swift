import Testing

@testable import ImageCache

@Suite struct ImageFormatSnifferTests {
  @Test(arguments: [
    ("<!DOCTYPE html>\n<html><body>Not Found</body></html>", "HTML page"),
    ("  \n<html lang=\"en\"><head>", "HTML page"),
    ("\u{FEFF}<!doctype HTML>", "HTML page"),
    ("GIF89a\u{01}\u{00}\u{01}\u{00}", "GIF image"),
    ("GIF87a\u{01}\u{00}", "GIF image"),
    ("{\"error\":6,\"message\":\"The artist you supplied could not be found\",\"links\":[]}", "JSON text"),
    ("<?xml version=\"1.0\"?><svg xmlns=\"http://www.w3.org/2000/svg\"/>", "SVG image"),
    ("<!-- maintenance --><head><title>Down</title></head>", "HTML or XML text"),
    ("Forbidden\r\n", "text \"Forbidden\""),
    (
      "upstream connect error or disconnect/reset before headers. reset reason: overflow",
      "text \"upstream connect error or disconnect/res…\""
    ),
  ])
  func textLikeBodiesGetAHelpfulHint(body: String, hint: String) {
    let data = Array(body.utf8)
    #expect(throws: ImageDecodingError.unsupportedFormat(hint: hint)) { try ImageFormatSniffer.format(of: data) }
    #expect(throws: ImageDecodingError.unsupportedFormat(hint: hint)) { try ImageDecoder().decode(data) }
  }

  @Test func emptyBodyIsNamed() {
    #expect(throws: ImageDecodingError.unsupportedFormat(hint: "empty body")) { try ImageDecoder().header(of: []) }
    #expect(throws: ImageDecodingError.unsupportedFormat(hint: "empty body")) {
      try ImageDecoder().decode([], limits: .default)
    }
  }

  @Test func unknownBytesAreShownInHex() {
    let random: [UInt8] = [0x00, 0x9C, 0x3C, 0x21, 0xE7, 0x0B, 0x45, 0xFE, 0x13, 0x77]
    #expect(throws: ImageDecodingError.unsupportedFormat(hint: "unknown bytes 00 9C 3C 21 E7 0B 45 FE ...")) {
      try ImageDecoder().decode(random, limits: .default)
    }
    #expect(throws: ImageDecodingError.unsupportedFormat(hint: "unknown bytes AB CD")) {
      try ImageFormatSniffer.format(of: [0xAB, 0xCD])
    }
  }

  @Test func magicBytesDecideTheFormat() throws {
    #expect(try ImageFormatSniffer.format(of: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0]) == .png)
    #expect(try ImageFormatSniffer.format(of: [0xFF, 0xD8, 0xFF, 0xE0]) == .jpeg)
    #expect(throws: ImageDecodingError.corrupt(format: .jpeg, reason: "start of image not followed by a marker")) {
      try ImageFormatSniffer.format(of: [0xFF, 0xD8, 0x00, 0x00])
    }
  }

  @Test func errorDescriptionsReadWell() {
    let error = ImageDecodingError.unsupportedFormat(hint: "HTML page")
    #expect(error.description == "not a PNG or JPEG image (HTML page)")
  }
}
