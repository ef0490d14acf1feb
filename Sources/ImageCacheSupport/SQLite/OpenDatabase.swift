/// An open database and which file it opened, swapped as one when a damaged file is replaced
/// (`DamagedDatabase.moveAside`): the image index and the Last.fm metadata cache recover the same way.
public final class OpenDatabase: Sendable {
  public let pool: SQLiteDatabase
  /// The file `pool` opened; recovery moves only this one aside.
  public let identity: DamagedDatabase.FileIdentity?

  public init(pool: SQLiteDatabase, identity: DamagedDatabase.FileIdentity?) {
    self.pool = pool
    self.identity = identity
  }

  /// Whether `path` still names the file this database opened (not moved aside, not replaced by another process).
  public func isStill(at path: String) -> Bool {
    identity == nil || DamagedDatabase.identity(ofFileAt: path) == identity
  }
}
