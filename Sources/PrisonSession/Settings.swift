import Foundation
import PrisonFiles
import PrisonRules

/// What a new game from the menu is made of.
package struct NewGameOptions: Hashable, Sendable, Codable {
    /// 4, or 1 for classic SameGame.
    package var walls = Room.standard.walls
    /// Columns per wall.
    package var width = Room.standard.width
    /// Rows per wall.
    package var height = Room.standard.height
    /// Colours on the board.
    package var colours = Board.defaultColours
    /// Whether the board is built backwards from a clear, so it can be cleared.
    package var solvable = false

    /// The default room's options, not solvable.
    init() {}

    /// The room of these options, or an error naming the wrong number.
    package func room() throws(RoomError) -> Room { try Room(walls: walls, width: width, height: height) }

    private enum CodingKeys: String, CodingKey { case walls, width, height, colours, solvable }

    /// Reads options, the usual value for each one missing or out of range (each replaced value
    /// noted in the decoder's `SettingsReplacements`), the usual room when the values make none.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let replacements = SettingsReplacements.of(decoder)
        let sides = 1...Room.maximumSide, colourRange = 2...Board.maximumColours
        walls = replacements.value(of: .walls, in: container, else: walls, expected: "1 or 4") { [1, 4].contains($0) }
        width = replacements.value(of: .width, in: container, else: width, expected: "\(sides.lowerBound) to \(sides.upperBound)", sides.contains)
        height = replacements.value(of: .height, in: container, else: height, expected: "\(sides.lowerBound) to \(sides.upperBound)", sides.contains)
        colours = replacements.value(
            of: .colours, in: container, else: colours, expected: "\(colourRange.lowerBound) to \(colourRange.upperBound)", colourRange.contains)
        solvable = replacements.value(of: .solvable, in: container, else: solvable, expected: "true or false")
        do throws(RoomError) { _ = try room() } catch {
            replacements.note("newGame: \(error); the usual room is used")
            (walls, width, height) = (Room.standard.walls, Room.standard.width, Room.standard.height)
        }
    }
}

/// The sizes a new game offers besides free widths and heights, as the classic games do.
package enum SizePreset: String, CaseIterable, Hashable, Sendable {
    /// 6 x 5 a wall.
    case small
    /// The standard room's walls on four, 15 x 10 on one.
    case medium
    /// 16 x 12 on four walls, 20 x 15 on one.
    case large

    /// The columns and rows of each wall in a room of `walls` walls: on one wall the classic
    /// games' 6 x 5, 15 x 10 and 20 x 15; on four, 6 x 5, the standard 12 x 10, and 16 x 12.
    func size(forWallCount walls: Int) -> (width: Int, height: Int) {
        switch (self, walls == 1) {
        case (.small, _): (6, 5)
        case (.medium, true): (15, 10)
        case (.medium, false): (Room.standard.width, Room.standard.height)
        case (.large, true): (20, 15)
        case (.large, false): (16, 12)
        }
    }
}

extension NewGameOptions {
    /// What games of these options are made of, under the rules fitted to their room.
    package func origin() throws(RoomError) -> GameOrigin {
        let room = try room()
        return GameOrigin(room: room, colours: colours, rules: Rules(fittedTo: room), solvable: solvable)
    }

    /// The preset the width and height match, or nil for a size of the player's own.
    package var sizePreset: SizePreset? {
        SizePreset.allCases.first { $0.size(forWallCount: walls) == (width, height) }
    }

    /// Steps to the next larger preset (`step` 1) or smaller one (-1), from a preset or from a
    /// size of the player's own (to the nearest preset that way); stays at the ends.
    mutating func stepSize(by step: Int) {
        let cells = width * height
        func cellCount(_ preset: SizePreset) -> Int {
            let size = preset.size(forWallCount: walls)
            return size.width * size.height
        }
        let next =
            step > 0
            ? SizePreset.allCases.first { cellCount($0) > cells }
            : SizePreset.allCases.last { cellCount($0) < cells }
        guard let next else { return }
        (width, height) = next.size(forWallCount: walls)
    }
}

/// The player's preferences, kept from one start to the next.
public struct Settings: Hashable, Sendable {
    /// The palette's name, or nil for the first one.
    var palette: String?
    /// Whether the sound is on.
    var sound = true
    /// Whether mouse-look is on at the start.
    var mouseLook = false
    /// The camera's vertical field of view in degrees, within ``fieldsOfView``; nil to let the
    /// game choose (the view that shows a whole wall).
    var fieldOfView: Int?
    /// What the menu's new game starts from.
    package var newGame = NewGameOptions()
    /// Whether the first-game tutorial was played to its end or skipped (it is offered until
    /// then). A settings file from before the tutorial counts as seen: its player knows the game.
    var hasSeenTutorial = false
    /// Whether breaking blocks fade where they stand instead of bursting into pieces, for players
    /// bothered by motion.
    package var reduceMotion = false

    /// The fields of view the settings offer, in degrees.
    static let fieldsOfView = 30...80

    /// Names the format of a settings file.
    static let formatName = "puzzle-prison-settings"
    /// The version of the format this program writes and reads.
    static let currentVersion = 1

    /// The usual settings: the first palette, sound on, mouse-look off, the game's own view, full motion.
    package init() {}

    /// What the menu's new game is made of: the room, colours and kind of board last chosen there
    /// (the default room when the chosen one cannot be made).
    package var newGameOrigin: GameOrigin {
        (try? newGame.origin())
            ?? GameOrigin(room: .standard, colours: newGame.colours, rules: Rules(fittedTo: .standard), solvable: newGame.solvable)
    }

