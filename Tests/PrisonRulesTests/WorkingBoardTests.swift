import PrisonRules
import Testing

@Suite("Working boards and solvable boards")
struct WorkingBoardTests {
    /// A group as a search sees it, from a group of the board.
    func choice(_ group: Group) -> GroupChoice { GroupChoice(cell: group.cells[0], size: group.size, colour: group.colour) }

    @Test("Groups, removals and leaders agree with the board's own, on boards loaded one after another")
    func agreesWithBoard() throws {
        for room in testRooms {
            for corners in CornerLinks.allCases {
                // One working board for every board of the room: loading must forget the last one.
                var working = WorkingBoard(try Board.random(room: room, colours: 3, seed: 99), corners: corners)
                for seed in UInt64(0)..<6 {
                    var board = try Board.random(room: room, colours: 3 + Int(seed % 3), seed: seed)
                    working.load(board)
                    var generator = SeededGenerator(seed: seed)
                    while true {
                        let expected = board.groups(corners: corners)
                        var groups: [GroupChoice] = []
                        working.appendGroups(to: &groups)
                        #expect(groups == expected.map(choice), "\(room) \(corners) seed \(seed)")
                        #expect(working.hasMoves == !expected.isEmpty)
                        var leaders: [Leader] = []
                        working.appendLeaders(to: &leaders)
                        #expect(Set(leaders.map(\.cell)).isSuperset(of: expected.map(\.cells[0])))
                        #expect(leaders.allSatisfy { (board.group(at: $0.cell, corners: corners)?.size ?? 0) >= 2 })
                        guard !expected.isEmpty else { break }
                        let group = expected[generator.below(expected.count)]
                        let tapped = group.cells[generator.below(group.size)]
                        #expect(working.removeGroup(at: tapped) == group.size)
                        try board.removeGroup(at: tapped, corners: corners)
                        #expect(working.board == board)
                        #expect(working.blockCount == board.blockCount)
                    }
                }
            }
        }
    }

    @Test("Without identities, a working board draws the same groups and gives its boards back renumbered")
    func withoutIdentities() throws {
        for room in testRooms {
            for corners in CornerLinks.allCases {
                for seed in UInt64(0)..<4 {
                    let start = try Board.random(room: room, colours: 4, seed: seed)
                    var kept = WorkingBoard(start, corners: corners)
                    var bare = WorkingBoard(start, corners: corners, keepsIdentities: false)
                    #expect(bare.board == start.renumbered)
                    var a = SeededGenerator(seed: seed)
                    var b = SeededGenerator(seed: seed)
                    // The avoided colour changes from move to move: the draws must follow it.
                    for move in 0... {
                        let avoided = move % 3
                        let groups = kept.board.groups(corners: corners)
                        let drawn = kept.removeRandomGroup(avoiding: avoided, using: &a)
                        #expect(bare.removeRandomGroup(avoiding: avoided, using: &b) == drawn)
                        #expect(bare.board == kept.board.renumbered, "\(room) \(corners) seed \(seed) move \(move)")
                        #expect(bare.blockCount == kept.blockCount && bare.hasMoves == kept.hasMoves)
                        guard let drawn else { break }
                        #expect(groups.contains { $0.cells[0] == drawn.cell && $0.size == drawn.size })
                        if groups.contains(where: { $0.colour != avoided }) { #expect(drawn.colour != avoided) }
                    }
                }
            }
        }
    }

    @Test("Loading the board loaded last again brings it back whole, whatever was drawn or broken since")
    func loadingAgain() throws {
        for room in testRooms {
            for corners in CornerLinks.allCases {
                for keepsIdentities in [true, false] {
                    for seed in UInt64(0)..<4 {
                        let start = try Board.random(room: room, colours: 4, seed: seed)
                        let expected = keepsIdentities ? start : start.renumbered
                        var working = WorkingBoard(start, corners: corners, keepsIdentities: keepsIdentities)
                        var fresh = WorkingBoard(start, corners: corners, keepsIdentities: keepsIdentities)
                        for round in 0..<3 {
                            // Drawing with and without an avoided colour, then breaking a group.
                            var generator = SeededGenerator(seed: seed &+ UInt64(round))
                            for move in 0..<(round * 4) {
                                _ = working.removeRandomGroup(avoiding: move % 2 == 0 ? round : nil, using: &generator)
                            }
                            if let group = working.board.groups(corners: corners).first {
                                working.removeGroup(at: group.cells[0])
                            }
                            working.load(start)
                            let context = "\(room) \(corners) identities \(keepsIdentities) seed \(seed) round \(round)"
                            #expect(working.board == expected, "\(context)")
                            #expect(working.blockCount == start.blockCount && working.hasMoves == start.hasMoves(corners: corners))
                            var groups: [GroupChoice] = []
                            working.appendGroups(to: &groups)
                            #expect(groups == start.groups(corners: corners).map(choice), "\(context)")
                            // The draws that follow are those of a board loaded afresh.
                            fresh.load(try Board(text: start.text))
                            var a = SeededGenerator(seed: seed)
                            var b = SeededGenerator(seed: seed)
                            for move in 0..<6 {
                                let avoided = move < 3 ? 1 : round
                                #expect(
                                    working.removeRandomGroup(avoiding: avoided, using: &a)
                                        == fresh.removeRandomGroup(avoiding: avoided, using: &b), "\(context)")
                            }
                            #expect(working.board == fresh.board, "\(context)")
                            working.load(start)
                        }
                    }
                }
            }
        }
    }

