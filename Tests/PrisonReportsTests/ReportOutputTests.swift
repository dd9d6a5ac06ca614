import Foundation
import PrisonReports
import PrisonSpaceTesting
import PrisonWorld
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Whether `text` is well-formed XML, and the names of its elements in order.
private func elements(ofXML text: String) -> (wellFormed: Bool, names: [String], texts: [String]) {
    final class Collector: NSObject, XMLParserDelegate {
        var names: [String] = []
        var texts: [String] = []
        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) { names.append(name) }
        func parser(_ parser: XMLParser, foundCharacters string: String) { texts.append(string) }
    }
    let parser = XMLParser(data: Data(text.utf8))
    let collector = Collector()
    parser.delegate = collector
    return (parser.parse(), collector.names, collector.texts)
}

@Suite("The reports: table, JSON, CSV and SVG")
struct ReportOutputTests {
    /// A run of eight games with known scores: 2, 4, 4, 4, 5, 5, 7, 9 (mean 5), two cleared.
    static let run: RunReport = {
        let scores = [9, 4, 2, 5, 4, 7, 4, 5]
        let records = scores.enumerated().map { record($0, score: $1, cleared: $0 < 2) }
        return RunReport(
            plan: smallRun(games: 8), records: records, shard: nil, execution: .init(jobs: 2, seconds: 4),
            interrupted: false)
    }()

    @Test("The run's JSON has every figure, the settings and the timing")
    func runJSON() throws {
        let json = try jsonObject(Self.run.json())
        #expect(json["games"] as? Int == 8 && json["gamesRequested"] as? Int == 8)
        #expect(json["meanScore"] as? Double == 5 && json["medianScore"] as? Double == 4.5 && json["bestScore"] as? Int == 9)
        #expect(json["clearedRate"] as? Double == 0.25 && json["maxMultiplier"] as? Int == 8)
        #expect(json["room"] as? String == "1 wall of 6x5" && json["player"] as? String == "random")
        #expect(json["mode"] as? String == "rules-only" && json["tapInterval"] is NSNull && json["shard"] is NSNull)
        #expect(json["jobs"] as? Int == 2 && json["seconds"] as? Double == 4 && json["gamesPerSecond"] as? Double == 2)
        let interval = try #require(json["meanScoreInterval95"] as? [Double])
        let half = 2.365 * (32.0 / 7).squareRoot() / 8.0.squareRoot()
        #expect(isClose(interval, [5 - half, 5 + half], tolerance: 1e-12))
        #expect(String(decoding: Self.run.json(), as: UTF8.self).hasSuffix("}\n"))
    }

    @Test("The run's table aligns its figures on the right")
    func runTable() {
        let lines = Self.run.table().split(separator: "\n")
        #expect(lines.first?.hasPrefix("Games") == true && lines.first?.hasSuffix(" 8") == true)
        #expect(lines.contains { $0.hasPrefix("Mean score") && $0.hasSuffix(" 5.0") })
        #expect(lines.contains { $0.hasPrefix("Cleared") && $0.hasSuffix(" 25.0 %") })
        #expect(lines.contains { $0.hasPrefix("Games per second") && $0.hasSuffix(" 2.0") })
        #expect(Set(lines.map(\.count)).count == 1)
    }

    @Test("The run's histogram is well-formed SVG with a bar a bin, its tooltips and the mean")
    func runSVG() throws {
        let svg = Self.run.svg()
        let (wellFormed, names, texts) = elements(ofXML: svg)
        #expect(wellFormed)
        #expect(names.first == "svg" && svg.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg "))
        // Freedman–Diaconis asks for 7 x 2 / (2 x 1.5) ≈ 4.7 bins: the five or more of 1-2-5 widths
        // come at width 1 alone.
        let histogram = try #require(Histogram(sortedScores: Self.run.statistics.sortedScores))
        #expect(histogram.start == 2 && histogram.width == 1 && histogram.counts == [1, 0, 3, 2, 0, 1, 0, 1])
        // The background and a bar for each bin with games.
        #expect(names.filter { $0 == "rect" }.count == 1 + histogram.counts.filter { $0 > 0 }.count)
        #expect(texts.contains("mean 5.0") && texts.contains("score 4: 3 games"))
    }

