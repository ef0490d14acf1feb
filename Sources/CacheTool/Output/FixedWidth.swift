extension String {
  /// Exactly `width` characters: cut, or filled with spaces on the right, for the columns of `ls` and `doctor`
  /// (Foundation's `padding(toLength:withPad:startingAt:)` does the same from full Foundation).
  func fixedWidth(_ width: Int) -> String {
    count >= width ? String(prefix(width)) : self + String(repeating: " ", count: width - count)
  }
}
