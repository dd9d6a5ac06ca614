import PrisonRules

/// A played game playing itself back on the world clock. The first move is due at the start;
/// each later one follows the move before it by the time between them, or, when either has no
/// time, by a steady ``untimedPace``: longer than the rules' combo window, so untimed moves score
/// as they do on the rules alone, with no combo.
package struct Replay: Hashable, Sendable {
    /// The game's moves, in the order they are played back.
    let moves: [Move]
    /// How many moves have been handed out.
    private(set) var played = 0
    /// When the next move is due.
    private var nextDue: Duration
    /// The wait before or after a move with no time.
    let untimedPace: Duration

    /// A replay of `moves` whose first move is due at `start` (world time).
    package init(moves: [Move], startingAt start: Duration, untimedPace: Duration) {
        self.moves = moves
        self.untimedPace = untimedPace
        nextDue = start
    }

    /// When the next move is due (world time), or nil once every move is handed out.
    var nextMoveDue: Duration? { isFinished ? nil : nextDue }

    /// Whether every move has been handed out.
    package var isFinished: Bool { played == moves.count }

    /// The wall of the next move, for the head to turn to before it plays.
    package var upcomingWall: Int? { isFinished ? nil : moves[played].cell.wall }

    /// The moves due by `now`, in order.
    package mutating func due(at now: Duration) -> [Move] {
        var due: [Move] = []
        while !isFinished, nextDue <= now {
            let move = moves[played]
            due.append(move)
            played += 1
            guard !isFinished else { break }
            if let time = move.time, let next = moves[played].time {
                nextDue += max(.zero, next - time)
            } else {
                nextDue += untimedPace
            }
        }
        return due
    }
}
