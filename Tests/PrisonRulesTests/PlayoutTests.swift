import PrisonRules
import Testing

@Suite("Random playouts")
struct PlayoutTests {
    /// Pearson's chi-square statistic of `observed` counts against `expected` counts.
    func chiSquare(_ observed: [Int], _ expected: [Double]) -> Double {
        zip(observed, expected).reduce(0) { $0 + (Double($1.0) - $1.1) * (Double($1.0) - $1.1) / $1.1 }
    }

    @Test("Every legal group is equally likely to be played, whatever its size")
    func uniformOverGroups() throws {
        let start = try board("4423", "1333", "1522", "1542")
        let groups = start.groups()
        #expect(groups.map(\.size) == [3, 2, 2, 4, 3], "groups of different sizes")
        var playouts = Playouts(room: start.room)
        var generator = SeededGenerator(seed: 2026)
        let trials = 20_000
        var counts = [Int](repeating: 0, count: groups.count)
        for _ in 0..<trials {
            var first: Cell?
            _ = playouts.playRandomly(from: start, using: &generator) { if first == nil { first = $0 } }
            counts[groups.firstIndex { $0.cells[0] == first }!] += 1
        }
        // 4 degrees of freedom: the chance of a statistic above 18.47 is 0.1 % when the choice is
        // uniform. The same counts are far from a choice weighted by group size, which a sampler
        // that picks blocks rather than groups would give.
        let uniform = [Double](repeating: Double(trials) / Double(groups.count), count: groups.count)
        #expect(chiSquare(counts, uniform) < 18.47, "\(counts)")
        let blocks = Double(groups.reduce(0) { $0 + $1.size })
        let bySize = groups.map { Double(trials) * Double($0.size) / blocks }
        #expect(chiSquare(counts, bySize) > 18.47, "\(counts)")
    }

    @Test("Board.randomGroup draws every legal group equally often, whatever its size")
    func randomGroupIsUniform() throws {
        let start = try board("4423", "1333", "1522", "1542")
        let groups = start.groups()
        var generator = SeededGenerator(seed: 2027)
        let trials = 20_000
        var counts = [Int](repeating: 0, count: groups.count)
        for _ in 0..<trials {
            let group = try #require(start.randomGroup(using: &generator))
            counts[try #require(groups.firstIndex(of: group), "a legal group")] += 1
        }
        let uniform = [Double](repeating: Double(trials) / Double(groups.count), count: groups.count)
        #expect(chiSquare(counts, uniform) < 18.47, "\(counts)")
        #expect(try board("12", "34").randomGroup(using: &generator) == nil, "no group, no draw")
    }

    @Test("The same seed gives the same playout; a playout ends the game")
    func deterministic() throws {
        let start = try Board.random(room: .standard, colours: 5, seed: 8)
        var playouts = Playouts(room: .standard)
        var a = SeededGenerator(seed: 1)
        var b = SeededGenerator(seed: 1)
        let first = playouts.playRandomly(from: start, using: &a)
        #expect(first == playouts.playRandomly(from: start, using: &b))
        #expect(first.moves > 0)
        var c = SeededGenerator(seed: 2)
        let other = (0..<20).map { _ in playouts.playRandomly(from: start, using: &c) }
        #expect(Set(other.map(\.score)).count > 1, "different random games")
    }

    @Test("Rules apply in playouts: scoring and open corners")
    func rulesInPlayouts() throws {
        let start = try board("23 45 67 89", "11 11 11 11")
        var linked = Playouts(room: start.room, rules: Rules(scoring: .nMinus1))
        var open = Playouts(room: start.room, rules: Rules(scoring: .nMinus1, corners: .open))
        var generator = SeededGenerator(seed: 4)
        // Linked: the ring of 8 goes in one move, (8-1)^2 = 49; open: four pairs of 1 point each.
        #expect(linked.playRandomly(from: start, using: &generator) == PlayoutResult(score: 49, moves: 1, remaining: 8))
        #expect(open.playRandomly(from: start, using: &generator) == PlayoutResult(score: 4, moves: 4, remaining: 8))
    }
}
