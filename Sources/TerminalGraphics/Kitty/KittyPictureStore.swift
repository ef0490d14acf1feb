import Synchronization

/// The pictures this run keeps in a kitty terminal: one image id per picture (its URL and pixel box), whether its
/// data is there now, and how much the terminal holds for us. A picture's data is sent once; after that, showing
/// it anywhere is a placement of a few bytes. When the data held passes `budget`, the pictures used least
/// recently are freed (their data deleted from the terminal, `a=d,d=I`) until it fits again; a freed picture is
/// sent again, in full, the next time it is shown.
///
/// The budget counts decoded pixels (4 bytes each), which is what the terminal keeps, not the PNG sent.
public final class KittyPictureStore: Sendable {
  /// 64 MiB of pixels: about 240 square pictures of 260 pixels, several screens of a wall of covers, well under
  /// kitty's own quota for a terminal (320 MB), which would otherwise evict our pictures without telling.
  public static let defaultBudget = 64 << 20
  /// Ids this store hands out start here and grow; the range is ours to delete at once on leaving.
  public static let firstID: UInt32 = 0x100
  public static let ids: ClosedRange<UInt32> = firstID...0x00FF_FFFF

  public let budget: Int

  /// What `use` found: the picture's id, whether its data must be sent now, and which pictures to free.
  public struct Use: Equatable, Sendable {
    public var id: UInt32
    public var needsTransmission: Bool
    public var freed: [UInt32]
  }

  private struct Entry {
    var id: UInt32
    var bytes: Int
    var transmitted: Bool
    var lastUse: UInt64
  }

  private struct State {
    var entries: [String: Entry] = [:]
    var nextID = KittyPictureStore.firstID
    var clock: UInt64 = 0
    var held = 0
  }

  private let state = Mutex(State())

  public init(budget: Int = KittyPictureStore.defaultBudget) {
    self.budget = budget
  }

  /// The id of the picture named `key`, given one the first time it is asked for (nothing is sent).
  public func id(for key: String) -> UInt32 {
    state.withLock { state in Self.entry(for: key, in: &state).id }
  }

  /// Records that the picture named `key`, of `pixelBytes` decoded bytes, is shown now. The caller sends its
  /// data when `needsTransmission` says so (the store counts it as held from now on) and frees the `freed` ids.
  public func use(_ key: String, pixelBytes: Int) -> Use {
    state.withLock { state in
      var entry = Self.entry(for: key, in: &state)
      state.clock += 1
      entry.lastUse = state.clock
      let needsTransmission = !entry.transmitted
      if needsTransmission {
        entry.transmitted = true
        entry.bytes = pixelBytes
        state.held += pixelBytes
      }
      state.entries[key] = entry
      var freed: [UInt32] = []
      while state.held > budget {
        // Least recently used first; the picture being shown stays even when it alone is over the budget.
        guard
          let oldest = state.entries.filter({ $0.key != key && $0.value.transmitted })
            .min(by: { $0.value.lastUse < $1.value.lastUse })
        else { break }
        state.entries[oldest.key]?.transmitted = false
        state.held -= oldest.value.bytes
        freed.append(oldest.value.id)
      }
      return Use(id: entry.id, needsTransmission: needsTransmission, freed: freed)
    }
  }

  /// Pixels held in the terminal now, by this store's count.
  public var heldBytes: Int { state.withLock { $0.held } }

  /// Forgets that any data is in the terminal (after it was all freed): every picture is sent again when shown.
  /// Ids stay, so a placement already written keeps naming the right picture.
  public func forgetTransmissions() {
    state.withLock { state in
      for key in state.entries.keys { state.entries[key]?.transmitted = false }
      state.held = 0
    }
  }

  private static func entry(for key: String, in state: inout State) -> Entry {
    if let entry = state.entries[key] { return entry }
    let entry = Entry(id: state.nextID, bytes: 0, transmitted: false, lastUse: 0)
    state.nextID = state.nextID == ids.upperBound ? firstID : state.nextID + 1
    state.entries[key] = entry
    return entry
  }
}
