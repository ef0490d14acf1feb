/// One page of a paged Last.fm answer (`@attr` paging, or `opensearch:*` for searches).
public struct Page<Item> {
  public var items: [Item]
  /// 1-based.
  public var page: Int
  public var perPage: Int
  public var totalPages: Int
  public var total: Int

  public init(items: [Item], page: Int, perPage: Int, totalPages: Int, total: Int) {
    self.items = items
    self.page = page
    self.perPage = perPage
    self.totalPages = totalPages
    self.total = total
  }

  public var hasNextPage: Bool { page < totalPages }
}

extension Page: Sendable where Item: Sendable {}
extension Page: Equatable where Item: Equatable {}
