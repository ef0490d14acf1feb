import ImageCache

extension CurlDataLoader.Configuration {
  /// For tests, whose servers hold or stall replies until the test acts: a busy run may schedule the test late,
  /// and the default 15 s stall cut-off, or the 60 s one for a whole transfer (which a starved whole-suite run
  /// exceeded), would end the transfer before the test had its turn.
  public static var patient: Self { Self(stallTimeout: .seconds(300), transferTimeout: .seconds(600)) }
}
