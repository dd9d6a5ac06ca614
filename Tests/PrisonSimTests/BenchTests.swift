import Foundation
import Testing

@Suite("prison-sim bench")
struct BenchTests {
    private struct Report: Decodable {
        struct Figure: Decodable {
            let room: String
            let playoutsPerSecond: Double
            let gameAPIPlayoutsPerSecond: Double
            let movesPerPlayout: Double
        }

        struct SpaceFigures: Decodable {
            let blocks: Int
            let castsPerSecond: Double
            let exhaustiveCastsPerSecond: Double
            let tenfoldBlocks: Int
            let costGrowth: Double
            let hitRate: Double
            let movingEntities: Int
            let millisecondsPerUpdate: Double
        }

        struct SystemFigures: Decodable {
            let entities: Int
            let systemMillisecondsPerUpdate: Double
            let plainArrayMillisecondsPerUpdate: Double
            let cachedQueryMicroseconds: Double
            let queryAfterAddMicroseconds: Double
            let collisionShapes: Int
            let movingShapes: Int
            let collisionMillisecondsPerUpdate: Double
        }

        struct WorldFigures: Decodable {
            let gamesPerSecond: Double
            let twoJobsGamesPerSecond: Double
            let rulesOnlyGamesPerSecond: Double
            let rulesOnlyTwoJobsGamesPerSecond: Double
            let jobsSpeedup: Double
            let worldCost: Double
        }

        struct GestureFigures: Decodable {
            let boxes: Int
            let dragMicrosecondsPerFrame: Double
            let frameMicroseconds: Double
        }

        struct LoadingFigures: Decodable {
            let bytes: Int
            let entities: Int
            let millisecondsPerLoad: Double
            let processorMillisecondsPerLoad: Double
            let millisecondsInCode: Double
        }

        struct HintGame: Decodable {
            let room: String
            let score: Int
            let cleared: Bool
            let remaining: Int
            let moves: Int
        }

        let build: String
        let figures: [Figure]?
        let space: SpaceFigures?
        let systems: SystemFigures?
        let gestures: GestureFigures?
        let loading: LoadingFigures?
        let world: WorldFigures?
        let hints: [HintGame]?
    }

    @Test("bench hints plays a game to its end by the hint; --rooms picks the rooms")
    func hintGames() throws {
        let result = try runSim(["bench", "hints", "--rooms", "classic", "--hint-seconds", "0.01", "--json"])
        try #require(result.status == 0, "\(result)")
        let report = try JSONDecoder().decode(Report.self, from: Data(result.stdout.utf8))
        #expect(report.figures == nil && report.space == nil && report.world == nil)
        let games = try #require(report.hints)
        #expect(games.count == 1 && games[0].room.hasPrefix("classic"))
        #expect(games[0].moves > 10 && games[0].score > 0 && games[0].cleared == (games[0].remaining == 0))
        let rules = try runSim(["bench", "rules", "--rooms", "standard", "--playouts", "5", "--json"])
        let figures = try #require(try JSONDecoder().decode(Report.self, from: Data(rules.stdout.utf8)).figures)
        #expect(figures.map(\.room) == ["room 4 x 12x10, 5 colours"])
    }

    @Test("bench world plays games through the world and on the rules alone, on 1 and 2 jobs")
    func worldBench() throws {
        let result = try runSim(["bench", "world", "--playouts", "2", "--json"])
        try #require(result.status == 0, "\(result)")
        let report = try JSONDecoder().decode(Report.self, from: Data(result.stdout.utf8))
        #expect(report.figures == nil && report.space == nil)
        let world = try #require(report.world)
        for rate in [world.gamesPerSecond, world.twoJobsGamesPerSecond, world.rulesOnlyGamesPerSecond,
                     world.rulesOnlyTwoJobsGamesPerSecond, world.jobsSpeedup, world.worldCost] {
            #expect(rate > 0 && rate.isFinite)
        }
        let table = try runSim(["bench", "world", "--playouts", "1"])
        #expect(table.stdout.contains("rules only") && table.stdout.contains("2 over 1"), "\(table)")
    }

    @Test("a short fixed-count bench prints JSON with two positive figures")
    func shortBench() throws {
        let result = try runSim(["bench", "rules", "--playouts", "50", "--boards", "3", "--json"])
        try #require(result.status == 0, "\(result)")
        let report = try JSONDecoder().decode(Report.self, from: Data(result.stdout.utf8))
        let figures = try #require(report.figures)
        #expect(figures.count == 2)
        #expect(report.space == nil)
        for figure in figures {
            #expect(figure.playoutsPerSecond > 0, "\(figure.room)")
            #expect(figure.playoutsPerSecond.isFinite, "\(figure.room)")
            #expect(figure.gameAPIPlayoutsPerSecond > 0, "\(figure.room)")
            #expect(figure.movesPerPlayout > 0, "\(figure.room)")
        }
        #expect(Set(figures.map(\.room)).count == 2)
        #expect(["debug", "release"].contains(report.build))
    }

    @Test("the bench without --json prints a table")
    func textBench() throws {
        let result = try runSim(["bench", "rules", "--playouts", "20", "--boards", "2"])
        try #require(result.status == 0, "\(result)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 5, "a title, a caption, a header and two figures: \(result.stdout)")
        #expect(lines.filter { $0.hasPrefix("classic 15x15") || $0.hasPrefix("room 4 x") }.count == 2)
    }

    @Test(
        "the space bench measures casts in two rooms, a space of moving entities, a system, queries, collision events, a gesture and a scene's load"
    )
    func spaceBench() throws {
        let result = try runSim(["bench", "space", "--playouts", "20", "--json"])
        try #require(result.status == 0, "\(result)")
        let report = try JSONDecoder().decode(Report.self, from: Data(result.stdout.utf8))
        let space = try #require(report.space)
        #expect(report.figures == nil)
        #expect(space.blocks == 480 && space.tenfoldBlocks == 4800 && space.movingEntities == 10_000)
        #expect(space.castsPerSecond > 0 && space.exhaustiveCastsPerSecond > 0 && space.costGrowth > 0)
        #expect(space.hitRate > 0.9, "rays aimed at blocks hit")
        #expect(space.millisecondsPerUpdate > 0)
        let systems = try #require(report.systems)
        #expect(systems.entities == 10_000 && systems.collisionShapes == 10_000 && systems.movingShapes == 100)
        #expect(systems.systemMillisecondsPerUpdate > 0 && systems.plainArrayMillisecondsPerUpdate > 0)
        #expect(systems.cachedQueryMicroseconds > 0 && systems.queryAfterAddMicroseconds > 0)
        #expect(systems.collisionMillisecondsPerUpdate > 0)
        let gestures = try #require(report.gestures)
        #expect(gestures.boxes == 100 && gestures.dragMicrosecondsPerFrame > 0 && gestures.frameMicroseconds > 0)
        let loading = try #require(report.loading)
        #expect(loading.bytes > 1_000_000 && loading.entities > 600, "a scene of about 1 MB, loaded whole")
        #expect(loading.millisecondsPerLoad > 0 && loading.processorMillisecondsPerLoad > 0 && loading.millisecondsInCode > 0)
    }

    @Test(
        "bad bench options exit 64 with nothing on stdout",
        arguments: [["--playouts", "0"], ["--boards", "0"], ["--seconds", "0"], ["--seconds", "-1"]])
    func badOptions(_ options: [String]) throws {
        let result = try runSim(["bench"] + options)
        #expect(result.status == 64, "\(result)")
        #expect(result.stdout.isEmpty)
        #expect(!result.stderr.isEmpty)
    }
}
