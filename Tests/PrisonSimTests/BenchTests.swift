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

        let build: String
        let figures: [Figure]
    }

    @Test("a short fixed-count bench prints JSON with two positive figures")
    func shortBench() throws {
        let result = try runSim(["bench", "--playouts", "50", "--boards", "3", "--json"])
        try #require(result.status == 0, "\(result)")
        let report = try JSONDecoder().decode(Report.self, from: Data(result.stdout.utf8))
        #expect(report.figures.count == 2)
        for figure in report.figures {
            #expect(figure.playoutsPerSecond > 0, "\(figure.room)")
            #expect(figure.playoutsPerSecond.isFinite, "\(figure.room)")
            #expect(figure.gameAPIPlayoutsPerSecond > 0, "\(figure.room)")
            #expect(figure.movesPerPlayout > 0, "\(figure.room)")
        }
        #expect(Set(report.figures.map(\.room)).count == 2)
        #expect(["debug", "release"].contains(report.build))
    }

    @Test("the bench without --json prints a table")
    func textBench() throws {
        let result = try runSim(["bench", "--playouts", "20", "--boards", "2"])
        try #require(result.status == 0, "\(result)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 4, "a title, a header and two figures: \(result.stdout)")
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
