import FoundationEssentials

/// The orders `s` cycles through.
enum ArtistSortOrder: String, Codable, Cycling {
  case rank
  case name
  case listeners

  var label: String { rawValue }
}

/// Sorting rules shared by the list scenes. Name order is case-insensitive and locale-independent
/// (lowercased Unicode scalars, rank as tie-breaker), so it is the same on every machine.
enum ArtistSorting {
  static func sorted(_ artists: [ArtistSummary], by order: ArtistSortOrder) -> [ArtistSummary] {
    switch order {
    case .rank:
      return artists.sorted { $0.rank < $1.rank }
    case .name:
      return artists.sorted { lhs, rhs in
        let (left, right) = (nameKey(lhs.name), nameKey(rhs.name))
        return left == right ? lhs.rank < rhs.rank : left.lexicographicallyPrecedes(right)
      }
    case .listeners:
      return artists.sorted { lhs, rhs in
        let (left, right) = (lhs.listeners ?? -1, rhs.listeners ?? -1)
        return left == right ? lhs.rank < rhs.rank : left > right
      }
    }
  }

  static func nameKey(_ name: String) -> [UInt32] {
    name.lowercased().unicodeScalars.map(\.value)
  }
}

extension ArtistSortOrder: Sendable {}
