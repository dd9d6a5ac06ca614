import Foundation
import Synchronization

/// SIGINT, SIGTERM and SIGHUP (Ctrl-C, closing the terminal, logging out, a shutdown) end the
/// game as quitting does, saving it: the handler only notes the signal, and the frame loop, which
/// looks at the note every frame, stops and saves.
enum QuitSignals {
    private static let signalNumber = Atomic<Int32>(0)

    /// The signal received, if any.
    static var received: Int32? {
        let number = signalNumber.load(ordering: .relaxed)
        return number == 0 ? nil : number
    }

    /// Installs the handlers, and unblocks the signals in case a parent started us with them blocked.
    static func catchAll() {
        var signals = sigset_t()
        sigemptyset(&signals)
        for number in [SIGINT, SIGTERM, SIGHUP] {
            signal(number) { QuitSignals.signalNumber.store($0, ordering: .relaxed) }
            sigaddset(&signals, number)
        }
        sigprocmask(SIG_UNBLOCK, &signals, nil)
    }
}
