import ArgumentParser
import Foundation
import PrisonRules
import PrisonSpace
import PrisonWorld
import Synchronization

struct EngineBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure the engines: random playouts, ray casts, moves, simulated games.",
        discussion: """
            rules: a playout plays a board to its end, choosing every legal group with equal \
            chance, in the playout engine that simulations and searches use; the baseline plays the \
            same kind of games through Game (outcomes, undo records, group lists). \
            space: nearest-hit ray casts from the eye toward random blocks of the default room \
            (480 blocks) and of a room with ten times as many, through the bounding volume \
            hierarchy; the baseline tests every box in turn. Then the time of one update of a space \
            with 10,000 entities moving. Then a registered system turning 10,000 entities beside the \
            same arithmetic on a plain array, a cached query beside a walk of the tree, and collision \
            events among 10,000 shapes of which 100 move beside the same updates without them. \
            Then the load of a 1 MB Reality Composer Pro scene (Entity(contentsOf:)) beside making \
            the same entities in code. \
            world: random games of the default room through the world (a tap every 0.8 s of world \
            time, rays, animation) on 1 and 2 threads, against the same games on the rules alone. \
            Baselines are measured in the same run. Build with -c release for figures worth quoting.
            """)

    enum Suite: String, ExpressibleByArgument, CaseIterable {
        case rules, space, world, all, hints
    }

    enum Rooms: String, ExpressibleByArgument, CaseIterable {
        case classic, standard, both
    }

    @Argument(help: "What to measure: rules, space, world, all (the three), or hints (games that follow the hint).")
    var suite = Suite.all

    @Option(help: "The rooms of the rules figures: classic (15x15), standard (4 x 12x10) or both.")
    var rooms = Rooms.both

    @Option(help: "Seconds to measure each figure.")
    var seconds = 2.0
    @Option(help: "Distinct seeded boards per room; the playouts cycle through them.")
    var boards = 100
    @Option(help: "Play exactly this many playouts (or games) a figure instead of measuring for --seconds (for instruction counts under valgrind).")
    var playouts: Int?
    @Option(help: "hints: seconds of search for each hint.")
    var hintSeconds = 0.2
    @Option(help: "hints: the boards of each room, seeds 1 to N.")
    var hintBoards = 1
    @Flag(help: "Print the figures as JSON.")
    var json = false

    func validate() throws {
        guard seconds > 0, seconds.isFinite else { throw ValidationError("--seconds must be positive") }
        guard boards > 0 else { throw ValidationError("--boards must be positive") }
        guard playouts.map({ $0 > 0 }) ?? true else { throw ValidationError("--playouts must be positive") }
        guard hintSeconds > 0, hintSeconds <= 60 else { throw ValidationError("--hint-seconds must be more than 0 and at most 60") }
        guard (1...1000).contains(hintBoards) else { throw ValidationError("--hint-boards must be 1 to 1000") }
    }

    struct Figure: Encodable {
        let room: String
        let playoutsPerSecond: Double
        /// Playouts per second of the thread's own processor time: the figure to compare on a
        /// machine other programs share, where wall-clock rates swing with their load.
        let playoutsPerCPUSecond: Double
        let movesPerPlayout: Double
        let meanScore: Double
        let clearedRate: Double
        let gameAPIPlayoutsPerSecond: Double
        let speedup: Double
        let stateBytes: Int
    }

    struct SpaceFigures: Encodable {
        let blocks: Int
        let castsPerSecond: Double
        let exhaustiveCastsPerSecond: Double
        let speedup: Double
        let tenfoldBlocks: Int
        let tenfoldCastsPerSecond: Double
        /// Cost of a cast among ten times the blocks, over the cost among the default room's.
        let costGrowth: Double
        let hitRate: Double
        /// Taps resolved a second (a cast, then the input target rule for the hit entities).
        let tapsPerSecond: Double
        let movingEntities: Int
        let millisecondsPerUpdate: Double
    }

    struct WorldFigures: Encodable {
        let room: String
        let gamesPerSecond: Double
        let twoJobsGamesPerSecond: Double
        let rulesOnlyGamesPerSecond: Double
        let rulesOnlyTwoJobsGamesPerSecond: Double
        /// Two jobs over one, through the world.
        let jobsSpeedup: Double
        /// Games on the rules alone over games through the world, one job each.
        let worldCost: Double
    }

    /// A game played from the start by following the hint at every move.
    struct HintGame: Encodable {
        let room: String
        let seed: UInt64
        let score: Int
        let cleared: Bool
        let remaining: Int
        let moves: Int
        let seconds: Double
    }

    struct Report: Encodable {
        let build: String
        let secondsPerFigure: Double
        let figures: [Figure]?
        let space: SpaceFigures?
        let systems: SystemFigures?
        let gestures: GestureFigures?
        let loading: LoadingFigures?
        let world: WorldFigures?
        let hints: [HintGame]?
    }

    func run() throws {
        #if DEBUG
            let build = "debug"
            printError("this is a debug build; measure with: swift run -c release prison-sim bench")
        #else
            let build = "release"
        #endif
        let workloads = [
            ("classic 15x15, 5 colours", Room.classic),
            ("room 4 x 12x10, 5 colours", Room.standard),
        ].filter { rooms == .both || $0.1 == (rooms == .classic ? Room.classic : Room.standard) }
        let figures = [.rules, .all].contains(suite) ? try workloads.map { name, room in try measure(name: name, room: room) } : nil
        let space = [.space, .all].contains(suite) ? measureSpace() : nil
        // The command runs on the main thread; systems are main-actor code, as in RealityKit.
        let systems = [.space, .all].contains(suite) ? MainActor.assumeIsolated { measureSystems() } : nil
        let gestures = [.space, .all].contains(suite) ? MainActor.assumeIsolated { measureGestures() } : nil
        let loading = [.space, .all].contains(suite) ? try MainActor.assumeIsolated { try measureLoading() } : nil
        let world = [.world, .all].contains(suite) ? measureWorld() : nil
        let hints = suite == .hints ? try workloads.flatMap { name, room in try playHints(name: name, room: room) } : nil
        if json {
            try reportingFailures {
                try writeOutput(
                    jsonData(
                        Report(
                            build: build, secondsPerFigure: seconds, figures: figures, space: space, systems: systems,
                            gestures: gestures, loading: loading, world: world, hints: hints)))
            }
            return
        }
        var lines = ["prison-sim bench: \(build) build, one thread (but for the 2-job figures), \(seconds) s a figure"]
        if let figures {
            lines.append("")
            lines.append(
                "random playouts (\(boards) boards a room; per CPU s: per second of this thread's processor time; "
                    + "baseline: the same games through Game)")
            lines.append(
                pad("room", 28) + pad("playouts/s", 12) + pad("per CPU s", 11) + pad("game API/s", 12) + pad("ratio", 8)
                    + pad("moves", 8) + pad("score", 8) + pad("cleared", 9) + "state bytes")
            for f in figures {
                lines.append(
                    pad(f.room, 28) + pad(String(Int(f.playoutsPerSecond)), 12) + pad(String(Int(f.playoutsPerCPUSecond)), 11)
                        + pad(String(Int(f.gameAPIPlayoutsPerSecond)), 12) + pad(String(format: "%.1fx", f.speedup), 8)
                        + pad(String(format: "%.1f", f.movesPerPlayout), 8) + pad(String(format: "%.0f", f.meanScore), 8)
                        + pad(String(format: "%.1f%%", f.clearedRate * 100), 9) + String(f.stateBytes))
            }
        }
        if let space {
            lines.append("")
            lines.append("ray casts, nearest hit, from the eye toward random blocks (\(Int(space.hitRate * 100)) % hit)")
            lines.append(pad("blocks", 10) + pad("casts/s", 12) + pad("every box/s", 13) + "ratio")
            lines.append(
                pad(String(space.blocks), 10) + pad(String(Int(space.castsPerSecond)), 12)
                    + pad(String(Int(space.exhaustiveCastsPerSecond)), 13) + String(format: "%.1fx", space.speedup))
            lines.append(
                pad(String(space.tenfoldBlocks), 10) + pad(String(Int(space.tenfoldCastsPerSecond)), 12)
                    + String(format: "cost per cast %.2fx that of %d blocks", space.costGrowth, space.blocks))
            lines.append(
                String(
                    format: "taps (a cast and the input-target rule): %d/s, %.2fx the cost of a nearest cast",
                    Int(space.tapsPerSecond), space.castsPerSecond / space.tapsPerSecond))
            lines.append(
                String(format: "moves: %d entities in flight, %.3f ms an update", space.movingEntities, space.millisecondsPerUpdate))
        }
        if let systems { lines += self.lines(of: systems) }
        if let gestures { lines.append(line(of: gestures)) }
        if let loading {
            lines.append("")
            lines.append(
                String(
                    format: "scene loading: a %.2f MB Reality Composer Pro scene (%d entities) in %.1f ms "
                        + "(%.1f ms of this thread's processor time); the same entities made in code %.1f ms (%.1fx)",
                    Double(loading.bytes) / 1_000_000, loading.entities, loading.millisecondsPerLoad,
                    loading.processorMillisecondsPerLoad, loading.millisecondsInCode,
                    loading.millisecondsPerLoad / loading.millisecondsInCode))
        }
        if let world {
            lines.append("")
            lines.append("simulated games, \(world.room), random player (baseline: the same games on the rules alone)")
            lines.append(pad("mode", 14) + pad("1 job/s", 10) + pad("2 jobs/s", 10) + "2 over 1")
            func row(_ mode: String, _ one: Double, _ two: Double) -> String {
                pad(mode, 14) + pad(String(format: "%.1f", one), 10) + pad(String(format: "%.1f", two), 10)
                    + String(format: "%.2fx", two / one)
            }
            lines.append(row("world", world.gamesPerSecond, world.twoJobsGamesPerSecond))
            lines.append(row("rules only", world.rulesOnlyGamesPerSecond, world.rulesOnlyTwoJobsGamesPerSecond))
            lines.append(String(format: "a game through the world costs %.1fx one on the rules alone", world.worldCost))
        }
        if let hints {
            lines.append("")
            lines.append("games that follow the hint (\(hintSeconds) s of beam search a move, 1 job), moves without times")
            lines.append(pad("room", 28) + pad("seed", 6) + pad("score", 8) + pad("cleared", 9) + pad("left", 6) + pad("moves", 7) + "seconds")
            for game in hints {
                lines.append(
                    pad(game.room, 28) + pad(String(game.seed), 6) + pad(String(game.score), 8)
                        + pad(game.cleared ? "yes" : "no", 9) + pad(String(game.remaining), 6) + pad(String(game.moves), 7)
                        + String(format: "%.1f", game.seconds))
            }
        }
        try reportingFailures { try writeOutput(Data(lines.map { $0 + "\n" }.joined().utf8)) }
    }

    /// Games of `room` from boards 1...`hintBoards`, each move the group the hint names (as the
    /// window's H key shows it), untimed: multiplier 1, as in classic SameGame.
    private func playHints(name: String, room: Room) throws -> [HintGame] {
        try (1...UInt64(hintBoards)).map { seed in
            var game = Game(start: try Board.random(room: room, colours: 5, seed: seed))
            let clock = ContinuousClock()
            let start = clock.now
            var plan: SearchPlan?
            while let hint = game.hint(within: .seconds(hintSeconds), seed: UInt64(game.history.count), continuing: plan) {
                plan = hint.plan
                try game.play(Move(hint.group.cells[0]))
            }
            let remaining = game.board.blockCount
            return HintGame(
                room: name, seed: seed, score: game.score, cleared: remaining == 0, remaining: remaining,
                moves: game.history.count, seconds: (clock.now - start) / .seconds(1))
        }
    }

    /// Random games of the default room through the world and on the rules alone, on 1 and 2
    /// threads, each for `seconds` (or exactly `playouts` games).
    private func measureWorld() -> WorldFigures {
        func rate(throughWorld: Bool, jobs: Int) -> Double {
            // The standard room with 5 colours is a valid simulation.
            let simulation = try! Simulation(
                room: .standard, colours: 5, player: "random", seed: 1, throughWorld: throughWorld)
            let clock = ContinuousClock()
            let start = clock.now
            let limit = Duration.seconds(seconds)
            let played = Atomic<Int>(0)
            simulation.run(games: playouts ?? .max, jobs: jobs, shouldStop: { playouts == nil && clock.now - start >= limit }) { _ in
                played.wrappingAdd(1, ordering: .relaxed)
            }
            return Double(played.load(ordering: .relaxed)) / ((clock.now - start) / .seconds(1))
        }
        let world = rate(throughWorld: true, jobs: 1)
        let rulesOnly = rate(throughWorld: false, jobs: 1)
        let worldTwo = rate(throughWorld: true, jobs: 2)
        let rulesOnlyTwo = rate(throughWorld: false, jobs: 2)
        return WorldFigures(
            room: "4 walls of 12x10, 5 colours", gamesPerSecond: world, twoJobsGamesPerSecond: worldTwo,
            rulesOnlyGamesPerSecond: rulesOnly, rulesOnlyTwoJobsGamesPerSecond: rulesOnlyTwo,
            jobsSpeedup: worldTwo / world, worldCost: rulesOnly / world)
    }

    /// Casts from the eye toward random points of random blocks, in the default room and in one
    /// with ten times the blocks, and steps a space of 10,000 moving entities.
    private func measureSpace() -> SpaceFigures {
        func rays(toward room: RoomEntities, count: Int) -> [SIMD3<Float>] {
            var generator = SeededGenerator(seed: 7)
            func jitter() -> Float { Float(generator.below(1000)) / 1000 * 0.28 - 0.14 }
            return (0..<count).map { _ in
                let block = room.blocks[generator.below(room.blocks.count)].entity
                return block.position(relativeTo: nil) + SIMD3(jitter(), jitter(), jitter()) - [0, 1.6, 0]
            }
        }
        func cast(in space: Space, along directions: [SIMD3<Float>]) -> (rate: Double, hitRate: Double) {
            var hits = 0
            let result = repeatFor(seconds: seconds, rounds: playouts) { round in
                hits += space.raycast(origin: [0, 1.6, 0], direction: directions[round % directions.count], query: .nearest).count
            }
            return (result.rate, Double(hits) / Double(result.rounds))
        }
        let standard = Space()
        let room = standard.addRoom(RoomLayout(width: 12), height: 10)
        let directions = rays(toward: room, count: 4096)
        let hierarchy = cast(in: standard, along: directions)
        standard.root.components.set(InputTargetComponent())
        let taps = repeatFor(seconds: seconds, rounds: playouts) { round in
            _ = standard.tap(along: Ray(origin: [0, 1.6, 0], direction: directions[round % directions.count]))
        }
        standard.broadPhase = .exhaustive
        let exhaustive = cast(in: standard, along: directions)
        let large = Space()
        let largeRoom = large.addRoom(RoomLayout(width: 40), height: 30)
        let tenfold = cast(in: large, along: rays(toward: largeRoom, count: 4096))

        let moving = Space()
        let entities = (0..<10_000).map { k in
            Entity(
                name: "box \(k)", transform: Transform(translation: SIMD3(Float(k % 100), 1, Float(k / 100))),
                collision: CollisionComponent(shapes: [.generateBox(size: SIMD3(repeating: 0.3))]))
        }
        entities.forEach(moving.addChild)
        for (k, entity) in entities.enumerated() {
            entity.move(
                to: Transform(rotation: simd_quatf(angle: Float(k % 7), axis: [0, 1, 0]), translation: [Float(k % 13), 2, 0]),
                relativeTo: nil, duration: .seconds(1_000_000), timingFunction: .easeInOut)
        }
        let updates = repeatFor(seconds: seconds, rounds: playouts) { _ in moving.advance(by: .seconds(1) / 90) }
        return SpaceFigures(
            blocks: room.blocks.count, castsPerSecond: hierarchy.rate, exhaustiveCastsPerSecond: exhaustive.rate,
            speedup: hierarchy.rate / exhaustive.rate, tenfoldBlocks: largeRoom.blocks.count,
            tenfoldCastsPerSecond: tenfold.rate, costGrowth: hierarchy.rate / tenfold.rate, hitRate: hierarchy.hitRate,
            tapsPerSecond: taps.rate, movingEntities: entities.count, millisecondsPerUpdate: 1000 / updates.rate)
    }

    private func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }

    private func measure(name: String, room: Room) throws -> Figure {
        let starts = try (1...boards).map { try Board.random(room: room, colours: 5, seed: UInt64($0)) }
        var generator = SeededGenerator(seed: 2026)
        var engine = Playouts(room: room)
        var moves = 0
        var score = 0
        var cleared = 0
        let processorStart = threadProcessorSeconds()
        let fast = repeatFor(seconds: seconds, rounds: playouts) { round in
            let result = engine.playRandomly(from: starts[round % starts.count], using: &generator)
            moves += result.moves
            score += result.score
            cleared += result.isCleared ? 1 : 0
        }
        let processorSeconds = threadProcessorSeconds() - processorStart
        let reference = repeatFor(seconds: seconds, rounds: playouts.map { max(1, $0 / 20) }) { round in
            var game = Game(start: starts[round % starts.count])
            while case let groups = game.availableGroups, !groups.isEmpty {
                try! game.play(Move(groups[generator.below(groups.count)].cells[0]))
            }
        }
        let count = Double(fast.rounds)
        return Figure(
            room: name, playoutsPerSecond: fast.rate, playoutsPerCPUSecond: count / processorSeconds,
            movesPerPlayout: Double(moves) / count,
            meanScore: Double(score) / count, clearedRate: Double(cleared) / count,
            gameAPIPlayoutsPerSecond: reference.rate, speedup: fast.rate / reference.rate,
            stateBytes: starts[0].memoryFootprint)
    }

    /// The processor time this thread has used so far, in seconds.
    func threadProcessorSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// Calls `body` with round numbers 0, 1, 2... for about `seconds`, or exactly `rounds` times
    /// when given; returns rounds and rate.
    func repeatFor(seconds: Double, rounds limitRounds: Int?, _ body: (Int) -> Void) -> (rounds: Int, rate: Double) {
        let clock = ContinuousClock()
        let start = clock.now
        let limit = Duration.seconds(seconds)
        var rounds = 0
        var batch = 1
        while true {
            for _ in 0..<batch {
                body(rounds)
                rounds += 1
            }
            let elapsed = clock.now - start
            if limitRounds.map({ rounds >= $0 }) ?? (elapsed >= limit) {
                return (rounds, Double(rounds) / (elapsed / .seconds(1)))
            }
            batch = min(batch * 2, 1024, (limitRounds ?? .max) - rounds)
        }
    }
}
