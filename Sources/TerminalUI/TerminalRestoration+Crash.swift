import Glibc

/// A crash (a fault, a trap such as a Swift runtime failure, an abort) puts the terminal back too: raw mode, the
/// alternate screen and bracketed paste would otherwise outlive the process. The handler restores, then gives the
/// signal back to whoever handled it before (the Swift runtime's backtracer, or the default action), so the crash
/// report and the exit status stay what they were.
extension TerminalRestoration {
  static let crashSignals = [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE, SIGABRT]

  // Filled once, before any handler can run; read from handlers.
  nonisolated(unsafe) private static let previousActions: UnsafeMutablePointer<sigaction> = {
    let actions = UnsafeMutablePointer<sigaction>.allocate(capacity: Int(NSIG))
    actions.initialize(repeating: .init(), count: Int(NSIG))
    return actions
  }()

  static func installCrashHandlers() {
    for signalNumber in crashSignals {
      var action: sigaction = .init()
      action.__sigaction_handler.sa_sigaction = { received, info, _ in
        TerminalRestoration.restoreAndPassOnCrash(received, sentByProcess: (info?.pointee.si_code ?? 0) <= 0)
      }
      action.sa_flags = SA_SIGINFO
      sigemptyset(&action.sa_mask)
      _ = sigaction(signalNumber, &action, previousActions + Int(signalNumber))
    }
  }

  /// A fault returns to the instruction that faulted, which faults again and reaches the previous handler; a
  /// signal sent by `kill`, `raise` or `abort` (si_code ≤ 0) would not come back, so it is raised again (it is
  /// blocked in this handler and delivered to the previous one as this returns).
  private static func restoreAndPassOnCrash(_ signalNumber: Int32, sentByProcess: Bool) {
    restore()
    _ = sigaction(signalNumber, previousActions + Int(signalNumber), nil)
    if sentByProcess { _ = raise(signalNumber) }
  }
}
