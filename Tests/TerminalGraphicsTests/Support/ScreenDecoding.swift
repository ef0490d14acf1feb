import Foundation

/// What a terminal would make of renderer output: kitty commands with the cell the cursor was on when each
/// arrived (tmux's passthrough unwrapped), and the placeholder cells written as text.
struct ScreenDecoding {
  struct Command {
    var command: KittyCommand
    /// 0-based cursor position when the command arrived.
    var row: Int
    var column: Int
    /// Inside tmux's passthrough wrapping.
    var wrapped: Bool
  }

  /// One placeholder cell: where it was written and what it names.
  struct Placeholder: Hashable {
    var screenRow: Int
    var screenColumn: Int
    var imageID: UInt32
    var row: Int
    var column: Int
  }

  var commands: [Command] = []
  var placeholders: [Placeholder] = []
  /// Cells written with anything other than a placeholder (spaces and text), by position.
  var textCells: Set<[Int]> = []

  init(_ bytes: [UInt8], diacritics: [UInt32]) {
    let numbers = Dictionary(uniqueKeysWithValues: diacritics.enumerated().map { ($0.element, $0.offset) })
    let scalars = Array(String(decoding: bytes, as: UTF8.self).unicodeScalars)
    var (row, column) = (0, 0)
    var saved = (0, 0)
    var colour: UInt32 = 0
    var index = 0
    func number(_ text: String) -> [Int] {
      text.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
    }
    while index < scalars.count {
      let scalar = scalars[index]
      if scalar == "\u{1B}" && index + 1 < scalars.count {
        let next = scalars[index + 1]
        switch next {
        case "7": saved = (row, column); index += 2; continue
        case "8": (row, column) = saved; index += 2; continue
        case "[":
          var end = index + 2
          while end < scalars.count, !(0x40...0x7E).contains(scalars[end].value) { end += 1 }
          let body = String(String.UnicodeScalarView(scalars[(index + 2)..<end]))
          let values = number(body)
          switch scalars[end] {
          case "H": (row, column) = (max(1, values.first ?? 1) - 1, max(1, values.count > 1 ? values[1] : 1) - 1)
          case "B": row += max(1, values.first ?? 1)
          case "A": row -= max(1, values.first ?? 1)
          case "C": column += max(1, values.first ?? 1)
          case "m":
            if values.count == 5, values[0] == 38, values[1] == 2 {
              colour = UInt32(values[2] << 16 | values[3] << 8 | values[4])
            }
          default: break
          }
          index = end + 1
          continue
        case "_", "P":
          // An APC (kitty) or a DCS (tmux passthrough: the sequence inside, every ESC doubled) up to ESC \.
          var end = index + 2
          var inner: [UInt8] = []
          while end + 1 < scalars.count {
            if scalars[end] == "\u{1B}" {
              if next == "P", scalars[end + 1] == "\u{1B}" {
                inner.append(0x1B)
                end += 2
                continue
              }
              if scalars[end + 1] == "\\" { break }
            }
            inner += Array(String(scalars[end]).utf8)
            end += 1
          }
          let wrapped = next == "P"
          let sequence =
            wrapped ? Array(inner.drop(while: { $0 != 0x1B })) : [0x1B, UInt8(ascii: "_")] + inner + [0x1B, 0x5C]
          for command in ProtocolDecoding.kittyCommands(sequence) {
            commands.append(Command(command: command, row: row, column: column, wrapped: wrapped))
          }
          index = end + 2
          continue
        default:
          index += 2
          continue
        }
      }
      if scalar.value == 0x10EEEE {
        var marks: [Int] = []
        var next = index + 1
        while next < scalars.count, let value = numbers[scalars[next].value] {
          marks.append(value)
          next += 1
        }
        let high = marks.count > 2 ? UInt32(marks[2]) << 24 : 0
        placeholders.append(
          Placeholder(
            screenRow: row, screenColumn: column, imageID: high | colour, row: marks.first ?? -1,
            column: marks.count > 1 ? marks[1] : -1))
        column += 1
        index = next
        continue
      }
      if scalar == "\r" {
        column = 0
      } else if scalar == "\n" {
        row += 1
      } else if scalar.value >= 0x20 {
        textCells.insert([row, column])
        column += 1
      }
      index += 1
    }
  }
}
