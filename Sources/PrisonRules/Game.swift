/// A tap on a cell, optionally with its time on the session clock.
public struct Move: Hashable, Sendable, CustomStringConvertible {
    /// The cell tapped.
    public var cell: Cell
    /// When the tap happened, to the microsecond; nil means long after the previous move.
    public var time: Duration? {
        didSet { time = time?.roundedToMicroseconds }
    }

    /// A tap on `cell` at `time` on the session clock (rounded to the microsecond), or untimed.
    public init(_ cell: Cell, at time: Duration? = nil) {
        self.cell = cell
        self.time = time?.roundedToMicroseconds
    }

    /// The move as a line of a moves file: `wall column row`, then `@seconds` when timed.
    public var description: String {
        time.map { "\(cell) @\($0.secondsText)" } ?? "\(cell)"
    }
}

/// Everything a move did, for scoring and for a front end to animate.
public struct MoveOutcome: Hashable, Sendable {
    /// The move played, its time held to the microsecond.
    public let move: Move
    /// The blocks that broke and the blocks that fell or slid.
    public let removal: Removal
    /// Points for the group, multiplier included.
    public let points: Int
    /// The multiplier the removal scored with: 1, or one more than the previous removal's when
    /// it came within the combo window.
    public let multiplier: Int
    /// The clear bonus, when this move cleared the room; otherwise 0.
    public let bonus: Int
}

/// The moves left when they are few.
public struct Danger: Hashable, Sendable {
    /// The groups that can still be removed.
    public let groups: [Group]
    /// The walls that hold them, in wall order.
    public var walls: [Int] { Set(groups.flatMap(\.walls)).sorted() }
}

/// A game in progress: the start board, the rules, and every move played, as a value.
///
/// Every change is a ``Move``; the move log replays the game exactly, and undo and redo go to
/// any depth.
public struct Game: Hashable, Sendable {
    /// The board the game started from.
    public let start: Board
    /// The rules the game is played by.
    public let rules: Rules
    /// The board now.
    public private(set) var board: Board
    /// The moves played, oldest first, with their outcomes.
    public private(set) var history: [MoveOutcome] = []
    /// The moves taken back by undo, the next one to redo last.
    public private(set) var undoneMoves: [Move] = []

    /// Starts a game on `start`, its blocks numbered in cell order (as reading its text numbers
    /// them), so that a save file, which holds the board as text, reloads the identical game.
    public init(start: Board, rules: Rules = Rules()) {
        self.start = start.renumbered
        self.rules = rules
        board = self.start
    }

    /// Starts a game on `start` and plays `moves`, then takes back `undone` of them so that they
    /// can be redone.
    public init(start: Board, rules: Rules = Rules(), replaying moves: [Move], undone: Int = 0) throws(ReplayError) {
        self.init(start: start, rules: rules)
        for (index, move) in moves.enumerated() {
            do { try play(move) } catch { throw ReplayError(index: index, move: move, reason: error) }
        }
        for _ in 0..<max(0, min(undone, moves.count)) { undo() }
    }

    /// The move log: the moves played, oldest first.
    public var moves: [Move] { history.map(\.move) }

    /// The points scored so far, clear bonus included.
    public var score: Int { history.reduce(0) { $0 + $1.points + $1.bonus } }

    /// Whether the room has been cleared.
    public var isCleared: Bool { board.isEmpty }

    /// Whether no move is left: the room is clear or holds only lone blocks.
    public var isOver: Bool { !board.hasMoves(corners: rules.corners) }

    /// The moves the board offers now, one group each.
    public var availableGroups: [Group] { board.groups(corners: rules.corners) }

    /// The moves left when there are at least one and at most ``Rules/dangerThreshold``;
    /// nil otherwise.
    public var danger: Danger? {
        // Any threshold works, even one no file could hold: a room never has more groups.
        let threshold = min(max(rules.dangerThreshold, 0), Rules.maximumDangerThreshold)
        let groups = board.groups(corners: rules.corners, upTo: threshold + 1)
        return groups.isEmpty || groups.count > threshold ? nil : Danger(groups: groups)
    }

