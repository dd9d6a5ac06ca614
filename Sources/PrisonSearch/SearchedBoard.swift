import PrisonRules

extension SolvableBoard {
    /// A random board that a search cleared, with the moves it found: the way to solvable
    /// boards of few colours in big rooms, where the backward construction of
    /// `SolvableBoard.random(room:colours:corners:seed:)` gets stuck (and where random boards
    /// are easy to clear). Boards of the seed's stream are tried in turn, each with a beam search
    /// of `playouts`, so the same arguments give the same board; nil when none of `boards` was
    /// cleared, or once `shouldStop` returns true (asked between boards and during searches).
    public static func searched(
        room: Room, colours: Int, corners: CornerLinks = .linked, seed: UInt64, playouts: Int = 20_000,
        boards: Int = 20, shouldStop: @escaping @Sendable () -> Bool = { false }
    ) throws(BoardError) -> SolvableBoard? {
        var seeds = SeededGenerator(seed: seed, stream: 0x5EA8C4ED)
        for _ in 0..<boards {
            if shouldStop() { return nil }
            let board = try Board.random(room: room, colours: colours, seed: seeds.next())
            let search = Search(
                method: .beam, goal: SearchGoal(rules: Rules(corners: corners)), budget: SearchBudget(playouts: playouts),
                seed: seed)
            let line = search.run(from: board, shouldStop: shouldStop).line
            if line.isCleared { return SolvableBoard(board: board, solution: line.moves) }
        }
        return nil
    }
}

extension SolvableBoard {
    /// A solvable board built backwards (`SolvableBoard.random(room:colours:corners:seed:)`),
    /// or, where few colours make that get stuck, one a search cleared
    /// (``searched(room:colours:corners:seed:playouts:boards:shouldStop:)``); nil when neither
    /// finds one, or once `shouldStop` returns true (asked while either works).
    public static func generated(
        room: Room, colours: Int, corners: CornerLinks = .linked, seed: UInt64,
        shouldStop: @escaping @Sendable () -> Bool = { false }
    ) throws(BoardError) -> SolvableBoard? {
        if let built = try constructed(room: room, colours: colours, corners: corners, seed: seed, shouldStop: shouldStop) {
            return built
        }
        return try searched(room: room, colours: colours, corners: corners, seed: seed, shouldStop: shouldStop)
    }
}
