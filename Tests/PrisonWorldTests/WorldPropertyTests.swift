import PrisonRules
import PrisonSpace
import PrisonWorld
import PropertyBased
import Testing
import WorldChecks

/// Invariants of the world over thousands of random tapping sessions at random times.
@Suite("Properties of random sessions")
struct WorldPropertyTests {
    static let rooms = Gen.int(in: 0...3).map { [(1, 4, 4), (4, 3, 3), (4, 5, 4), (1, 7, 5)][$0] }
    static let seeds = Gen<UInt64>.value(in: 0...UInt64.max)

    @Test("Random taps at random times, undo and redo: blocks end exactly at their cells and match the rules")
    func sessionsSettleOnTheBoard() async {
        await propertyCheck(count: 2000, input: Self.rooms, Self.seeds) { shape, seed in
            let room = try Room(walls: shape.0, width: shape.1, height: shape.2)
            let start = try Board.random(room: room, colours: 3, seed: seed)
            let world = World(game: Game(start: start))
            var random = SeededGenerator(seed: seed, stream: 1)
            for _ in 0..<random.below(25) {
                switch random.below(12) {
                case 0: world.undo()
                case 1: world.redo()
                default:
                    let groups = world.game.availableGroups
                    guard !groups.isEmpty else { break }
                    let group = groups[random.below(groups.count)]
                    let before = world.game
                    do {
                        let outcome = try world.tap(lookingAt: group.cells[random.below(group.size)])
                        #expect(world.game.history.last?.removal == outcome.removal)
                    } catch {
                        #expect(world.game == before, "a missed tap changes nothing")
                    }
                }
                #expect(WorldChecks.boardProblems(in: world).isEmpty)
                world.advance(by: .microseconds(random.below(1_500_000)))
            }
            world.settle()
            let problems = WorldChecks.settledProblems(in: world)
            #expect(problems.isEmpty, "\(problems.prefix(3))")
            // The rules replay the world's moves to the same game.
            let replayed = try Game(start: start, replaying: world.game.moves)
            #expect(replayed.board == world.game.board && replayed.score == world.game.score)
        }
    }
}
