import PrisonRules
import PrisonSearch

extension World {
    /// The best next move a search finds within `budget`, scored with the multiplier a tap now
    /// would get: the hint a front end shows. Nil when no move is left. The search runs on this
    /// thread; a front end that must not wait can call `Game.hint(within:at:seed:continuing:)`
    /// on a copy of ``game`` elsewhere.
    public func hint(within budget: SearchBudget = .seconds(0.2)) -> Group? {
        game.hint(within: budget, at: time)
    }
}
