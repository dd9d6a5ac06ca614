import PrisonRules
import PropertyBased
import Testing

/// Invariants over thousands of random games on rooms of every kind.
@Suite("Properties of random games")
struct PropertyTests {
    static let rooms = Gen.int(in: 0...testRooms.count - 1).map { testRooms[$0] }
    static let colours = Gen.int(in: 2...6)
    static let seeds = Gen<UInt64>.value(in: 0...UInt64.max)
    static let ruleSets = [
        Rules(), Rules(scoring: .nMinus1), Rules(corners: .open), Rules(comboWindow: .milliseconds(300)),
    ]
    static let rules = Gen.int(in: 0...ruleSets.count - 1).map { ruleSets[$0] }

    /// Whether the board is settled: no block above an empty cell, no empty column left of a
    /// filled one on the same wall.
    func isSettled(_ board: Board) -> Bool {
        let room = board.room
        for wall in 0..<room.walls {
            var seenEmptyColumn = false
            for column in 0..<room.width {
                let height = board.height(ofColumn: column, onWall: wall)
                for row in 0..<room.height where (board[cell(wall, column, row)] != nil) != (row < height) {
                    return false
                }
                if height > 0 && seenEmptyColumn { return false }
                seenEmptyColumn = seenEmptyColumn || height == 0
            }
        }
        return true
    }

    @Test("Every move conserves blocks, settles the room and reports exactly what changed")
    func moveInvariants() async {
        await propertyCheck(count: 400, input: Self.rooms, Self.colours, Self.seeds, Self.rules) { room, colours, seed, rules in
            let start = try Board.random(room: room, colours: colours, seed: seed)
            let game = try playRandomGame(on: start, rules: rules, seed: seed) { before, after, outcome in
                let removed = outcome.removal.broken.count
                #expect(removed >= 2)
                #expect(before.board.blockCount == after.board.blockCount + removed)
                #expect(isSettled(after.board))
                // The outcome describes the change: broken blocks were where it says and are gone;
                // moved blocks went from where they were to where they are; nothing else changed.
                for broken in outcome.removal.broken {
                    #expect(before.board[broken.cell] == broken.block)
                }
                let brokenIDs = Set(outcome.removal.broken.map(\.block.id))
                #expect(!after.board.placedBlocks.contains { brokenIDs.contains($0.block.id) })
                var expected = colourMap(of: before.board)
                for broken in outcome.removal.broken { expected[broken.cell] = nil }
                for motion in outcome.removal.moved {
                    #expect(before.board[motion.from] == motion.block)
                    #expect(after.board[motion.to] == motion.block)
                    #expect(motion.from.wall == motion.to.wall, "blocks never change wall")
                    #expect(motion.to.row <= motion.from.row && motion.to.column <= motion.from.column)
                    expected[motion.from] = nil
                }
                for motion in outcome.removal.moved { expected[motion.to] = motion.block.colour }
                #expect(expected == colourMap(of: after.board))
                // Score, multiplier and bonus worked out again from the rules' text.
                var multiplier = 1
                if let time = outcome.move.time, let previous = before.history.last,
                    let previousTime = previous.move.time, time < previousTime + rules.comboWindow
                {
                    multiplier = previous.multiplier + 1
                }
                let base = rules.scoring == .nMinus2 ? removed - 2 : removed - 1
                #expect(outcome.multiplier == multiplier)
                #expect(outcome.points == base * base * multiplier)
                #expect(outcome.bonus == (after.board.isEmpty ? 1000 : 0))
                #expect(after.score == before.score + outcome.points + outcome.bonus)
            }
            #expect(game.board.blockCount + game.history.reduce(0) { $0 + $1.removal.broken.count } == start.blockCount)
            #expect(game.score == game.history.reduce(0) { $0 + $1.points } + (game.isCleared ? Rules.clearBonus : 0))
            #expect(game.isOver)
            #expect(Set(game.board.placedBlocks.map(\.block.id)).count == game.board.blockCount)
        }
    }

    @Test("Danger lists exactly the groups left when there are at most the threshold, at every step")
    func dangerListsTheGroupsLeft() async {
        await propertyCheck(count: 100, input: Self.rooms, Self.colours, Self.seeds, Gen.int(in: 0...6)) {
            room, colours, seed, threshold in
            let rules = Rules(dangerThreshold: threshold)
            let start = try Board.random(room: room, colours: colours, seed: seed)
            try playRandomGame(on: start, rules: rules, seed: seed) { _, after, _ in
                let groups = after.availableGroups
                #expect(after.danger?.groups == (groups.isEmpty || groups.count > threshold ? nil : groups))
            }
        }
    }

