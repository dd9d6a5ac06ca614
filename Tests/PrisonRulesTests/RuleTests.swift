import PrisonRules
import Testing

@Suite("Groups and corner links")
struct GroupTests {
    @Test("A group is the blocks of one colour joined side by side, not diagonally")
    func orthogonalGroups() throws {
        let board = try board("1223", "2113", "1213")
        #expect(board.group(at: cell(0, 1, 1))?.cells == [cell(0, 1, 1), cell(0, 2, 0), cell(0, 2, 1)])
        #expect(board.group(at: cell(0, 0, 0))?.size == 1, "diagonal blocks are not neighbours")
        #expect(board.group(at: cell(0, 1, 0))?.size == 1)
        #expect(board.group(at: cell(0, 3, 2))?.cells == [cell(0, 3, 0), cell(0, 3, 1), cell(0, 3, 2)])
        #expect(board.group(at: cell(0, 4, 0)) == nil)
        #expect(board.groups().map(\.size) == [3, 2, 3])
        #expect(board.groups().map(\.colour) == [1, 2, 3])
    }

    /// A 4-wall room of width 2 and height 1 in which every cell has its own colour, except the
    /// last cell of `wall` and the first cell of the next wall, which share colour 9.
    func corner(after wall: Int) throws -> Board {
        var columns = (0..<8).map { [$0] }
        columns[wall * 2 + 1] = [9]
        columns[(wall * 2 + 2) % 8] = [9]
        return try Board(room: Room(walls: 4, width: 2, height: 1), columns: columns)
    }

    @Test("Groups link around each of the four corners", arguments: 0..<4)
    func cornerLinks(wall: Int) throws {
        let board = try corner(after: wall)
        let next = (wall + 1) % 4
        #expect(board.group(at: cell(wall, 1, 0))?.cells == [cell(wall, 1, 0), cell(next, 0, 0)].sorted())
        #expect(board.groups().count == 1)
        #expect(board.group(at: cell(wall, 1, 0), corners: .open)?.size == 1)
        #expect(board.groups(corners: .open).isEmpty)
        #expect(board.hasMoves() && !board.hasMoves(corners: .open))
    }

    @Test("A ring of one colour links around the whole room")
    func ring() throws {
        let board = try board("23 45 67 89", "11 11 11 11")
        #expect(board.group(at: cell(2, 1, 0))?.size == 8)
        #expect(board.groups(corners: .open).map(\.size) == [2, 2, 2, 2])
        var cleared = board
        let removal = try cleared.removeGroup(at: cell(3, 0, 0))
        #expect(removal.broken.count == 8)
        #expect(cleared.rows == [".. .. .. ..", "23 45 67 89"])
    }

    @Test("One wall does not wrap around")
    func classicDoesNotWrap() throws {
        let board = try board("101")
        #expect(board.group(at: cell(0, 0, 0))?.size == 1)
        #expect(!board.hasMoves())
    }
}

@Suite("Removal, gravity and collapse")
struct RemovalTests {
    @Test("Blocks above a removed group fall and keep their identity")
    func gravity() throws {
        var board = try board("3.", "2.", "11")
        let three = try #require(board[cell(0, 0, 2)])
        let removal = try board.removeGroup(at: cell(0, 1, 0))
        #expect(Set(removal.broken.map(\.cell)) == [cell(0, 0, 0), cell(0, 1, 0)])
        #expect(board.rows == ["..", "3.", "2."])
        #expect(board[cell(0, 0, 1)] == three)
        #expect(removal.moved.map { [$0.from, $0.to] } == [[cell(0, 0, 1), cell(0, 0, 0)], [cell(0, 0, 2), cell(0, 0, 1)]])
    }

    @Test("Empty columns close up toward column 0, and blocks fall and slide in one move")
    func fallAndSlide() throws {
        var board = try board("3.5", "114")
        let removal = try board.removeGroup(at: cell(0, 0, 0))
        #expect(board.rows == [".5.", "34."])
        #expect(removal.moved.map { "\($0.block.colour): \($0.from) -> \($0.to)" } == [
            "3: 0 0 1 -> 0 0 0", "4: 0 2 0 -> 0 1 0", "5: 0 2 1 -> 0 1 1",
        ])
    }

    @Test("Each wall closes up on its own; no block changes wall", arguments: 0..<4)
    func collapseOnEachWall(wall: Int) throws {
        var tops = ["...", "...", "...", "..."]
        var bottoms = ["456", "456", "456", "456"]
        tops[wall] = ".0."
        bottoms[wall] = "203"
        var board = try Board(text: tops.joined(separator: " ") + "\n" + bottoms.joined(separator: " "))
        let before = board
        let removal = try board.removeGroup(at: cell(wall, 1, 1))
        #expect(removal.broken.count == 2)
        #expect(removal.moved.count == 1)
        #expect(removal.moved.first?.from == cell(wall, 2, 0))
        #expect(removal.moved.first?.to == cell(wall, 1, 0))
        for other in 0..<4 where other != wall {
            for column in 0..<3 {
                #expect(board[cell(other, column, 0)] == before[cell(other, column, 0)])
            }
        }
        #expect(board[cell(wall, 0, 0)]?.colour == 2)
        #expect(board[cell(wall, 1, 0)]?.colour == 3)
        #expect(board[cell(wall, 2, 0)] == nil)
    }

    @Test("A tap that is not a move is an error and changes nothing")
    func illegalTaps() throws {
        var board = try board("1.", "21", "11")
        let before = board
        #expect(throws: MoveError.emptyCell(cell(0, 1, 2))) { try board.removeGroup(at: cell(0, 1, 2)) }
        #expect(throws: MoveError.loneBlock(cell(0, 0, 1))) { try board.removeGroup(at: cell(0, 0, 1)) }
        for outside in [cell(1, 0, 0), cell(0, 2, 0), cell(0, 0, 3), cell(-1, 0, 0), cell(0, -1, 0), cell(0, 0, -1)] {
            #expect(throws: MoveError.outsideRoom(outside)) { try board.removeGroup(at: outside) }
        }
        #expect(board == before)
        var game = Game(start: board)
        #expect(throws: MoveError.loneBlock(cell(0, 0, 1))) { try game.play(tap(cell(0, 0, 1))) }
        #expect(game.history.isEmpty && game.board == before)
    }

    @Test("Undoing a removal puts back every block, identities included")
    func undoRemoval() throws {
        var board = try board("3.5", "114")
        let before = board
        let removal = try board.removeGroup(at: cell(0, 0, 0))
        board.undo(removal)
        #expect(board == before)
    }
}

