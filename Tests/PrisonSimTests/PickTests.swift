import Foundation
import PrisonSpaceTesting
import Testing

/// What `prison-sim pick` prints.
private struct PickReport: Decodable {
    struct Hit: Decodable {
        let wall, column, row: Int
        let distance: Double
        let point, normal: [Double]
    }
    let hit: Hit?
}

/// A four-wall room 4 columns wide and 3 high, every cell filled: d = 4 * 0.3 / 2 = 0.6.
private let fullRoom = """
    1234 5678 9012 3456
    2345 6789 0123 4567
    3456 7890 1234 5678
    """

/// The same room with gaps on wall 0: column 2 is one block high, column 3 two.
private let gappedRoom = """
    11.. 5678 9012 3456
    11.1 6789 0123 4567
    1111 7890 1234 5678
    """

private func vector(_ v: [Double]) -> String { v.map { "\($0)" }.joined(separator: ",") }

/// Runs `pick` on `board` with the ray and options given; expects success and decodes the report.
private func pick(
    _ board: String = fullRoom, origin: [Double], direction: [Double], options: [String] = [],
    sourceLocation: SourceLocation = #_sourceLocation
) throws -> PickReport {
    try withTemporaryDirectory { dir in
        let path = try dir.write("board.txt", board)
        let result = try runSim(
            ["pick", path, "--origin=\(vector(origin))", "--direction=\(vector(direction))"] + options,
            sourceLocation: sourceLocation)
        try #require(result.status == 0, "\(result)", sourceLocation: sourceLocation)
        #expect(result.stderr.isEmpty, "\(result)", sourceLocation: sourceLocation)
        #expect(result.stdout.hasSuffix("\n"), sourceLocation: sourceLocation)
        return try JSONDecoder().decode(PickReport.self, from: Data(result.stdout.utf8))
    }
}

/// Runs `pick` with raw arguments after the board path, on `board` written to a file.
private func pickRaw(_ board: String, _ arguments: [String]) throws -> SimResult {
    try withTemporaryDirectory { dir in
        let path = try dir.write("board.txt", board)
        return try runSim(["pick", path] + arguments)
    }
}

/// `text` with every number replaced by `#`, and the numbers in order.
private func splitNumbers(_ text: String) -> (text: String, numbers: [Double]) {
    var template = "", numbers: [Double] = [], current = ""
    func flush() {
        guard !current.isEmpty else { return }
        numbers.append(Double(current) ?? .nan)
        template += "#"
        current = ""
    }
    for character in text {
        let exponent = (character == "e" || character == "E") && !current.isEmpty
        let sign = (character == "-" || character == "+") && (current.isEmpty || current.last == "e" || current.last == "E")
        if character.isASCII && character.isNumber || character == "." || exponent || sign {
            current.append(character)
        } else {
            flush()
            template.append(character)
        }
    }
    flush()
    return (template, numbers)
}

/// Checks a hit against the expected block, distance, point and normal.
private func expectHit(
    _ report: PickReport, wall: Int, column: Int, row: Int, distance: Double, point: [Double], normal: [Double],
    sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let hit = try #require(report.hit, "expected a hit on wall \(wall)", sourceLocation: sourceLocation)
    #expect(
        (hit.wall, hit.column, hit.row) == (wall, column, row),
        "hit \(hit.wall) \(hit.column) \(hit.row), expected \(wall) \(column) \(row)", sourceLocation: sourceLocation)
    #expect(isClose(hit.distance, distance), "distance \(hit.distance), expected \(distance)", sourceLocation: sourceLocation)
    #expect(isClose(hit.point, point), "point \(hit.point), expected \(point)", sourceLocation: sourceLocation)
    #expect(isClose(hit.normal, normal), "normal \(hit.normal), expected \(normal)", sourceLocation: sourceLocation)
}

