import Foundation

extension SweepReport {
    /// The parameter the plot puts along x: the one asked for, else the first swept one.
    public var plotXParameter: Parameter? { xParameter ?? swept.first }

    /// An SVG 1.1 image, 960 by 820, of two panels over the x parameter: the mean score with its
    /// 95 % interval, and the clear rate with its 95 % (Wilson) interval. Each line joins the
    /// points that share the values of the other swept parameters; points without games are left
    /// out. Numeric parameters are spaced by value, others evenly in the order given.
    public func svg() -> String {
        let x = plotXParameter
        let others = swept.filter { $0 != x }
        // Lines: the points grouped by the other swept parameters' values, in order of first point.
        var lineKeys: [[String]] = []
        var lines: [[Int]] = []
        for point in plan.points.indices {
            let key = others.map { $0.text(in: plan.points[point]) }
            if let line = lineKeys.firstIndex(of: key) {
                lines[line].append(point)
            } else {
                lineKeys.append(key)
                lines.append([point])
            }
        }
        let positions = xPositions(x)
        let title = "Sweep: \(gamesDescription), seed \(plan.seed), \(plan.worldMode ? "full world" : "rules only")"
        let fixedText = fixedSettings.map { "\($0.0.rawValue) \($0.1)" }.joined(separator: ", ")
        var elements = [
            SVG.text(title, x: 20, y: 30, #"font-size="15" font-weight="bold""#),
            SVG.text(fixedText, x: 20, y: 52, ##"font-size="12" fill="#555555""##),
        ]
        let scores = statistics.filter { $0.games > 0 }
        let highest = scores.map(\.meanScoreInterval.upperBound).max() ?? 0
        let lowest = min(0, scores.map(\.meanScoreInterval.lowerBound).min() ?? 0)
        let scoreAxis = Self.niceAxis(from: lowest, to: max(highest, lowest + 1))
        let panels:
            [(
                name: String, top: Double, axis: (low: Double, high: Double, step: Double), unit: String,
                value: (SimulationStatistics) -> (Double, ClosedRange<Double>)
            )] = [
                ("mean score, 95 % interval", 90, scoreAxis, "", { ($0.meanScore, $0.meanScoreInterval) }),
                (
                    "cleared, 95 % interval", 470, (0, 100, 20), " %",
                    {
                        (
                            $0.clearedRate * 100,
                            ($0.clearedRateInterval.lowerBound * 100)...($0.clearedRateInterval.upperBound * 100)
                        )
                    }
                ),
            ]
        let (left, right, height) = (90.0, 700.0, 290.0)
        let axisLabels = positions.ticks
        for panel in panels {
            let bottom = panel.top + height
            func y(_ value: Double) -> Double {
                bottom - (value - panel.axis.low) / (panel.axis.high - panel.axis.low) * height
            }
            for value in stride(
                from: panel.axis.low, through: panel.axis.high + panel.axis.step / 2, by: panel.axis.step)
            {
                elements.append(SVG.line(left, y(value), right, y(value), ##"stroke="#e3e3e3""##))
                elements.append(
                    SVG.text(Self.tickText(value) + panel.unit, x: left - 8, y: y(value) + 4, #"text-anchor="end""#))
            }
            elements.append(SVG.text(panel.name, x: left, y: panel.top - 12, #"font-size="13" font-weight="bold""#))
            for tick in axisLabels {
                let position = left + tick.position * (right - left)
                elements.append(SVG.line(position, bottom, position, bottom + 5, ##"stroke="#333333""##))
                elements.append(SVG.text(tick.label, x: position, y: bottom + 20, #"text-anchor="middle""#))
            }
            elements.append(
                SVG.text(
                    x?.rawValue ?? "point", x: (left + right) / 2, y: bottom + 40,
                    #"text-anchor="middle" font-size="13""#))
            for (number, line) in lines.enumerated() {
                let colour = Self.palette[number % Self.palette.count]
                // Lines side by side, so that their intervals do not hide each other.
                let offset = (Double(number) - Double(lines.count - 1) / 2) * min(6, 60 / Double(lines.count))
                var path: [(x: Double, y: Double)] = []
                for point in line where statistics[point].games > 0 {
                    let (value, interval) = panel.value(statistics[point])
                    let position = left + positions.of[point] * (right - left) + offset
                    path.append((position, y(value)))
                    let attributes = #"stroke="\#(colour)" stroke-width="1.5""#
                    elements.append(
                        SVG.line(position, y(interval.lowerBound), position, y(interval.upperBound), attributes))
                    elements.append(
                        SVG.line(position - 4, y(interval.lowerBound), position + 4, y(interval.lowerBound), attributes)
                    )
                    elements.append(
                        SVG.line(position - 4, y(interval.upperBound), position + 4, y(interval.upperBound), attributes)
                    )
                    let tip =
                        pointDescription(point) + ": " + trimmed(value, decimals: 1) + panel.unit + " ("
                        + trimmed(interval.lowerBound, decimals: 1) + " to " + trimmed(interval.upperBound, decimals: 1)
                        + "), " + counting(statistics[point].games, "game")
                    elements.append(
                        SVG.circle(x: position, y: y(value), radius: 3.5, #"fill="\#(colour)""#, title: tip))
                }
                if path.count > 1 {
                    elements.insert(SVG.polyline(path, #"fill="none" stroke="\#(colour)" stroke-width="2""#), at: 2)
                }
            }
            elements.append(SVG.line(left, panel.top, left, bottom, ##"stroke="#333333""##))
            elements.append(SVG.line(left, bottom, right, bottom, ##"stroke="#333333""##))
        }
        if !others.isEmpty {
            elements.append(
                SVG.text(
                    others.map(\.rawValue).joined(separator: ", "), x: 720, y: 96, #"font-size="13" font-weight="bold""#
                ))
            for (number, key) in lineKeys.enumerated() {
                let y = 118 + Double(number) * 20
                let colour = Self.palette[number % Self.palette.count]
                elements.append(SVG.line(720, y - 4, 745, y - 4, #"stroke="\#(colour)" stroke-width="2""#))
                elements.append(SVG.text(key.joined(separator: ", "), x: 752, y: y, ""))
            }
        }
        return SVG.document(width: 960, height: 820, elements)
    }

    /// The point's swept settings: "player greedy, colours 4".
    private func pointDescription(_ point: Int) -> String {
        swept.isEmpty
            ? "point \(point)"
            : swept.map { "\($0.rawValue) \($0.text(in: plan.points[point]))" }
                .joined(separator: ", ")
    }

    /// Where each point falls along x, from 0 to 1, and the ticks to label.
    private func xPositions(_ x: Parameter?) -> (of: [Double], ticks: [(position: Double, label: String)]) {
        guard let x else {
            let count = Double(plan.points.count)
            return (
                plan.points.indices.map { (Double($0) + 0.5) / count },
                plan.points.indices.map { ((Double($0) + 0.5) / count, String($0)) }
            )
        }
        var labels: [String] = []
        for point in plan.points where !labels.contains(x.text(in: point)) { labels.append(x.text(in: point)) }
        if x.isNumeric {
            let values = plan.points.map { x.number(in: $0) }
            let (low, high) = (values.min()!, values.max()!)
            let margin = high > low ? (high - low) * 0.06 : 1
            func position(_ value: Double) -> Double { (value - low + margin) / (high - low + 2 * margin) }
            let ticks = labels.map { label in
                (position(x.number(in: plan.points.first { x.text(in: $0) == label }!)), label)
            }
            return (values.map(position), ticks)
        }
        let count = Double(labels.count)
        func position(_ label: String) -> Double { (Double(labels.firstIndex(of: label)!) + 0.5) / count }
        return (plan.points.map { position(x.text(in: $0)) }, labels.map { (position($0), $0) })
    }

    /// An axis from a multiple of a 1-2-5 step at or below `low` to one at or above `high`, in
    /// about five steps.
    static func niceAxis(from low: Double, to high: Double) -> (low: Double, high: Double, step: Double) {
        let rough = (high - low) / 5
        let power = pow(10, (log10(rough)).rounded(.down))
        let step = [1.0, 2, 5, 10].map { $0 * power }.first { $0 >= rough } ?? 10 * power
        return ((low / step).rounded(.down) * step, (high / step).rounded(.up) * step, step)
    }

    /// An axis figure: whole numbers with thousands as "k" above 10,000.
    private static func tickText(_ value: Double) -> String {
        abs(value) >= 10_000 ? trimmed(value / 1000, decimals: 1) + "k" : trimmed(value, decimals: 2)
    }

    /// Line colours (Tableau 10).
    private static let palette = [
        "#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948", "#b07aa1", "#ff9da7", "#9c755f", "#bab0ac",
    ]
}
