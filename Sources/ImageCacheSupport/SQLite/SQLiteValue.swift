internal import CSQLite

/// A Swift type that binds to a statement parameter and reads back from a result column.
public protocol SQLiteValue {
  /// Binds `self` to parameter `index` (1-based) of `statement`; SQLite's result code.
  func bind(to statement: OpaquePointer, at index: Int32) -> Int32
  /// Reads column `index` (0-based) of the current row. NULL reads as zero or empty; `Optional` reads it as nil.
  static func read(from statement: OpaquePointer, at index: Int32) -> Self
  /// Binds `value`, or NULL when it is nil. `Optional`'s conformance hands its payload here, to code compiled for
  /// the wrapped type, rather than unwrapping it in generic code once per bound value.
  static func bind(_ value: Self?, to statement: OpaquePointer, at index: Int32) -> Int32
}

extension SQLiteValue {
  public static func bind(_ value: Self?, to statement: OpaquePointer, at index: Int32) -> Int32 {
    guard let value else { return sqlite3_bind_null(statement, index) }
    return value.bind(to: statement, at: index)
  }
}

/// SQLite copies bound text and blobs before the bind returns (`SQLITE_TRANSIENT`), so Swift's buffers need not
/// outlive the call.
private let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
/// A byte to point at when binding an empty string.
private nonisolated(unsafe) let emptyText = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)

extension Int: SQLiteValue {
  public func bind(to statement: OpaquePointer, at index: Int32) -> Int32 {
    sqlite3_bind_int64(statement, index, Int64(self))
  }
  public static func read(from statement: OpaquePointer, at index: Int32) -> Int {
    Int(sqlite3_column_int64(statement, index))
  }
}

extension Int64: SQLiteValue {
  public func bind(to statement: OpaquePointer, at index: Int32) -> Int32 {
    sqlite3_bind_int64(statement, index, self)
  }
  public static func read(from statement: OpaquePointer, at index: Int32) -> Int64 {
    sqlite3_column_int64(statement, index)
  }
}

extension Double: SQLiteValue {
  public func bind(to statement: OpaquePointer, at index: Int32) -> Int32 {
    sqlite3_bind_double(statement, index, self)
  }
  public static func read(from statement: OpaquePointer, at index: Int32) -> Double {
    sqlite3_column_double(statement, index)
  }
}

extension String: SQLiteValue {
  public func bind(to statement: OpaquePointer, at index: Int32) -> Int32 {
    var text = self
    return text.withUTF8 { bytes in
      // An empty string has no buffer; any valid pointer with length 0 binds '' (nil would bind NULL).
      let base = UnsafeRawPointer(bytes.baseAddress ?? UnsafePointer(emptyText)).assumingMemoryBound(to: CChar.self)
      return sqlite3_bind_text(statement, index, base, Int32(bytes.count), transient)
    }
  }
  public static func read(from statement: OpaquePointer, at index: Int32) -> String {
    guard let text = sqlite3_column_text(statement, index) else { return "" }
    let count = Int(sqlite3_column_bytes(statement, index))
    return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
  }
}

extension [UInt8]: SQLiteValue {
  public func bind(to statement: OpaquePointer, at index: Int32) -> Int32 {
    withUnsafeBytes { bytes in
      // A zero-length blob, not NULL: SQLite takes a nil pointer as NULL.
      guard let base = bytes.baseAddress else { return sqlite3_bind_zeroblob(statement, index, 0) }
      return sqlite3_bind_blob(statement, index, base, Int32(bytes.count), transient)
    }
  }
  public static func read(from statement: OpaquePointer, at index: Int32) -> [UInt8] {
    // The pointer first, then the size: that is the order SQLite's documentation asks for.
    guard let base = sqlite3_column_blob(statement, index) else { return [] }
    let count = Int(sqlite3_column_bytes(statement, index))
    return [UInt8](UnsafeRawBufferPointer(start: base, count: count))
  }
}

extension Optional: SQLiteValue where Wrapped: SQLiteValue {
  public func bind(to statement: OpaquePointer, at index: Int32) -> Int32 {
    Wrapped.bind(self, to: statement, at: index)
  }
  public static func read(from statement: OpaquePointer, at index: Int32) -> Wrapped? {
    sqlite3_column_type(statement, index) == SQLITE_NULL ? nil : Wrapped.read(from: statement, at: index)
  }
}
