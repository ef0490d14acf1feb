/// The orders `s` cycles through on the listener's charts and the tag's lists.
enum ListingSortOrder: String, Codable, CaseIterable, Sendable {
  case rank
  case name
  case plays

  /// The next of `orders` (the tag's lists carry no play counts to sort by), wrapping to the first.
  func next(among orders: [ListingSortOrder] = allCases) -> ListingSortOrder {
    guard let place = orders.firstIndex(of: self) else { return orders.first ?? .rank }
    return orders[(place + 1) % orders.count]
  }

  /// How the list's title says it; the chart's own order says nothing.
  var label: String { self == .rank ? "" : "by \(rawValue)" }
}

/// Sorts chart rows as `ArtistSorting` sorts artists: names case-insensitively and locale-independently, the most
/// played first, the rank breaking every tie so the order is the same on every machine.
enum ListingSorting {
  static func sorted(_ items: [ListeningItem], by order: ListingSortOrder) -> [ListeningItem] {
    let rank = { (item: ListeningItem) in item.rank ?? .max }
    switch order {
    case .rank:
      return items.sorted { rank($0) < rank($1) }
    case .name:
      return items.sorted { lhs, rhs in
        let (left, right) = (ArtistSorting.nameKey(lhs.name), ArtistSorting.nameKey(rhs.name))
        return left == right ? rank(lhs) < rank(rhs) : left.lexicographicallyPrecedes(right)
      }
    case .plays:
      return items.sorted { lhs, rhs in
        let (left, right) = (lhs.playCount ?? -1, rhs.playCount ?? -1)
        return left == right ? rank(lhs) < rank(rhs) : left > right
      }
    }
  }
}
