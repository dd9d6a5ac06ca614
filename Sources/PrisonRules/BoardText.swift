/// A problem in a text file, with the line it is on (from 1; 0 when it concerns the whole text).
public struct TextError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The line the problem is on, from 1; 0 when it concerns the whole text.
    public let line: Int
    /// What is wrong, in a few words.
    public let problem: String

    /// The `problem` on `line`.
    public init(line: Int, _ problem: String) {
        self.line = line
        self.problem = problem
    }

    /// `line N: problem`, or the problem alone for the whole text.
    public var description: String { line > 0 ? "line \(line): \(problem)" : problem }
}

/// The lines of a text that carry content (not blank, not starting with `#`), without trailing
/// blanks, with their numbers from 1. Linear in the length of the text: blanks are found on the
/// UTF-8 bytes, never by dropping one character at a time.
func contentLines(of text: String) -> [(number: Int, text: Substring)] {
    text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated().compactMap {
        offset, raw in
        let bytes = raw.utf8
        guard let first = bytes.firstIndex(where: { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }),
            bytes[first] != UInt8(ascii: "#"),
            let last = bytes.lastIndex(where: { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") })
        else { return nil }
        // The byte after the last non-blank is a blank or the end: a boundary to cut at.
        return (offset + 1, raw[..<bytes.index(after: last)])
    }
}

extension Board {
    /// Reads a board in the text format of the rules: rows from top to bottom, one token of
    /// `width` characters (`0`-`9` or `.`) per wall, walls separated by one space. Refuses ragged,
    /// unknown, unsettled or oversized boards with the line and the problem.
    public init(text: String) throws(TextError) {
        let lines = contentLines(of: text)
        guard let first = lines.first else { throw TextError(line: 0, "the board has no rows") }
        if let indented = lines.first(where: { $0.text.first == " " || $0.text.first == "\t" }) {
            throw TextError(line: indented.number, "a row starts with a blank; rows start with their first cell")
        }
        if let doubled = lines.first(where: { $0.text.split(separator: " ", omittingEmptySubsequences: false).contains("") }) {
            throw TextError(line: doubled.number, "walls are separated by one space, not more")
        }
        let walls = first.text.split(separator: " ").count
        guard walls == 1 || walls == 4 else {
            throw TextError(line: first.number, "wrong wall count: \(walls) walls, a room has 1 or 4")
        }
        var grid: [[Character]] = []  // rows from the top, each the room's columns unrolled
        var width = 0
        for line in lines {
            let tokens = line.text.split(separator: " ", omittingEmptySubsequences: false)
            guard tokens.count == walls else {
                throw TextError(
                    line: line.number, "ragged row: \(tokens.count) walls where the first row has \(walls)")
            }
            if grid.isEmpty { width = tokens[0].count }
            for (wall, token) in tokens.enumerated() {
                guard token.count == width else {
                    throw TextError(
                        line: line.number,
                        "ragged row: wall \(wall) has \(token.count) columns where the first row has \(width)")
                }
                if let bad = token.first(where: { !($0 == "." || ($0.isASCII && $0.isNumber)) }) {
                    throw TextError(
                        line: line.number, "unknown character '\(bad)' (a cell is a digit 0-9 or '.')")
                }
            }
            grid.append(Array(tokens.joined()))
        }
        guard width <= Room.maximumSide else {
            throw TextError(line: first.number, "a wall is at most \(Room.maximumSide) columns wide, not \(width)")
        }
        guard grid.count <= Room.maximumSide else {
            throw TextError(line: lines[Room.maximumSide].number,
                "a wall is at most \(Room.maximumSide) rows high, not \(grid.count)")
        }
        let room: Room
        do { room = try Room(walls: walls, width: width, height: grid.count) } catch {
            throw TextError(line: first.number, error.description)
        }
        let bottom = lines.count - 1
        var columns: [[Int]] = []
        for column in 0..<walls * width {
            var colours: [Int] = []
            for row in 0..<grid.count {
                let character = grid[bottom - row][column]
                if let digit = character.wholeNumberValue {
                    guard colours.count == row else {
                        throw TextError(
                            line: lines[bottom - row].number,
                            "unsettled: the block at wall \(column / width) column \(column % width) row \(row) "
                                + "is above an empty cell")
                    }
                    colours.append(digit)
                }
            }
            columns.append(colours)
        }
        do { try self.init(room: room, columns: columns) } catch {
            throw TextError(line: lines[bottom].number, "unsettled: \(error)")
        }
    }

    /// The board's rows in the text format, top row first.
    public var rows: [String] {
        (0..<room.height).reversed().map { row in
            (0..<room.walls).map { wall in
                String((0..<room.width).map { column in
                    self[Cell(wall: wall, column: column, row: row)].map { Character(String($0.colour)) } ?? "."
                })
            }.joined(separator: " ")
        }
    }

    /// The board in the text format, one row a line.
    public var text: String { rows.map { $0 + "\n" }.joined() }
}

extension Move {
    /// Reads a moves file: one move a line, `wall column row` (or `column row` in a one-wall
    /// room), then optionally `@seconds`. Returns each move with its line number.
    public static func parseLines(_ text: String, walls: Int) throws(TextError) -> [(line: Int, move: Move)] {
        var moves: [(line: Int, move: Move)] = []
        for line in contentLines(of: text) {
            var tokens = line.text.split(whereSeparator: { $0 == " " || $0 == "\t" })
            var time: Duration?
            if let last = tokens.last, last.hasPrefix("@") {
                guard let parsed = Duration(secondsText: last.dropFirst()) else {
                    throw TextError(line: line.number, "'\(last)' is not a time: write @ and seconds, like @1.35")
                }
                time = parsed
                tokens.removeLast()
            }
            let numbers = tokens.map { Int($0) }
            guard numbers.allSatisfy({ $0 != nil }), numbers.count == 3 || (numbers.count == 2 && walls == 1)
            else {
                let expected = walls == 1 ? "'column row' or 'wall column row'" : "'wall column row'"
                throw TextError(line: line.number, "'\(line.text)' is not a move: expected \(expected), then optionally @seconds")
            }
            let values = numbers.map { $0! }
            let cell = values.count == 3
                ? Cell(wall: values[0], column: values[1], row: values[2])
                : Cell(wall: 0, column: values[0], row: values[1])
            moves.append((line.number, Move(cell, at: time)))
        }
        return moves
    }
}