    @Test("Undo then redo gives back the identical game, at every step")
    func undoRedo() async {
        await propertyCheck(count: 300, input: Self.rooms, Self.colours, Self.seeds, Self.rules) { room, colours, seed, rules in
            let start = try Board.random(room: room, colours: colours, seed: seed)
            try playRandomGame(on: start, rules: rules, seed: seed) { before, after, _ in
                var game = after
                #expect(game.undo() != nil)
                #expect(game.board == before.board && game.score == before.score && game.history == before.history)
                game.redo()
                #expect(game == after)
            }
        }
    }

    @Test("A saved game reloads identical, and the move log replays identical")
    func saveAndReplay() async {
        await propertyCheck(count: 300, input: Self.rooms, Self.colours, Self.seeds, Self.rules) { room, colours, seed, rules in
            let start = try Board.random(room: room, colours: colours, seed: seed)
            var game = try playRandomGame(on: start, rules: rules, seed: seed)
            for _ in 0..<Int(seed % 4) { game.undo() }
            #expect(try SavedGame(json: SavedGame(game).encoded()).game() == game)
            let replayed = try Game(start: start, rules: rules, replaying: game.moves)
            #expect(replayed.board == game.board && replayed.score == game.score)
            #expect(try Board(text: game.board.text).rows == game.board.rows)
        }
    }

    @Test("Fast playouts agree with the game, move for move")
    func playoutsMatchGame() async {
        await propertyCheck(count: 300, input: Self.rooms, Self.colours, Self.seeds, Self.rules) { room, colours, seed, rules in
            let start = try Board.random(room: room, colours: colours, seed: seed)
            var playouts = Playouts(room: room, rules: rules)
            var generator = SeededGenerator(seed: seed)
            var moves: [Cell] = []
            let result = playouts.playRandomly(from: start, using: &generator) { moves.append($0) }
            var game = Game(start: start, rules: rules)
            for move in moves {
                // The reported cell is the first block of a legal group.
                let group = try #require(game.board.group(at: move, corners: rules.corners))
                #expect(group.size >= 2 && group.cells.first == move)
                try game.play(Move(move))
            }
            #expect(game.isOver)
            #expect(result.moves == moves.count)
            #expect(result.score == game.score)
            #expect(result.remaining == game.board.blockCount)
            #expect(result.isCleared == game.isCleared)
        }
    }

    @Test("The largest room, 4 walls of 32 x 32, plays to the end alike in both engines")
    func largestRoom() throws {
        let room = try Room(walls: 4, width: 32, height: 32)
        let start = try Board.random(room: room, colours: 4, seed: 99)
        var playouts = Playouts(room: room)
        var generator = SeededGenerator(seed: 1)
        var moves: [Cell] = []
        let result = playouts.playRandomly(from: start, using: &generator) { moves.append($0) }
        let game = try Game(start: start, replaying: moves.map { Move($0) })
        #expect(game.isOver && isSettled(game.board))
        #expect(result.score == game.score && result.remaining == game.board.blockCount)
        #expect(game.board.blockCount + game.history.reduce(0) { $0 + $1.removal.broken.count } == 4096)
        #expect(try SavedGame(json: SavedGame(game).encoded()).game() == game)
    }
}

/// Random text never crashes the parsers: it is read, or refused with a line and a reason.
@Suite("Parsers on random text")
struct ParserFuzzTests {
    static let alphabet: [Character] = Array("0123456789.. \n\n\n#x@-\r\t\u{301}é1111")
    static let texts = Gen.int(in: 0...alphabet.count - 1).map { alphabet[$0] }.array(of: 0...80).map { String($0) }

    @Test("Board text is read and round-trips, or is refused with a line")
    func boards() async {
        await propertyCheck(count: 3000, input: Self.texts) { text in
            do {
                let board = try Board(text: text)
                #expect(try Board(text: board.text) == board)
            } catch let error as TextError {
                #expect(error.line >= 0 && !error.problem.isEmpty)
            } catch {
                Issue.record("unexpected error \(error)")
            }
        }
    }

    @Test("Moves text is read, or refused with a line")
    func moves() async {
        await propertyCheck(count: 3000, input: Self.texts, Gen.int(in: 0...1)) { text, oneWall in
            do {
                let moves = try Move.parseLines(text, walls: oneWall == 1 ? 1 : 4)
                #expect(moves.allSatisfy { $0.line >= 1 })
            } catch let error as TextError {
                #expect(error.line >= 1 && !error.problem.isEmpty)
            } catch {
                Issue.record("unexpected error \(error)")
            }
        }
    }
}
