/// A decoder that checks a body where it streamed in, in its file, without copying it into an array: over a mapping
/// of the file, or, for a PNG whose structure `PNGStreamCheck` passed as it arrived, from its first bytes alone, so
/// the file is not read back. A decoder that does not declare it checks a streamed body through an array
/// (`ImageDecoding.validate(_:limits:)`). The manager asks once, when it is made, not per request.
protocol StreamedBodyValidating: ImageDecoding {
  /// `validate(_:limits:)` over bytes that are not in an array (a file mapped into memory), without copying them.
  func validate(mapped bytes: UnsafeRawBufferPointer, limits: DecodingLimits) throws(ImageDecodingError)
    -> ImageHeader
  /// The header and the pixel limit of a PNG whose chunks were checked as they arrived; `head` is its first bytes.
  func validate(streamedPNGHead head: [UInt8], limits: DecodingLimits) throws(ImageDecodingError) -> ImageHeader
}