    /// The multiplier a removal at `time` would score with now.
    public func multiplier(forTapAt time: Duration?) -> Int {
        guard let time = time?.roundedToMicroseconds, let previous = history.last,
            let previousTime = previous.move.time, time < previousTime + rules.comboWindow
        else { return 1 }
        return previous.multiplier + 1
    }

    /// What playing the block in `cell` at `time` would break and score now, without playing it;
    /// nil when the cell holds no group of two or more blocks.
    public func preview(of cell: Cell, at time: Duration?) -> MovePreview? {
        guard let group = board.group(at: cell, corners: rules.corners), group.size >= 2 else { return nil }
        return preview(of: group, at: time)
    }

    /// What breaking `group` (one of the board's) at `time` would score now, without breaking it.
    public func preview(of group: Group, at time: Duration?) -> MovePreview {
        let multiplier = multiplier(forTapAt: time)
        return MovePreview(
            group: group, points: rules.scoring.points(forGroupOf: group.size, multiplier: multiplier), multiplier: multiplier)
    }

    /// Plays `move`. Throws, changing nothing, when the cell is not a move or the time is before
    /// the previous timed move. A new move clears what undo took back.
    @discardableResult
    public mutating func play(_ move: Move) throws(MoveError) -> MoveOutcome {
        let outcome = try apply(move)
        undoneMoves.removeAll()
        return outcome
    }

    private mutating func apply(_ move: Move) throws(MoveError) -> MoveOutcome {
        if let time = move.time, let previous = history.last(where: { $0.move.time != nil })?.move.time,
            time < previous
        {
            throw .timeBeforePreviousMove(time, previous: previous)
        }
        let multiplier = multiplier(forTapAt: move.time)
        let removal = try board.removeGroup(at: move.cell, corners: rules.corners)
        let outcome = MoveOutcome(
            move: move, removal: removal,
            points: rules.scoring.points(forGroupOf: removal.broken.count, multiplier: multiplier),
            multiplier: multiplier,
            bonus: board.isEmpty ? Rules.clearBonus : 0)
        history.append(outcome)
        return outcome
    }

    /// Takes back the last move and returns what it had done, for a front end to play backwards;
    /// nil when there is nothing to undo.
    @discardableResult
    public mutating func undo() -> MoveOutcome? {
        guard let last = history.popLast() else { return nil }
        board.undo(last.removal)
        undoneMoves.append(last.move)
        return last
    }

    /// Plays again the last move taken back; nil when there is none.
    @discardableResult
    public mutating func redo() -> MoveOutcome? {
        guard let move = undoneMoves.last else { return nil }
        return redo(at: move.time)
    }

    /// Plays again the last move taken back, tapped at `time` instead of its own time (never
    /// earlier than the last timed move; nil means untimed); nil when there is nothing to redo.
    @discardableResult
    public mutating func redo(at time: Duration?) -> MoveOutcome? {
        guard var move = undoneMoves.popLast() else { return nil }
        let previous = history.last(where: { $0.move.time != nil })?.move.time
        move.time = time.map { max($0, previous ?? $0) }
        do {
            return try apply(move)
        } catch {
            preconditionFailure("a move taken back by undo replays: \(error)")
        }
    }
}

/// A move in a log that could not be replayed.
public struct ReplayError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The move's place in the log, from 0.
    public let index: Int
    /// The move that failed.
    public let move: Move
    /// Why the move is not legal on the board it met.
    public let reason: MoveError

    /// The move's number from 1, the move and the reason: `move 3 (0 2 1): cell (0 2 1) is empty`.
    public var description: String { "move \(index + 1) (\(move)): \(reason)" }
}

/// What a move would do, worked out before it is played (`Game.preview(of:at:)`): the
/// group it breaks, the points it scores and the multiplier they include. The one place a
/// move's score is worked out ahead: the world's taps, the session's hover and hints use it.
public struct MovePreview: Hashable, Sendable {
    /// The group that would break.
    public let group: Group
    /// The points it would score, multiplier included.
    public let points: Int
    /// The multiplier the move would score with.
    public let multiplier: Int
}
