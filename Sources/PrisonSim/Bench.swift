import ArgumentParser
import Foundation
import PrisonRules

struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Measure the rules engine: random playouts per second on one thread.",
        discussion: """
            A playout plays a board to its end, choosing every legal group with equal chance. \
            'fast' is the playout engine that simulations and searches use; 'game API' plays the \
            same kind of games through Game (outcomes, undo records, group lists), measured in the \
            same run as the baseline. Build with -c release for figures worth quoting.
            """)

    @Option(help: "Seconds to measure each figure.")
    var seconds = 2.0
    @Option(help: "Distinct seeded boards per room; the playouts cycle through them.")
    var boards = 100
    @Option(help: "Play exactly this many playouts a figure instead of measuring for --seconds (for instruction counts under valgrind).")
    var playouts: Int?
    @Flag(help: "Print the figures as JSON.")
    var json = false

    func validate() throws {
        guard seconds > 0, seconds.isFinite else { throw ValidationError("--seconds must be positive") }
        guard boards > 0 else { throw ValidationError("--boards must be positive") }
        guard playouts.map({ $0 > 0 }) ?? true else { throw ValidationError("--playouts must be positive") }
    }

    struct Figure: Encodable {
        let room: String
        let playoutsPerSecond: Double
        let movesPerPlayout: Double
        let meanScore: Double
        let clearedRate: Double
        let gameAPIPlayoutsPerSecond: Double
        let speedup: Double
        let stateBytes: Int
    }

    struct Report: Encodable {
        let build: String
        let secondsPerFigure: Double
        let figures: [Figure]
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
        ]
        let figures = try workloads.map { name, room in try measure(name: name, room: room) }
        if json {
            writeOutput(jsonData(Report(build: build, secondsPerFigure: seconds, figures: figures)))
        } else {
            var lines = ["prison-sim bench: \(build) build, 1 thread, \(seconds) s a figure, \(boards) boards a room"]
            lines.append(
                pad("room", 28) + pad("playouts/s", 12) + pad("game API/s", 12) + pad("ratio", 8)
                    + pad("moves", 8) + pad("score", 8) + pad("cleared", 9) + "state bytes")
            for f in figures {
                lines.append(
                    pad(f.room, 28) + pad(String(Int(f.playoutsPerSecond)), 12)
                        + pad(String(Int(f.gameAPIPlayoutsPerSecond)), 12) + pad(String(format: "%.1fx", f.speedup), 8)
                        + pad(String(format: "%.1f", f.movesPerPlayout), 8) + pad(String(format: "%.0f", f.meanScore), 8)
                        + pad(String(format: "%.1f%%", f.clearedRate * 100), 9) + String(f.stateBytes))
            }
            writeOutput(Data(lines.map { $0 + "\n" }.joined().utf8))
        }
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
        let fast = repeatFor(seconds: seconds, rounds: playouts) { round in
            let result = engine.playRandomly(from: starts[round % starts.count], using: &generator)
            moves += result.moves
            score += result.score
            cleared += result.isCleared ? 1 : 0
        }
        let reference = repeatFor(seconds: seconds, rounds: playouts.map { max(1, $0 / 20) }) { round in
            var game = Game(start: starts[round % starts.count])
            while case let groups = game.availableGroups, !groups.isEmpty {
                try! game.play(Move(groups[generator.below(groups.count)].cells[0]))
            }
        }
        let count = Double(fast.rounds)
        return Figure(
            room: name, playoutsPerSecond: fast.rate, movesPerPlayout: Double(moves) / count,
            meanScore: Double(score) / count, clearedRate: Double(cleared) / count,
            gameAPIPlayoutsPerSecond: reference.rate, speedup: fast.rate / reference.rate,
            stateBytes: starts[0].memoryFootprint)
    }

    /// Calls `body` with round numbers 0, 1, 2... for about `seconds`, or exactly `rounds` times
    /// when given; returns rounds and rate.
    private func repeatFor(seconds: Double, rounds limitRounds: Int?, _ body: (Int) -> Void) -> (rounds: Int, rate: Double) {
        let clock = ContinuousClock()
        let start = clock.now
        let limit = Duration(seconds: seconds)!
        var rounds = 0
        var batch = 1
        while true {
            for _ in 0..<batch {
                body(rounds)
                rounds += 1
            }
            let elapsed = clock.now - start
            if limitRounds.map({ rounds >= $0 }) ?? (elapsed >= limit) {
                return (rounds, Double(rounds) / elapsed.seconds)
            }
            batch = min(batch * 2, 1024, (limitRounds ?? .max) - rounds)
        }
    }
}
