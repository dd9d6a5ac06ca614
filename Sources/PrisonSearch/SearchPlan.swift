import PrisonRules

/// The line of moves a search found for a game, kept so that the next search goes on from it:
/// a player who follows hints (or a searching player) gets the work of every search so far, not
/// only the last one's.
public struct SearchPlan: Hashable, Sendable {
    /// The board the line starts from.
    let board: Board
    /// The line's moves from the board it starts on, each a cell of the group it breaks.
    public let line: [Cell]

    /// The plan of `line`, a line of moves from `board`.
    package init(board: Board, line: [Cell]) {
        self.board = board
        self.line = line
    }

    /// The moves of the line still ahead of `game`: the rest of the line when the game's board is
    /// one the line passes through (the game followed it, breaking any block of each group);
    /// none when the game left the line, was undone past its start, or is another game.
    public func movesAhead(of game: Game) -> [Cell] {
        var board = board
        for step in 0...line.count {
            if board == game.board { return Array(line[step...]) }
            guard step < line.count, (try? board.removeGroup(at: line[step], corners: game.rules.corners)) != nil
            else { break }
        }
        return []
    }
}
