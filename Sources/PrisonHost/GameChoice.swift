import Foundation
import PrisonRules
import PrisonSession

/// Which game a player asked a front end for: a replay's file, a board's file, a new random
/// board's options (any of them makes a new board), or none of these for the game in progress.
public struct GameRequest: Hashable, Sendable {
    /// A saved game (or a `prison-sim run --replays` game) to watch play itself.
    public var replay: String?
    /// A board file (prison-sim's board format) to play.
    public var board: String?
    /// The seed of a new random board (the same seed, the same board).
    public var seed: UInt64?
    /// The walls of a new board's room: 4, or 1.
    public var walls: Int?
    /// The columns of each wall of a new board.
    public var width: Int?
    /// The rows of each wall of a new board.
    public var height: Int?
    /// The colours of a new board.
    public var colours: Int?

    /// A request of these options; none of them asks for the game in progress.
    public init(
        replay: String? = nil, board: String? = nil, seed: UInt64? = nil, walls: Int? = nil, width: Int? = nil,
        height: Int? = nil, colours: Int? = nil
    ) {
        self.replay = replay
        self.board = board
        self.seed = seed
        self.walls = walls
        self.width = width
        self.height = height
        self.colours = colours
    }

    /// Whether the request makes a new random board.
    public var makesNewBoard: Bool { seed != nil || walls != nil || width != nil || height != nil || colours != nil }

    /// The room a new board has: the options given, the default room's for the rest.
    public func room() throws(RoomError) -> Room {
        try Room(walls: walls ?? Room.standard.walls, width: width ?? Room.standard.width, height: height ?? Room.standard.height)
    }
}

extension ChosenGame {
    /// The game `request` asks for: a replay's board, a board file, a new random board when any
    /// of its options is given, else the game in progress `profile` saved, else a new board of the
    /// shape last chosen in the menu (the default room until one is). A new board the request
    /// gives no seed for comes from `seed` (the front end draws it: the session's target reads no
    /// random source).
    package init(_ request: GameRequest, profile: Profile, seed: UInt64) throws(HostError) {
        if let path = request.replay {
            let text = try readFile(atPath: path, what: "replay file")
            do throws(SaveError) {
                let played = try SavedGame(json: text).game()
                self.init(
                    game: Game(start: played.start, rules: played.rules), origin: GameOrigin(like: played.start, rules: played.rules),
                    replay: played.moves, isProgress: false)
                return
            } catch {
                throw HostError("replay file '\(path)': \(error)")
            }
        }
        if let path = request.board {
            let text = try readText(atPath: path, what: "board file")
            do throws(TextError) {
                let start = try Board(text: text)
                let rules = Rules(fittedTo: start.room)
                self.init(game: Game(start: start, rules: rules), origin: GameOrigin(like: start, rules: rules), replay: nil, isProgress: false)
                return
            } catch {
                throw HostError("board file '\(path)': \(error)")
            }
        }
        if !request.makesNewBoard, let saved = profile.savedGame() {
            self.init(
                game: saved, origin: GameOrigin(like: saved.start, rules: saved.rules), replay: nil, isProgress: true, resumed: true)
            return
        }
        let origin: GameOrigin
        if request.makesNewBoard {
            let room: Room
            do throws(RoomError) { room = try request.room() } catch { throw HostError(error.description) }
            origin = GameOrigin(room: room, colours: request.colours ?? Board.defaultColours, rules: Rules(fittedTo: room))
        } else {
            // No game to resume: the shape last chosen on the menu's New-game page (its board a
            // random one; N goes on to build boards to be cleared when that was chosen).
            origin = profile.loadedRecords.settings.newGameOrigin
        }
        do throws(BoardError) {
            var random = origin
            random.solvable = false
            let start = try random.board(seed: request.seed ?? seed)
            self.init(game: Game(start: start, rules: origin.rules), origin: origin, replay: nil, isProgress: !request.makesNewBoard)
        } catch {
            throw HostError(error.description)
        }
    }
}
