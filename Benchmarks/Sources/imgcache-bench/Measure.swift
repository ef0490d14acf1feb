import Foundation

/// Median of repeated timed batches: robust against a shared, noisy machine.
struct Measurement {
  var name: String
  var nanosecondsPerOperation: [Double]

  var median: Double {
    let sorted = nanosecondsPerOperation.sorted()
    return sorted[sorted.count / 2]
  }

  var line: String {
    let sorted = nanosecondsPerOperation.sorted()
    return String(
      format: "%@: median %@ per op (min %@, max %@, %d batches)", name, Self.format(median),
      Self.format(sorted.first!),
      Self.format(sorted.last!), sorted.count)
  }

  static func format(_ ns: Double) -> String {
    if ns < 1_000 { return String(format: "%.1f ns", ns) }
    if ns < 1_000_000 { return String(format: "%.2f µs", ns / 1_000) }
    return String(format: "%.2f ms", ns / 1_000_000)
  }
}

func measure(_ name: String, batches: Int = 21, operations: Int, _ body: () throws -> Void) rethrows -> Measurement {
  let clock = ContinuousClock()
  var samples: [Double] = []
  try body()  // warm-up
  for _ in 0..<batches {
    let elapsed = try clock.measure {
      for _ in 0..<operations { try body() }
    }
    let ns = Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
    samples.append(ns / Double(operations))
  }
  return Measurement(name: name, nanosecondsPerOperation: samples)
}

/// Like `measure`, but `body` performs all `operations` itself, so per-operation call overhead is not counted.
func measureBatches(
  _ name: String, batches: Int = 21, operations: Int, _ body: () throws -> Void
) rethrows -> Measurement {
  let clock = ContinuousClock()
  var samples: [Double] = []
  try body()  // warm-up
  for _ in 0..<batches {
    let elapsed = try clock.measure(body)
    let ns = Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
    samples.append(ns / Double(operations))
  }
  return Measurement(name: name, nanosecondsPerOperation: samples)
}

let asyncBatches = Int(ProcessInfo.processInfo.environment["BENCH_BATCHES"] ?? "") ?? 21

/// Like `measureBatches`, for a body that suspends (the manager's async API). `BENCH_BATCHES` sets the number of
/// batches, so two runs under callgrind that differ only in it give the instructions of one operation.
func measureBatchesAsync(
  _ name: String, batches: Int = asyncBatches, operations: Int, _ body: () async -> Void
) async -> Measurement {
  let clock = ContinuousClock()
  var samples: [Double] = []
  for _ in 0..<batches {
    let elapsed = await clock.measure { await body() }
    let ns = Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
    samples.append(ns / Double(operations))
  }
  return Measurement(name: name, nanosecondsPerOperation: samples)
}
