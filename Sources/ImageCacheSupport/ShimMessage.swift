extension String {
  /// The NUL-terminated message a C shim wrote into `buffer`.
  public init(shimMessage buffer: [CChar]) {
    let bytes = buffer.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }
    self.init(decoding: bytes, as: UTF8.self)
  }
}