@Suite("PickTests")
struct PickTests {
    @Test("A hand-computed hit prints exactly these fields")
    func exactReport() throws {
        let result = try pickRaw(fullRoom, ["--origin", "0.15,0.45,0", "--direction", "0,0,-1"])
        try #require(result.status == 0, "\(result)")
        #expect(result.stderr.isEmpty)
        // The shape: one key, "hit", an object of exactly six keys.
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result.stdout)")
        #expect(Set(object.keys) == ["hit"])
        let hit = try #require(object["hit"] as? [String: Any])
        #expect(Set(hit.keys) == ["wall", "column", "row", "distance", "point", "normal"])
        #expect(hit["wall"] as? Int == 0)
        #expect(hit["column"] as? Int == 2)
        #expect(hit["row"] as? Int == 1)
        // x = 0.15 is the middle of column 2 (u from 0 to 0.3), y = 0.45 the middle of row 1; the
        // inner face of wall 0 is at z = -0.6.
        let report = try JSONDecoder().decode(PickReport.self, from: Data(result.stdout.utf8))
        try expectHit(report, wall: 0, column: 2, row: 1, distance: 0.6, point: [0.15, 0.45, -0.6], normal: [0, 0, 1])
        // The exact text, pretty with sorted keys as every report of prison-sim, numbers aside:
        // those are compared within a tolerance, in order.
        let template = """
            {
              "hit" : {
                "column" : #,
                "distance" : #,
                "normal" : [
                  #,
                  #,
                  #
                ],
                "point" : [
                  #,
                  #,
                  #
                ],
                "row" : #,
                "wall" : #
              }
            }

            """
        let (text, numbers) = splitNumbers(result.stdout)
        #expect(text == template, "\(result.stdout)")
        #expect(isClose(numbers, [2, 0.6, 0, 0, 1, 0.15, 0.45, -0.6, 1, 0]), "\(numbers)")
    }

    @Test("Negative coordinates can follow the option after a space, as positive ones do")
    func negativeValuesAfterASpace() throws {
        // `--direction 0,0,-1` works; `--direction -1,0,0` should too (wall 3, as with `=`).
        let result = try pickRaw(fullRoom, ["--origin", "-0.2,0.45,-0.1", "--direction", "-1,0,0"])
        #expect(result.status == 0, "\(result)")
        if result.status == 0 {
            let report = try JSONDecoder().decode(PickReport.self, from: Data(result.stdout.utf8))
            // u = -z = 0.1, column 2; the inner face of wall 3 is at x = -0.6, 0.4 away.
            try expectHit(report, wall: 3, column: 2, row: 1, distance: 0.4, point: [-0.6, 0.45, -0.1], normal: [1, 0, 0])
        }
    }

    /// A ray from (0.1, 0.45, -0.2), on no edge, and what it should hit in the full room, where
    /// every wall's inner face is 0.6 from the origin.
    struct WallCase: Sendable, CustomTestStringConvertible {
        let direction: [Double]
        let wall, column: Int
        let distance: Double
        let point, normal: [Double]
        var testDescription: String { "direction \(direction) -> wall \(wall) column \(column)" }
    }

    static let wallCases = [
        // Ahead: x = 0.1 is u = 0.1, column 2.
        WallCase(direction: [0, 0, -1], wall: 0, column: 2, distance: 0.4, point: [0.1, 0.45, -0.6], normal: [0, 0, 1]),
        // Right: u = z = -0.2, column 1.
        WallCase(direction: [1, 0, 0], wall: 1, column: 1, distance: 0.5, point: [0.6, 0.45, -0.2], normal: [-1, 0, 0]),
        // Behind: u = -x = -0.1, column 1.
        WallCase(direction: [0, 0, 1], wall: 2, column: 1, distance: 0.8, point: [0.1, 0.45, 0.6], normal: [0, 0, -1]),
        // Left: u = -z = 0.2, column 2.
        WallCase(direction: [-1, 0, 0], wall: 3, column: 2, distance: 0.7, point: [-0.6, 0.45, -0.2], normal: [1, 0, 0]),
        // Not unit length: the distance is still in metres.
        WallCase(direction: [0, 0, -7], wall: 0, column: 2, distance: 0.4, point: [0.1, 0.45, -0.6], normal: [0, 0, 1]),
    ]

    @Test("Looking ahead, right, behind and left hits walls 0, 1, 2 and 3", arguments: wallCases)
    func fourWalls(_ c: WallCase) throws {
        let report = try pick(origin: [0.1, 0.45, -0.2], direction: c.direction)
        try expectHit(report, wall: c.wall, column: c.column, row: 1, distance: c.distance, point: c.point, normal: c.normal)
    }

    @Test("Rows follow the height", arguments: [(0.05, 0), (0.29, 0), (0.31, 1), (0.89, 2)])
    func rows(height: Double, row: Int) throws {
        let report = try pick(origin: [0.1, height, -0.2], direction: [0, 0, -1])
        try expectHit(report, wall: 0, column: 2, row: row, distance: 0.4, point: [0.1, height, -0.6], normal: [0, 0, 1])
    }

    @Test("Looking up, down, or over the walls hits nothing")
    func nothing() throws {
        for direction in [[0.0, 1, 0], [0, -1, 0], [0, 1, -0.1]] {
            let result = try pickRaw(fullRoom, ["--origin=0,1.6,0", "--direction=\(vector(direction))"])
            #expect(result.status == 0, "\(result)")
            #expect(result.stdout.filter { !$0.isWhitespace } == #"{"hit":null}"#, "\(result.stdout)")
            let report = try JSONDecoder().decode(PickReport.self, from: Data(result.stdout.utf8))
            #expect(report.hit == nil)
        }
    }

    @Test("--block-size moves the walls")
    func blockSize() throws {
        // Edge 0.5: d = 1, so the ray ahead goes 0.8; u = 0.1 is column 2 (u from 0 to 0.5), y = 0.45 row 0.
        let report = try pick(origin: [0.1, 0.45, -0.2], direction: [0, 0, -1], options: ["--block-size", "0.5"])
        try expectHit(report, wall: 0, column: 2, row: 0, distance: 0.8, point: [0.1, 0.45, -1], normal: [0, 0, 1])
        // Edge 0.1: d = 0.2; x = 0.05 is u = 0.05, column 2, and y = 0.15 is row 1.
        let small = try pick(origin: [0.05, 0.15, -0.1], direction: [0, 0, -1], options: ["--block-size=0.1"])
        try expectHit(small, wall: 0, column: 2, row: 1, distance: 0.1, point: [0.05, 0.15, -0.2], normal: [0, 0, 1])
    }

    @Test("An empty cell lets the ray through")
    func gaps() throws {
        // Wall 0, column 2 row 1 is empty in the gapped room: the ray ahead passes, and nothing is behind.
        let through = try pick(gappedRoom, origin: [0.1, 0.45, -0.2], direction: [0, 0, -1])
        #expect(through.hit == nil)
        // The full room stops the same ray at that cell.
        let stopped = try pick(fullRoom, origin: [0.1, 0.45, -0.2], direction: [0, 0, -1])
        try expectHit(stopped, wall: 0, column: 2, row: 1, distance: 0.4, point: [0.1, 0.45, -0.6], normal: [0, 0, 1])
        // Lower, the gapped column still has its bottom block; one column right is two blocks high.
        let bottom = try pick(gappedRoom, origin: [0.1, 0.15, -0.2], direction: [0, 0, -1])
        try expectHit(bottom, wall: 0, column: 2, row: 0, distance: 0.4, point: [0.1, 0.15, -0.6], normal: [0, 0, 1])
        let neighbour = try pick(gappedRoom, origin: [0.45, 0.45, -0.2], direction: [0, 0, -1])
        try expectHit(neighbour, wall: 0, column: 3, row: 1, distance: 0.4, point: [0.45, 0.45, -0.6], normal: [0, 0, 1])
        // From outside, behind wall 0: through the gap, across the room, onto wall 2's inner face
        // (u = -x = -0.1, column 1), 2 + 0.6 away.
        let across = try pick(gappedRoom, origin: [0.1, 0.45, -2], direction: [0, 0, 1])
        try expectHit(across, wall: 2, column: 1, row: 1, distance: 2.6, point: [0.1, 0.45, 0.6], normal: [0, 0, -1])
        // In the full room the same ray stops on the back of wall 0's block (z = -0.9), facing out.
        let outside = try pick(fullRoom, origin: [0.1, 0.45, -2], direction: [0, 0, 1])
        try expectHit(outside, wall: 0, column: 2, row: 1, distance: 1.1, point: [0.1, 0.45, -0.9], normal: [0, 0, -1])
    }

    @Test(
        "Bad vectors are usage errors (64)",
        arguments: [
            ["--origin=0,1.6,0", "--direction=0,0,0"],
            ["--origin=1,2", "--direction=0,0,-1"],
            ["--origin=1,2,3,4", "--direction=0,0,-1"],
            ["--origin=a,b,c", "--direction=0,0,-1"],
            ["--origin=0,1.6,0", "--direction=nan,0,-1"],
            ["--origin=0,1.6,0", "--direction=0,0,-1", "--block-size=0"],
            ["--origin=0,1.6,0", "--direction=0,0,-1", "--block-size=-0.3"],
            ["--origin=0,1.6,0"],
            ["--direction=0,0,-1"],
        ])
    func usageErrors(arguments: [String]) throws {
        let result = try pickRaw(fullRoom, arguments)
        #expect(result.status == 64, "\(result)")
        #expect(result.stdout.isEmpty, "\(result)")
        #expect(!result.stderr.isEmpty)
    }

    @Test("A missing board is 66")
    func missingBoard() throws {
        try withTemporaryDirectory { dir in
            let result = try runSim(["pick", dir.path("nowhere.txt"), "--origin=0,1.6,0", "--direction=0,0,-1"])
            #expect(result.status == 66, "\(result)")
            #expect(result.stdout.isEmpty)
            #expect(result.stderr.contains("nowhere.txt"), "\(result.stderr)")
        }
    }

    @Test("A bad board is 65 and names the line")
    func badBoard() throws {
        let result = try pickRaw("# a comment\n1234 5678 9012 3456\n12x4 5678 9012 3456\n", ["--origin=0,1.6,0", "--direction=0,0,-1"])
        #expect(result.status == 65, "\(result)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("line 3"), "\(result.stderr)")
        #expect(result.stderr.contains("board.txt"), "\(result.stderr)")
        let ragged = try pickRaw("1234 5678 9012 3456\n123 5678 9012 3456\n", ["--origin=0,1.6,0", "--direction=0,0,-1"])
        #expect(ragged.status == 65, "\(ragged)")
        #expect(ragged.stderr.contains("line 2"), "\(ragged.stderr)")
    }
}
