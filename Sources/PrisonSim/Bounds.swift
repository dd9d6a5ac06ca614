import ArgumentParser
import PrisonRules

/// The longest a searching player of `run` may think about one move: a game has a hundred moves
/// or more, so a minute a move is already hours a game; `solve` is for long searches.
let maximumThinkSeconds = 60.0
/// The most playouts a searching player of `run` may run for one move: minutes of work at the
/// tens of thousands of playouts a second the searches run.
let maximumThinkPlayouts = 10_000_000
/// The longest time between two taps of `run`: past the longest combo window, taps never combo,
/// so a longer wait changes nothing but the clock.
let maximumTapInterval = Rules.maximumComboWindow

/// Refuses `run` options that would make a run that never ends.
func checkRunBounds(think: Double, thinkPlayouts: Int?, tapInterval: Duration) throws {
    guard think > 0, think <= maximumThinkSeconds else {
        throw ValidationError("--think must be more than 0 and at most \(Int(maximumThinkSeconds)) seconds, not \(think)")
    }
    if let thinkPlayouts, !(1...maximumThinkPlayouts).contains(thinkPlayouts) {
        throw ValidationError("--think-playouts must be 1 to \(maximumThinkPlayouts), not \(thinkPlayouts)")
    }
    guard tapInterval > .zero, tapInterval <= maximumTapInterval else {
        throw ValidationError(
            "--tap-interval must be more than 0 and at most \(maximumTapInterval.secondsText) seconds, not \(tapInterval.secondsText)")
    }
}