    /// A settings file: the settings with the format's name and version.
    private struct File: Codable {
        var settings: Settings

        init(settings: Settings) { self.settings = settings }

        private enum CodingKeys: String, CodingKey {
            case format, version, palette, sound, mouseLook, fieldOfView, newGame, tutorialSeen, reduceMotion
        }

        /// Reads settings, the usual value for each one missing, refusing another format or version;
        /// a value of the wrong type or out of range is replaced by its usual value, noted in the
        /// decoder's `SettingsReplacements`, and the others are kept.
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            try checkHeader(of: container, format: (.format, Settings.formatName), version: (.version, Settings.currentVersion))
            let replacements = SettingsReplacements.of(decoder)
            var settings = Settings()
            settings.palette = replacements.value(
                of: .palette, in: container, else: settings.palette, usual: "the first palette", expected: "a palette's name")
            settings.sound = replacements.value(of: .sound, in: container, else: settings.sound, expected: "true or false")
            settings.mouseLook = replacements.value(of: .mouseLook, in: container, else: settings.mouseLook, expected: "true or false")
            let fields = Settings.fieldsOfView
            settings.fieldOfView = replacements.value(
                of: .fieldOfView, in: container, else: settings.fieldOfView, usual: "fit the wall",
                expected: "a whole number of degrees from \(fields.lowerBound) to \(fields.upperBound)"
            ) { $0.map(fields.contains) ?? true }
            settings.newGame = replacements.value(of: .newGame, in: container, else: settings.newGame, expected: "the new game's options")
            settings.hasSeenTutorial = replacements.value(of: .tutorialSeen, in: container, else: true, expected: "true or false")
            settings.reduceMotion = replacements.value(of: .reduceMotion, in: container, else: settings.reduceMotion, expected: "true or false")
            self.settings = settings
        }

        /// Writes the settings with the format's name and version.
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(Settings.formatName, forKey: .format)
            try container.encode(Settings.currentVersion, forKey: .version)
            try container.encodeIfPresent(settings.palette, forKey: .palette)
            try container.encode(settings.sound, forKey: .sound)
            try container.encode(settings.mouseLook, forKey: .mouseLook)
            try container.encodeIfPresent(settings.fieldOfView, forKey: .fieldOfView)
            try container.encode(settings.newGame, forKey: .newGame)
            try container.encode(settings.hasSeenTutorial, forKey: .tutorialSeen)
            try container.encode(settings.reduceMotion, forKey: .reduceMotion)
        }
    }

    /// The settings as JSON: keys sorted.
    package func encoded() -> Data {
        // Strings, whole numbers and Booleans: encoding cannot fail.
        try! jsonData(File(settings: self))
    }

    /// Reads settings from the JSON ``encoded()`` writes (see ``read(json:)``).
    package init(json: Data) throws(DataError) { self = try Self.read(json: json).settings }

    /// Reads settings from the JSON ``encoded()`` writes: another format or version, or what is
    /// not JSON, is refused; a value out of range or of the wrong type is replaced by its usual
    /// value, the others kept. The settings, and a line for each value replaced, naming its field
    /// and value ("fieldOfView: 60.5 is not a whole number of degrees from 30 to 80; fit the wall is used").
    package static func read(json: Data) throws(DataError) -> (settings: Settings, replaced: [String]) {
        let replacements = SettingsReplacements()
        let decoder = JSONDecoder()
        decoder.userInfo[SettingsReplacements.key] = replacements
        do { return (try decoder.decode(File.self, from: json).settings, replacements.lines) } catch { throw DataError(describe(error)) }
    }
}

/// The values of a settings file replaced by their usual ones while it is read, a line each.
final class SettingsReplacements: @unchecked Sendable {
    /// Where a decoder holds them.
    static let key = CodingUserInfoKey(rawValue: "settingsReplacements")!
    /// A line for each value replaced, naming its field and value.
    private(set) var lines: [String] = []

    /// The replacements `decoder` collects, or a new one nobody reads (a decoder of other JSON).
    static func of(_ decoder: any Decoder) -> SettingsReplacements {
        decoder.userInfo[key] as? SettingsReplacements ?? SettingsReplacements()
    }

    /// Notes `line`.
    func note(_ line: String) { lines.append(line) }

    /// The value under `key`: `usual` when it is missing; `usual` too, noted, when it is of
    /// another type or not `isValid` (the note says it should be `expected`, and names the usual
    /// value as `usualName`, its description by default).
    func value<Value: Decodable, Key: CodingKey>(
        of key: Key, in container: KeyedDecodingContainer<Key>, else usual: Value, usual usualName: String? = nil,
        expected: String, _ isValid: (Value) -> Bool = { _ in true }
    ) -> Value {
        guard container.contains(key) else { return usual }
        if let value = try? container.decode(Value.self, forKey: key), isValid(value) { return value }
        let field = (container.codingPath + [key]).map(\.stringValue).joined(separator: ".")
        note("\(field): \(Self.text(of: key, in: container)) is not \(expected); \(usualName ?? String(describing: usual)) is used")
        return usual
    }

    /// The value under `key` as the file writes it, for a note.
    private static func text<Key: CodingKey>(of key: Key, in container: KeyedDecodingContainer<Key>) -> String {
        if let number = try? container.decode(Double.self, forKey: key) {
            return number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
        }
        if let text = try? container.decode(String.self, forKey: key) { return "\"\(text)\"" }
        if let flag = try? container.decode(Bool.self, forKey: key) { return String(flag) }
        return "the value"
    }
}
