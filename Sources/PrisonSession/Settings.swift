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

    /// Reads options, the usual value for each one missing, refusing a room or colours no game has.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        walls = try container.decodeIfPresent(Int.self, forKey: .walls) ?? walls
        width = try container.decodeIfPresent(Int.self, forKey: .width) ?? width
        height = try container.decodeIfPresent(Int.self, forKey: .height) ?? height
        colours = try container.decodeIfPresent(Int.self, forKey: .colours) ?? colours
        solvable = try container.decodeIfPresent(Bool.self, forKey: .solvable) ?? solvable
        do throws(RoomError) { _ = try room() } catch {
            throw DecodingError.dataCorruptedError(forKey: .walls, in: container, debugDescription: error.description)
        }
        guard (2...Board.maximumColours).contains(colours) else {
            throw DecodingError.dataCorruptedError(
                forKey: .colours, in: container, debugDescription: "colours are 2 to \(Board.maximumColours), not \(colours)")
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
public struct Settings: Hashable, Sendable, Codable {
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

    /// The fields of view the settings offer, in degrees.
    static let fieldsOfView = 30...80

    /// Names the format of a settings file.
    static let formatName = "puzzle-prison-settings"
    /// The version of the format this program writes and reads.
    static let currentVersion = 1

    /// The usual settings: the first palette, sound on, mouse-look off, the game's own view.
    public init() {}

    /// What the menu's new game is made of: the room, colours and kind of board last chosen there
    /// (the default room when the chosen one cannot be made).
    public var newGameOrigin: GameOrigin {
        (try? newGame.origin())
            ?? GameOrigin(room: .standard, colours: newGame.colours, rules: Rules(fittedTo: .standard), solvable: newGame.solvable)
    }

    private enum CodingKeys: String, CodingKey {
        case format, version, palette, sound, mouseLook, fieldOfView, newGame, tutorialSeen
    }

    /// Reads settings, the usual value for each one missing, refusing another format or version
    /// and values out of range.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        try checkHeader(of: container, format: (.format, Self.formatName), version: (.version, Self.currentVersion))
        palette = try container.decodeIfPresent(String.self, forKey: .palette)
        sound = try container.decodeIfPresent(Bool.self, forKey: .sound) ?? sound
        mouseLook = try container.decodeIfPresent(Bool.self, forKey: .mouseLook) ?? mouseLook
        fieldOfView = try container.decodeIfPresent(Int.self, forKey: .fieldOfView)
        if let fieldOfView, !Self.fieldsOfView.contains(fieldOfView) {
            throw DecodingError.dataCorruptedError(
                forKey: .fieldOfView, in: container,
                debugDescription: "a field of view is \(Self.fieldsOfView.lowerBound) to \(Self.fieldsOfView.upperBound) degrees, not \(fieldOfView)")
        }
        newGame = try container.decodeIfPresent(NewGameOptions.self, forKey: .newGame) ?? newGame
        hasSeenTutorial = try container.decodeIfPresent(Bool.self, forKey: .tutorialSeen) ?? true
    }

    /// Writes the settings with the format's name and version.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(Self.formatName, forKey: .format)
        try container.encode(Self.currentVersion, forKey: .version)
        try container.encodeIfPresent(palette, forKey: .palette)
        try container.encode(sound, forKey: .sound)
        try container.encode(mouseLook, forKey: .mouseLook)
        try container.encodeIfPresent(fieldOfView, forKey: .fieldOfView)
        try container.encode(newGame, forKey: .newGame)
        try container.encode(hasSeenTutorial, forKey: .tutorialSeen)
    }

    /// The settings as JSON: keys sorted.
    public func encoded() -> Data {
        // Strings, whole numbers and Booleans: encoding cannot fail.
        try! jsonData(self)
    }

    /// Reads settings from the JSON ``encoded()`` writes.
    public init(json: Data) throws(AssetError) {
        do { self = try JSONDecoder().decode(Settings.self, from: json) } catch { throw AssetError(describe(error)) }
    }
}
