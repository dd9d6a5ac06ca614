import PrisonRules
import PrisonSearch

/// Thinks about every move with a search from the game's board and breaks the first group of
/// the best line found. The line found for one move is where the search for the next begins,
/// so the player never plays to a worse end than it has already seen.
///
/// With a tap interval shorter than the combo window, every tap combos: the player counts the
/// multipliers its taps will make and saves large groups for when they are worth more.
public struct SearchingPlayer: Player {
    /// The search it plays by.
    public let method: SearchMethod
    /// Its random numbers, thinking time and tap interval.
    public let settings: PlayerSettings
    private var generator: SeededGenerator
    /// The line the last search found.
    private var plan: SearchPlan?

    /// A player that searches with `method` before each move.
    public init(method: SearchMethod, settings: PlayerSettings) {
        self.method = method
        self.settings = settings
        generator = settings.generator
    }

    /// The next group of the best line found from the game's board, or nil when none is left.
    public mutating func chooseGroup(in game: Game) -> Group? {
        guard !game.isOver else { return nil }
        let search = Search(
            method: method, goal: game.goalOfNextMove(tapInterval: settings.tapInterval), budget: settings.thinking,
            seed: generator.next())
        let planned = plan?.movesAhead(of: game) ?? []
        let line = search.run(from: game.board, startingWith: planned, shouldStop: settings.shouldStop).line
        // A search that was stopped before its first rollout has no line: the game is abandoned.
        guard let first = line.moves.first else { return nil }
        plan = SearchPlan(board: game.board, line: line.moves)
        return game.board.group(at: first, corners: game.rules.corners)!
    }
}

extension Game {
    /// What a search for the next move scores: the multiplier the next tap gets, and, when taps
    /// come every `tapInterval` (less than the combo window), the multipliers after it.
    func goalOfNextMove(tapInterval: Duration?) -> SearchGoal {
        guard let tapInterval else { return SearchGoal(rules: rules) }
        let next = history.last?.move.time.map { $0 + tapInterval } ?? .zero
        return SearchGoal(
            rules: rules, nextMultiplier: multiplier(forTapAt: next), isChained: tapInterval < rules.comboWindow)
    }
}
