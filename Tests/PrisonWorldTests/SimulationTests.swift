import PrisonRules
import PrisonSearch
import PrisonWorld
import Synchronization
import Testing

@Suite("Simulations")
struct SimulationTests {
    static let room = try! Room(walls: 4, width: 6, height: 5)

    func records(_ simulation: Simulation, games: Int, jobs: Int) -> [GameRecord] {
        let records = Mutex<[GameRecord]>([])
        simulation.run(games: games, jobs: jobs) { played in records.withLock { $0.append(played.record) } }
        return records.withLock { $0.sorted { $0.index < $1.index } }
    }

    @Test("One job or two, the same games", arguments: ["random", "greedy", "beam", "nmcs", "nrpa"])
    func jobsGiveTheSameGames(player: String) throws {
        let simulation = try Simulation(
            room: Self.room, colours: 4, player: player, seed: 11, throughWorld: false,
            thinking: SearchBudget(playouts: 150))
        let one = records(simulation, games: 8, jobs: 1)
        #expect(one.map(\.index) == Array(0..<8))
        #expect(one == records(simulation, games: 8, jobs: 2))
        #expect(Set(one.map(\.seed)).count == 8, "every game has its own board")
    }

    @Test(
        "Taps through the world score exactly what the rules alone score for the same taps, for every player and room",
        arguments: [(1, 15, 15, 5), (4, 6, 5, 4), (1, 8, 8, 3), (4, 12, 10, 5)])
    func worldAgreesWithRules(shape: (walls: Int, width: Int, height: Int, colours: Int)) throws {
        let room = try Room(walls: shape.walls, width: shape.width, height: shape.height)
        let large = shape.width * shape.height * shape.walls > 150
        for player in Players.all.map(\.name) {
            let searches = player != "random" && player != "greedy"
            // Taps every 0.8 s (inside the combo window) and every 0.3 s (inside falls and slides).
            for tapInterval in [Simulation.defaultTapInterval, .milliseconds(300)] {
                let world = try Simulation(
                    room: room, colours: shape.colours, player: player, seed: 11, tapInterval: tapInterval,
                    thinking: SearchBudget(playouts: 30))
                let rules = try Simulation(
                    room: room, colours: shape.colours, player: player, seed: 11, tapInterval: tapInterval, throughWorld: false,
                    thinking: SearchBudget(playouts: 30))
                for index in 0..<(searches ? 1 : large ? 3 : 10) {
                    let throughWorld = world.playGame(index)
                    let alone = rules.playGame(index)
                    #expect(throughWorld.record.missedTaps == 0, "\(player), game \(index)")
                    #expect(throughWorld.record == alone.record, "\(player), game \(index)")
                    #expect(throughWorld.game == alone.game, "\(player), game \(index)")
                    #expect(throughWorld.game.isOver)
                }
            }
        }
    }

    @Test("Taps every half second make combos; the record counts them")
    func combos() throws {
        let simulation = try Simulation(
            room: Self.room, colours: 4, player: "random", seed: 3, tapInterval: .milliseconds(500))
        let played = simulation.playGame(0)
        let multipliers = played.game.history.map(\.multiplier)
        #expect(played.record.maxMultiplier == multipliers.max())
        #expect(played.record.comboRemovals == multipliers.count { $0 >= 2 })
        #expect(played.record.maxMultiplier >= 3, "a tap every half second keeps the combo going")
        #expect(played.record.score == played.game.score)
        #expect(played.game.moves.enumerated().allSatisfy { $1.time == .milliseconds(500 * $0) })
    }

    @Test("The greedy player breaks a largest group")
    func greedy() throws {
        var player = GreedyPlayer(generator: SeededGenerator(seed: 1))
        let game = Game(start: try Board(text: "11222\n33444\n"))
        let chosen = player.chooseGroup(in: game)
        let group = try #require(chosen)
        #expect([2, 4].contains(group.colour) && group.size == 3, "one of the two groups of three")
    }

    @Test("Searching players score more than random ones, and more still when they count on combos")
    func searchingPlayers() throws {
        func meanScore(_ player: String, tapInterval: Duration) throws -> Int {
            let simulation = try Simulation(
                room: Self.room, colours: 4, player: player, seed: 2, tapInterval: tapInterval, throughWorld: false,
                thinking: SearchBudget(playouts: 400))
            return records(simulation, games: 6, jobs: 2).reduce(0) { $0 + $1.score } / 6
        }
        let slow = Duration.seconds(2)
        #expect(try meanScore("beam", tapInterval: slow) > 2 * meanScore("random", tapInterval: slow))
        // A tap every half second combos every time: the multiplier grows by one a move.
        let fast = Duration.milliseconds(500)
        #expect(try meanScore("beam", tapInterval: fast) > 2 * meanScore("random", tapInterval: fast))
    }

    @Test("A searching player through the world scores what its taps score on the rules")
    func searchingThroughTheWorld() throws {
        let world = try Simulation(
            room: Self.room, colours: 4, player: "nmcs", seed: 4, thinking: SearchBudget(playouts: 100))
        let rules = try Simulation(
            room: Self.room, colours: 4, player: "nmcs", seed: 4, throughWorld: false, thinking: SearchBudget(playouts: 100))
        #expect(world.playGame(0).record == rules.playGame(0).record)
    }

    @Test("Bad setups are refused")
    func badSetups() throws {
        #expect(throws: SimulationError.unknownPlayer("nobody")) { try Simulation(room: Self.room, colours: 4, player: "nobody", seed: 1) }
        #expect(throws: SimulationError.self) { try Simulation(room: Self.room, colours: 11, player: "random", seed: 1) }
    }

    @Test("The work loop hands out every number once, and stops a thread whose game is abandoned")
    func workLoop() {
        let taken = Mutex<[Int]>([])
        Simulation.forEachGame(count: 50, jobs: 2, shouldStop: { false }) { number in
            taken.withLock { $0.append(number) }
            return true
        }
        #expect(taken.withLock { $0.sorted() } == Array(0..<50))
        let oneThread = Mutex<[Int]>([])
        Simulation.forEachGame(count: 50, jobs: 1, shouldStop: { false }) { number in
            oneThread.withLock { $0.append(number) }
            return number < 5
        }
        #expect(oneThread.withLock(\.self) == Array(0...5), "in order, up to the abandoned game")
        let none = Mutex<[Int]>([])
        Simulation.forEachGame(count: 50, jobs: 2, shouldStop: { true }) { number in
            none.withLock { $0.append(number) }
            return true
        }
        #expect(none.withLock(\.self).isEmpty)
    }
}
