/// What a key steps through in a fixed order, wrapping round: `s` the sort orders, `Tab` a page's lists.
protocol Cycling: CaseIterable, Equatable {}

extension Cycling {
  var next: Self {
    let all = Array(Self.allCases)
    return all[((all.firstIndex(of: self) ?? 0) + 1) % all.count]
  }
}

/// The lists of a page that `Tab` goes through, in their order (a listener's, a tag's, a range of the archive's).
protocol PageTabs: Cycling {
  var title: String { get }
}

extension PageTabs {
  /// Every list's title in `Tab` order, the shown one in brackets; `separator` between them.
  static func tabs(shown: Self, separator: String = " ") -> String {
    allCases.map { $0 == shown ? "[\($0.title)]" : $0.title }.joined(separator: separator)
  }
}
