/// The best glyph and two colours for one cell of samples: the least squared error over every candidate shape of
/// the table, each shown in the mean colours of the samples it covers and of the rest.
///
/// Every candidate is tried (a few dozen), not only the shapes a two-colour split of the cell suggests: with
/// region sums and subset sums a candidate costs a handful of integer operations, and the exhaustive search is
/// never worse than a split along one colour axis. Scores are exact integers, so ties go the same way everywhere
/// (to the earlier candidate: the uniform cell, then sextants before quadrants).
struct SymbolFitter {
  /// The chosen split of one cell.
  struct Fit {
    /// The glyph with the foreground on its set regions, and the one with the regions swapped.
    var shape: Unicode.Scalar
    var complement: Unicode.Scalar
    /// Samples in the foreground, as bits `row * columns + column` of the cell's sample grid.
    var foregroundSamples: UInt16
    /// Mean colours, 8-bit RGB; equal when the cell is best drawn in one colour.
    var foreground: (UInt8, UInt8, UInt8)
    var background: (UInt8, UInt8, UInt8)
  }

  private struct Candidate {
    var family: Int
    var pattern: Int
    var count: Int
  }

  let table: GlyphTable
  /// Byte offsets, from a cell's first sample, of each family's regions' samples, region after region.
  private var sampleOffsets: [Int] = []
  /// Per family, where each region's offsets start in `sampleOffsets` (regions + 1 entries).
  private var regionStarts: [[Int]] = []
  private var candidates: [Candidate] = []
  /// Per family, the foreground sample mask of every pattern.
  private var masks: [[UInt16]] = []
  /// `weights[k] = 27720 / k` (27720 is divisible by every count up to 12), so a score `|sum|² / count` stays
  /// an exact integer.
  private let weights: [Int]
  private let samplesPerCell: Int
  /// Scratch for region sums and subset sums, reused for every cell.
  private var regionSums: [Int]
  private var subsetSums: [Int]

  /// `rowStride` is the byte length of one row of samples (3 bytes per sample).
  init(table: GlyphTable, rowStride: Int) {
    self.table = table
    samplesPerCell = table.columns * table.rows
    precondition(samplesPerCell <= 12, "27720 covers sample counts up to 12")
    weights = (0...12).map { $0 == 0 ? 0 : 27720 / $0 }
    var largestFamily = 0
    for (familyIndex, family) in table.families.enumerated() {
      var starts: [Int] = []
      for region in family.regions {
        starts.append(sampleOffsets.count)
        for sample in region { sampleOffsets.append(sample.row * rowStride + sample.column * 3) }
      }
      starts.append(sampleOffsets.count)
      regionStarts.append(starts)
      masks.append((0..<family.glyphs.count).map { family.sampleMask(of: $0, samplesPerRow: table.columns) })
      for pattern in family.candidates {
        candidates.append(
          Candidate(family: familyIndex, pattern: pattern, count: masks[familyIndex][pattern].nonzeroBitCount))
      }
      largestFamily = max(largestFamily, family.glyphs.count)
    }
    regionSums = [Int](repeating: 0, count: 6 * 3)
    subsetSums = [Int](repeating: 0, count: table.families.count * largestFamily * 3)
  }

  /// Fits the cell whose first (upper-left) sample starts at byte `origin` of `samples`.
  mutating func fit(_ samples: UnsafeBufferPointer<UInt8>, at origin: Int) -> Fit {
    let stride = subsetSums.count / table.families.count
    let count = samplesPerCell
    var best = (score: Int.min, candidate: 0)
    var total = (0, 0, 0)
    sampleOffsets.withUnsafeBufferPointer { offsets in
      regionSums.withUnsafeMutableBufferPointer { regionSums in
        subsetSums.withUnsafeMutableBufferPointer { sums in
          for familyIndex in 0..<table.families.count {
            let starts = regionStarts[familyIndex]
            let regionCount = starts.count - 1
            for region in 0..<regionCount {
              var red = 0
              var green = 0
              var blue = 0
              for index in starts[region]..<starts[region + 1] {
                let p = origin + offsets[index]
                red += Int(samples[p])
                green += Int(samples[p + 1])
                blue += Int(samples[p + 2])
              }
              regionSums[region * 3] = red
              regionSums[region * 3 + 1] = green
              regionSums[region * 3 + 2] = blue
            }
            // Sum of every pattern from the pattern without its lowest region.
            let base = familyIndex * stride
            sums[base] = 0
            sums[base + 1] = 0
            sums[base + 2] = 0
            for pattern in 1..<(1 << regionCount) {
              let rest = base + (pattern & (pattern - 1)) * 3
              let region = pattern.trailingZeroBitCount * 3
              let target = base + pattern * 3
              sums[target] = sums[rest] + regionSums[region]
              sums[target + 1] = sums[rest + 1] + regionSums[region + 1]
              sums[target + 2] = sums[rest + 2] + regionSums[region + 2]
            }
            if familyIndex == 0 {
              let all = base + ((1 << regionCount) - 1) * 3
              total = (sums[all], sums[all + 1], sums[all + 2])
            }
          }
          // Squared error = Σ|x|² − |S|²/k − |T−S|²/(n−k): the first term is the same for every candidate.
          candidates.withUnsafeBufferPointer { candidates in
            weights.withUnsafeBufferPointer { weights in
              for index in 0..<candidates.count {
                let candidate = candidates[index]
                let s = candidate.family * stride + candidate.pattern * 3
                let red = sums[s]
                let green = sums[s + 1]
                let blue = sums[s + 2]
                let restRed = total.0 - red
                let restGreen = total.1 - green
                let restBlue = total.2 - blue
                let score =
                  (red * red + green * green + blue * blue) * weights[candidate.count]
                  + (restRed * restRed + restGreen * restGreen + restBlue * restBlue)
                  * weights[count - candidate.count]
                if score > best.score { best = (score, index) }
              }
            }
          }
        }
      }
    }
    let chosen = candidates[best.candidate]
    let family = table.families[chosen.family]
    let s = chosen.family * stride + chosen.pattern * 3
    let covered = (subsetSums[s], subsetSums[s + 1], subsetSums[s + 2])
    let rest = (total.0 - covered.0, total.1 - covered.1, total.2 - covered.2)
    let background = Self.mean(rest, count: count - chosen.count)
    return Fit(
      shape: family.glyphs[chosen.pattern], complement: family.glyphs[family.glyphs.count - 1 - chosen.pattern],
      foregroundSamples: masks[chosen.family][chosen.pattern],
      foreground: chosen.count == 0 ? background : Self.mean(covered, count: chosen.count), background: background)
  }

  /// Rounded mean of `count` samples' summed channels.
  @inline(__always)
  private static func mean(_ sum: (Int, Int, Int), count: Int) -> (UInt8, UInt8, UInt8) {
    (
      UInt8((2 * sum.0 + count) / (2 * count)), UInt8((2 * sum.1 + count) / (2 * count)),
      UInt8((2 * sum.2 + count) / (2 * count))
    )
  }
}

extension SymbolFitter: Sendable {}
