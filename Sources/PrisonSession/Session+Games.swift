import PrisonRules
import PrisonWorld

// The games a session plays: undo and redo, new games and restarts, endings and their records,
// and the game kept for next time.
extension Session {
    func undo() {
        if replay != nil {
            say("A replay is playing: R plays this board yourself")
        } else if world.undo() != nil {
            ending = nil
        } else {
            say("Nothing to undo")
        }
    }

    func redo() {
        if replay != nil {
            say("A replay is playing: R plays this board yourself")
        } else if world.redo() == nil {
            say("Nothing to redo")
        }
    }

    /// A new game of the player's own: a new random board of the same shape, or the same board again.
    func start(keepingBoard: Bool) {
        let board: Board
        if keepingBoard {
            board = world.game.start
        } else {
            do throws(BoardError) {
                board = try Board.random(room: origin.room, colours: origin.colours, seed: .random(in: .min ... .max))
            } catch {
                return say("Cannot make a board: \(error)")
            }
        }
        replay = nil
        savesGame = keepsRecords
        world = World(game: Game(start: board, rules: origin.rules))
        ending = nil
        hasRecordedEnding = false
        hint = nil
        hover = nil
        say(keepingBoard ? "Restarted this board" : "New game")
        prepareWorld()
    }

    /// Records the ending of the game in the top 10, once a game.
    func finish(cleared: Bool, score: Int) {
        let game = world.game
        var standing = HUDText.Standing.notRecorded
        if hasRecordedEnding {
            standing = .recordedEarlier
        } else if savesGame {
            hasRecordedEnding = true
            let place = profile.record(score: score, cleared: cleared, moves: game.moves.count, room: game.start.room)
            standing = place.map(HUDText.Standing.placed) ?? .outsideTopTen
        }
        ending = (cleared, score, standing)
    }

    /// Saves the game in progress for next time, or forgets it once it is over. A game not
    /// played since the start (a screenshot of a new board, say), and a session that does not
    /// keep progress, leave the saved one alone.
    public func saveOnQuit() {
        guard savesGame, keepsProgress, world.game != initialGame else { return }
        if world.game.isOver { profile.removeSavedGame() } else { profile.save(world.game) }
    }
}
