import Foundation
import PrisonSession
import PrisonFiles
import PrisonRules

/// What every session needs, loaded once: resources, palettes, the player's files, sound.
struct Launcher {
    let resources: Resources
    let palettes: [Palette]
    let profile: Profile
    let audio: AudioPlayer

    /// Loads what sessions need; `sound` false opens no audio device at all.
    init(resources: Resources, muted: Bool, sound: Bool) throws(FrontEndError) {
        self.resources = resources
        do throws(AssetError) { palettes = try Palette.palettes(at: resources.palettes) } catch {
            throw FrontEndError(error.description)
        }
        profile = Profile()
        audio = AudioPlayer(soundsDirectory: sound ? resources.sounds : nil, muted: muted)
    }

    /// The game to play: a replay's board, a board file, a new random board when any of its
    /// options is given, else the saved game in progress, else a new default board. Only the last
    /// two are the player's game in progress (`isProgress`), saved on quit for next time.
    func game(
        board: String?, replay: String?, seed: UInt64?, walls: Int?, width: Int?, height: Int?, colours: Int?
    ) throws(FrontEndError) -> (game: Game, origin: GameOrigin, replay: [Move]?, isProgress: Bool) {
        if let replay {
            let text = try contents(of: replay, what: "replay file")
            do throws(SaveError) {
                let played = try SavedGame(json: text).game()
                let origin = GameOrigin(room: played.start.room, colours: Self.colours(of: played.start), rules: played.rules)
                return (Game(start: played.start, rules: played.rules), origin, played.moves, false)
            } catch {
                throw FrontEndError("replay file '\(replay)': \(error)")
            }
        }
        if let board {
            let data = try contents(of: board, what: "board file")
            guard let text = String(data: data, encoding: .utf8) else { throw FrontEndError("board file '\(board)' is not UTF-8 text") }
            do throws(TextError) {
                let start = try Board(text: text)
                return (Game(start: start), GameOrigin(room: start.room, colours: Self.colours(of: start), rules: Rules()), nil, false)
            } catch {
                throw FrontEndError("board file '\(board)': \(error)")
            }
        }
        let fresh = seed != nil || walls != nil || width != nil || height != nil || colours != nil
        if !fresh, let saved = profile.savedGame() {
            let origin = GameOrigin(room: saved.start.room, colours: Self.colours(of: saved.start), rules: saved.rules)
            return (saved, origin, nil, true)
        }
        let room: Room
        do throws(RoomError) { room = try Room(walls: walls ?? 4, width: width ?? 12, height: height ?? 10) } catch {
            throw FrontEndError(error.description)
        }
        let origin = GameOrigin(room: room, colours: colours ?? 5, rules: Rules())
        do throws(BoardError) {
            let start = try Board.random(room: room, colours: origin.colours, seed: seed ?? .random(in: .min ... .max))
            return (Game(start: start), origin, nil, !fresh)
        } catch {
            throw FrontEndError(error.description)
        }
    }

    /// A session of `game`; one that does not keep records leaves the player's files alone, one
    /// that does not keep progress leaves the saved game in progress alone.
    func session(
        game: Game, origin: GameOrigin, replay: [Move]?, keepsRecords: Bool = true, keepsProgress: Bool = true
    ) -> Session {
        Session(
            game: game, origin: origin, replay: replay, palettes: palettes, profile: profile, sound: audio,
            keepsRecords: keepsRecords, keepsProgress: keepsProgress)
    }

    /// The colours a board is drawn from: up to its highest colour (new games keep as many).
    private static func colours(of board: Board) -> Int {
        max(2, (board.colourCounts.lastIndex { $0 > 0 } ?? 0) + 1)
    }
}

/// The contents of the file at `path`, or a failure naming it as `what` ("board file", ...);
/// files beyond the reader's limit are refused, not read.
func contents(of path: String, what: String) throws(FrontEndError) -> Data {
    do throws(FileError) { return try fileReader.contents(ofFileAt: path, what: what) } catch {
        throw FrontEndError(error.description)
    }
}
