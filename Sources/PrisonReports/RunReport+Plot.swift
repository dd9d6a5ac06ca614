extension RunReport {
    /// An SVG 1.1 image, 800 by 480, of a histogram of the scores under a summary of the run:
    /// bars with their scores and number of games as tooltips, and a dashed line at the mean.
    public func svg() -> String {
        let plot = Self.plot
        let statistics = statistics
        var elements = [
            SVG.text(
                "\(player): \(gamesPlayed), "
                    + "mean \(fixed(statistics.meanScore, decimals: 1)), median \(fixed(statistics.medianScore, decimals: 1)), "
                    + "best \(statistics.bestScore), cleared \(clearedDescription)",
                x: 20, y: 30, #"font-size="14" font-weight="bold""#),
            SVG.text(
                "\(room), \(colours) colours, seed \(seed), \(modeDescription)\(interrupted ? ", interrupted" : "")",
                x: 20, y: 52, ##"font-size="13" fill="#555555""##),
        ]
        if let histogram = Histogram(sortedScores: statistics.sortedScores) {
            elements += plotElements(of: histogram)
        } else {
            elements.append(
                SVG.text(
                    "no games", x: (plot.left + plot.right) / 2, y: (plot.top + plot.bottom) / 2,
                    ##"text-anchor="middle" font-size="16" fill="#777777""##))
        }
        elements += [
            SVG.line(plot.left, plot.top, plot.left, plot.bottom, ##"stroke="#333333""##),
            SVG.line(plot.left, plot.bottom, plot.right, plot.bottom, ##"stroke="#333333""##),
            SVG.text(
                "score", x: (plot.left + plot.right) / 2, y: plot.bottom + 42,
                #"text-anchor="middle" font-size="13""#),
            SVG.text(
                "games", x: 0, y: 0,
                #"transform="translate(24 \#(SVG.coordinate((plot.top + plot.bottom) / 2))) rotate(-90)" "#
                    + #"text-anchor="middle" font-size="13""#),
        ]
        return SVG.document(width: 800, height: 480, elements)
    }

    /// The edges of the plot in the SVG image.
    private static let plot = (left: 70.0, right: 770.0, top: 80.0, bottom: 420.0)

    /// The inside of the SVG plot: count grid lines and ticks, the bars, score ticks, and the mean.
    private func plotElements(of histogram: Histogram) -> [String] {
        let (left, right, top, bottom) = Self.plot
        // A whole score s spans s - 0.5 to s + 0.5: bars cover the scores they count, and ticks
        // fall in the middle of bars one score wide.
        let axis = histogram.axisScores
        let pointsPerScore = (right - left) / Double(axis.count)
        func x(_ score: Double) -> Double { left + (score - Double(axis.lowerBound) + 0.5) * pointsPerScore }
        let mostGames = histogram.counts.max() ?? 0
        let countStep = niceMultiples(of: 1).first { (mostGames + $0 - 1) / $0 <= 6 }!
        let countTop = (mostGames + countStep - 1) / countStep * countStep
        func y(_ count: Int) -> Double { bottom - Double(count) / Double(countTop) * (bottom - top) }

        var elements: [String] = []
        for count in stride(from: 0, through: countTop, by: countStep) {
            elements.append(SVG.line(left, y(count), right, y(count), ##"stroke="#e3e3e3""##))
            elements.append(SVG.text(String(count), x: left - 8, y: y(count) + 4, #"text-anchor="end""#))
        }
        for (bin, count) in histogram.counts.enumerated() where count > 0 {
            let lowest = histogram.start + bin * histogram.width
            let highest = lowest + histogram.width - 1
            let (from, to) = (x(Double(lowest) - 0.5), x(Double(highest) + 0.5))
            let scores = lowest == highest ? "score \(lowest)" : "scores \(lowest) to \(highest)"
            elements.append(
                SVG.rectangle(
                    x: from, y: y(count), width: to - from, height: bottom - y(count),
                    ##"fill="#4e79a7" stroke="#fafafa""##, title: "\(scores): \(counting(count, "game"))"))
        }
        let scoreStep = niceMultiples(of: histogram.width).first { axis.count / $0 <= 10 }!
        let firstTick = roundedDown(axis.lowerBound + scoreStep - 1, toMultipleOf: scoreStep)
        for score in stride(from: firstTick, through: axis.upperBound, by: scoreStep) {
            let position = x(Double(score))
            elements.append(SVG.line(position, bottom, position, bottom + 5, ##"stroke="#333333""##))
            elements.append(SVG.text(String(score), x: position, y: bottom + 20, #"text-anchor="middle""#))
        }
        let mean = x(statistics.meanScore)
        elements.append(
            SVG.line(mean, top, mean, bottom, ##"stroke="#d62728" stroke-width="1.5" stroke-dasharray="6 4""##))
        elements.append(
            SVG.text(
                "mean \(fixed(statistics.meanScore, decimals: 1))", x: min(max(mean, left + 45), right - 45),
                y: top - 6,
                ##"text-anchor="middle" fill="#d62728""##))
        return elements
    }
}
