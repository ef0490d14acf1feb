import ImageCache

extension CurlDataLoader.Configuration {
  /// For tests, whose servers hold or stall replies until the test acts: a busy run may schedule the test late,
  /// and the default 15 s stall cut-off would end the transfer before the test had its turn.
  public static var patient: Self { Self(stallTimeout: .seconds(300)) }
}