@Suite("Score, multiplier, game over, danger")
struct ScoringTests {
    @Test("n-2 and n-1 scoring", arguments: [(Scoring.nMinus2, 9), (.nMinus1, 16)])
    func scoring(scoring: Scoring, points: Int) throws {
        var game = Game(start: try board("11111", "23456"), rules: Rules(scoring: scoring))
        let outcome = try game.play(tap(cell(0, 2, 1)))
        #expect(outcome.points == points)
        #expect(game.score == points)
        #expect(scoring.points(forGroupOf: 2) == (scoring == .nMinus2 ? 0 : 1))
    }

    @Test("Clearing the room adds 1000, not multiplied")
    func clearBonus() throws {
        var game = Game(start: try board("1122"), rules: Rules(scoring: .nMinus1))
        let first = try game.play(tap(cell(0, 0, 0), at: 0))
        #expect(first.bonus == 0 && !game.isCleared)
        let second = try game.play(tap(cell(0, 0, 0), at: 0.5))
        #expect(second.multiplier == 2)
        #expect(second.points == 2)
        #expect(second.bonus == Rules.clearBonus)
        #expect(game.score == 1 + 2 + 1000)
        #expect(game.isCleared && game.isOver)
    }

    @Test(
        "The multiplier rises only strictly within the combo window",
        arguments: [
            (0.999999, 2), (1.0, 1), (1.000001, 1), (0.0, 2), (5.0, 1),
        ])
    func multiplierWindow(secondTap: Double, multiplier: Int) throws {
        var game = Game(start: try board("112233"))
        try game.play(tap(cell(0, 0, 0), at: 0))
        #expect(try game.play(tap(cell(0, 0, 0), at: secondTap)).multiplier == multiplier)
    }

    @Test("Combos chain and a custom window applies")
    func comboChain() throws {
        var game = Game(start: try board("11223344"), rules: Rules(scoring: .nMinus1, comboWindow: .milliseconds(500)))
        let multipliers = try [0.0, 0.4, 0.8, 1.4].map { try game.play(tap(cell(0, 0, 0), at: $0)).multiplier }
        #expect(multipliers == [1, 2, 3, 1])
        #expect(game.score == 1 + 2 + 3 + 1 + 1000)
        #expect(game.multiplier(forTapAt: .seconds(1.5)) == 2)
        #expect(game.multiplier(forTapAt: .seconds(1.9)) == 1)
    }

    @Test("Untimed moves score multiplier 1; time may not run backwards")
    func untimedAndBackwards() throws {
        var game = Game(start: try board("112233"))
        try game.play(tap(cell(0, 0, 0), at: 2))
        #expect(game.multiplier(forTapAt: .seconds(2.5)) == 2)
        #expect(game.multiplier(forTapAt: nil) == 1)
        #expect(throws: MoveError.timeBeforePreviousMove(.seconds(1), previous: .seconds(2))) {
            try game.play(tap(cell(0, 0, 0), at: 1))
        }
        #expect(try game.play(tap(cell(0, 0, 0))).multiplier == 1)
        #expect(try game.play(tap(cell(0, 0, 0), at: 2.1)).multiplier == 1)
    }

    @Test("The game is over when only lone blocks are left, without a bonus")
    func gameOverWithLoneBlocks() throws {
        var game = Game(start: try board("1123"))
        #expect(!game.isOver)
        try game.play(tap(cell(0, 1, 0)))
        #expect(game.isOver && !game.isCleared)
        #expect(game.board.rows == ["23.."])
        #expect(game.score == 0)
        #expect(game.availableGroups.isEmpty && game.danger == nil)
    }

    @Test("Danger: few moves left, with the groups and walls that hold them")
    func danger() throws {
        // Two groups: the 2s of wall 0, and the 1s of wall 0 linked around the corner to wall 3.
        let start = try board("12 .. .. ..", "12 34 56 71")
        let game = Game(start: start)
        let danger = try #require(game.danger)
        #expect(danger.groups.count == 2)
        #expect(danger.walls == [0, 3])
        #expect(Game(start: start, rules: Rules(dangerThreshold: 1)).danger == nil)
        #expect(Game(start: try Board.random(room: .standard, colours: 3, seed: 1)).danger == nil)
    }
}