    @Test("Equal boards hash alike, however they were made")
    func equalBoardsHashAlike() throws {
        var checked = 0
        for room in testRooms {
            let start = try Board.random(room: room, colours: 4, seed: 7)
            var working = WorkingBoard(start, keepsIdentities: false)
            var generator = SeededGenerator(seed: 7)
            guard working.removeRandomGroup(using: &generator) != nil else { continue }
            let reached = working.board
            let rebuilt = try Board(text: reached.text).renumbered
            #expect(rebuilt == reached && rebuilt.hashValue == reached.hashValue, "\(room)")
            let again = try Board(text: start.text).renumbered
            #expect(Set([start.renumbered, reached, rebuilt, again]).count == 2, "\(room)")
            checked += 1
        }
        #expect(checked >= 2)
    }

    @Test("A removal that is not a move changes nothing")
    func notAMove() throws {
        let start = try board("1.", "23")
        var working = WorkingBoard(start)
        #expect(working.removeGroup(at: cell(0, 0, 0)) == 0)
        #expect(working.removeGroup(at: cell(0, 1, 1)) == 0)
        #expect(working.removeGroup(at: cell(0, 9, 0)) == 0)
        #expect(working.board == start)
    }

    @Test("Random draws avoid the tabu colour while other groups are left, and take every group")
    func tabuDraws() throws {
        let start = try board("1122", "1133", "4455")
        var seen: [Int: Int] = [:]
        for seed in UInt64(0)..<400 {
            var working = WorkingBoard(start)
            var generator = SeededGenerator(seed: seed)
            var colours: [Int] = []
            while let group = working.removeRandomGroup(avoiding: 1, using: &generator) { colours.append(group.colour) }
            #expect(colours.last == 1 && colours.dropLast().allSatisfy { $0 != 1 }, "\(colours)")
            seen[colours[0], default: 0] += 1
        }
        // The first draw is uniform among the four groups of other colours.
        #expect(seen.keys.sorted() == [2, 3, 4, 5] && seen.values.allSatisfy { $0 > 60 }, "\(seen)")
    }

    @Test("Solvable boards are full and their solutions clear them, over many seeds, sizes and colours")
    func solvableBoards() throws {
        let rooms = testRooms.filter { $0.width * $0.height >= 2 } + [try Room(walls: 4, width: 2, height: 1)]
        for room in rooms {
            for corners in CornerLinks.allCases {
                for seed in UInt64(0)..<(room.cellCount > 300 ? 3 : 12) {
                    // Fewer colours get stuck in big rooms (the search-built boards cover them).
                    let colours = room.cellCount > 40 ? 4 + Int(seed % 7) : 2 + Int(seed % 9)
                    let made = try SolvableBoard.random(room: room, colours: colours, corners: corners, seed: seed)
                    #expect(made.board.blockCount == room.cellCount, "full: \(room) seed \(seed)")
                    #expect(made.board.placedBlocks.allSatisfy { $0.block.colour < colours })
                    let game = try Game(
                        start: made.board, rules: Rules(corners: corners), replaying: made.solution.map { Move($0) })
                    #expect(game.isCleared, "\(room) \(corners) seed \(seed)")
                    let again = try SolvableBoard.random(room: room, colours: colours, corners: corners, seed: seed)
                    #expect(again == made, "the same seed gives the same board and solution")
                }
            }
        }
    }

    @Test("Solvable boards differ from seed to seed and use every colour on big boards")
    func solvableVariety() throws {
        let boards = try (UInt64(0)..<5).map { try SolvableBoard.random(room: .standard, colours: 5, seed: $0).board }
        #expect(Set(boards).count == 5)
        #expect(boards.allSatisfy { Set($0.placedBlocks.map(\.block.colour)) == Set(0..<5) })
    }

    @Test("Two colours in a big room: the construction gives up with a clear error")
    func stuck() throws {
        #expect(throws: BoardError.noSolvableBoardFound(.standard, colours: 2, attempts: SolvableBoard.attempts)) {
            try SolvableBoard.random(room: .standard, colours: 2, seed: 1)
        }
    }

    @Test("Rooms where no full board can be cleared, and bad colour counts, are refused")
    func unsolvableRooms() throws {
        #expect(throws: BoardError.unclearableRoom(try Room(walls: 4, width: 1, height: 1))) {
            try SolvableBoard.random(room: try Room(walls: 4, width: 1, height: 1), colours: 3, seed: 1)
        }
        #expect(throws: BoardError.unsupportedColourCount(1)) {
            try SolvableBoard.random(room: .classic, colours: 1, seed: 1)
        }
    }
}