    @Test("Text in the SVG is escaped, and a run without games says so")
    func svgEscapesAndEmpty() {
        var settings = PointSettings(walls: 1, width: 6, height: 5)
        settings.player = "<a & b>"
        let plan = Plan(command: .run, seed: 1, games: 3, worldMode: true, points: [settings])
        let report = RunReport(plan: plan, records: [], shard: Shard(number: 2, count: 2), execution: nil, interrupted: true)
        let (wellFormed, _, texts) = elements(ofXML: report.svg())
        #expect(wellFormed && report.svg().contains("&lt;a &amp; b&gt;"))
        #expect(texts.contains("no games"))
        #expect(report.gamesRequested == 1 && report.statistics.games == 0 && report.statistics.meanScore == 0)
        #expect(report.table().contains(" 0 of 1 requested (interrupted)\n"))
    }

    @Test("The sweep's summary CSV has a row a point, with the settings and the figures")
    func sweepSummaryCSV() throws {
        let plan = smallSweep(games: 2)
        let games = [(0, record(0, score: 10)), (0, record(1, score: 20, cleared: true)), (1, record(0, score: 7))]
        let report = SweepReport(
            plan: plan, games: games.map { (point: $0.0, record: $0.1) }, shard: nil, xParameter: nil, execution: nil,
            interrupted: false)
        let rows = report.summaryCSV().split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false) }
        #expect(rows.count == 3 && rows.allSatisfy { $0.count == rows[0].count })
        let header = rows[0].map(String.init)
        func field(_ name: String, ofPoint point: Int) -> String { String(rows[point + 1][header.firstIndex(of: name)!]) }
        #expect(field("colours", ofPoint: 0) == "3" && field("colours", ofPoint: 1) == "4")
        #expect(field("games", ofPoint: 0) == "2" && field("meanScore", ofPoint: 0) == "15.0")
        #expect(field("clearedRate", ofPoint: 0) == "0.5" && field("medianScore", ofPoint: 1) == "7.0")
        #expect(field("mode", ofPoint: 1) == "rules-only")
        #expect(report.swept == [.colours] && report.plotXParameter == .colours)
    }

    @Test("The sweep's JSON has a point for each point, with its settings")
    func sweepJSON() throws {
        let plan = smallSweep(games: 1)
        let report = SweepReport(
            plan: plan, games: [(point: 1, record: record(0, score: 3))], shard: nil, xParameter: nil,
            execution: .init(jobs: 1, seconds: 0.5), interrupted: true)
        let json = try jsonObject(report.json())
        #expect(json["command"] as? String == "sweep" && json["games"] as? Int == 1 && json["gamesRequested"] as? Int == 2)
        #expect(json["swept"] as? [String] == ["colours"] && json["interrupted"] as? Bool == true)
        let points = try #require(json["points"] as? [[String: Any]])
        #expect(points.map { $0["games"] as? Int } == [0, 1])
        let settings = try #require(points[1]["settings"] as? [String: Any])
        #expect(settings["colours"] as? Double == 4 && settings["corners"] as? String == "linked" && settings["thinkPlayouts"] is NSNull)
    }

    @Test("The sweep's plot is well-formed SVG: two panels, a point with its tooltip for each point with games")
    func sweepSVG() {
        let plan = smallSweep(games: 2)
        let report = SweepReport(
            plan: plan, games: [(point: 0, record: record(0, score: 10)), (point: 1, record: record(1, score: 30))],
            shard: nil, xParameter: nil, execution: nil, interrupted: false)
        let (wellFormed, names, texts) = elements(ofXML: report.svg())
        #expect(wellFormed)
        #expect(names.filter { $0 == "circle" }.count == 4)
        #expect(texts.contains("mean score, 95 % interval") && texts.contains("cleared, 95 % interval"))
        #expect(texts.contains { $0.hasPrefix("colours 4: 30") })
    }
}
