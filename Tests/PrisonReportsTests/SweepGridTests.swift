import PrisonReports
import Testing

@Suite("A sweep's grid of settings")
struct SweepGridTests {
    @Test("Every combination of the values is a point, the first parameter changing slowest")
    func combinations() throws {
        var grid = SweepGrid()
        try grid.read("# a comment\nwidth = 6..10:2\n\nplayer: random, greedy\n", from: "grid.txt")
        try grid.set(.colours, to: "3, 4")
        let points = try grid.points()
        #expect(points.count == 12)
        #expect(points.map(\.width) == [6, 6, 6, 6, 8, 8, 8, 8, 10, 10, 10, 10])
        #expect(points.prefix(4).map(\.colours) == [3, 3, 4, 4])
        #expect(points.prefix(4).map(\.player) == ["random", "greedy", "random", "greedy"])
        #expect(points.allSatisfy { $0.height == PointSettings().height && $0.problem == nil })
    }

    @Test("Values that do not read, or do not make sense together, are refused with a reason")
    func refusals() {
        var grid = SweepGrid()
        #expect(throws: ParameterError.self) { try grid.set(.corners, to: "linked, sideways") }
        #expect(throws: ParameterError.self) { try grid.set(.width, to: "6, 6") }
        #expect(throws: ParameterError.self) { try grid.set(.player, to: "1..4") }
        #expect(throws: ReportError.badData("grid.txt line 2: no parameter 'depth'; the parameters are "
            + Parameter.allCases.map(\.rawValue).joined(separator: ", "))) {
            try grid.read("walls = 1\ndepth = 3\n", from: "grid.txt")
        }
        var tooWide = SweepGrid()
        try? tooWide.set(.width, to: "40")
        #expect(throws: ParameterError.self) { try tooWide.points() }
    }

    @Test("A parameter's value reads back as it prints")
    func parameterText() throws {
        var settings = PointSettings()
        for (parameter, text) in [(Parameter.comboWindow, "0.25"), (.tapInterval, "1.5"), (.scoring, "n-1"), (.thinkPlayouts, "300")] {
            try parameter.set(text, in: &settings)
            #expect(parameter.text(in: settings) == text)
        }
        #expect(settings.thinking == .playouts(300) && Parameter.think.text(in: settings).isEmpty)
        #expect(Parameter.comboWindow.column == "comboWindow" && Parameter.tapInterval.number(in: settings) == 1.5)
    }
}
