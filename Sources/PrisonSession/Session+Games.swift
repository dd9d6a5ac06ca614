import PrisonRules
import PrisonWorld

// The games a session plays: undo and redo, new games and restarts, endings and their records,
// and the game kept for next time.
extension Session {
    /// Takes back the last move; before the first, goes back to the game N or R left.
    func undo() {
        if replay != nil {
            say("A replay is playing: R plays this board yourself")
        } else if world.undo() != nil {
            ending = nil
            clearHint()
        } else if let previous = earlierGames.popLast() {
            laterGames.append(world.game)
            replaceGame(with: previous)
            say("Back to the game before: Ctrl+Shift+Z returns to the new one")
        } else {
            say("Nothing to undo")
        }
    }

    /// Plays again the last move taken back; after the last, returns to the game an undo left.
    func redo() {
        if replay != nil {
            say("A replay is playing: R plays this board yourself")
        } else if world.redo() != nil {
            clearHint()
        } else if let next = laterGames.popLast() {
            earlierGames.append(world.game)
            replaceGame(with: next)
            say("Back to the newer game: U returns")
        } else {
            say("Nothing to redo")
        }
    }

    /// A new game of the player's own: a new random board of the same shape, or the same board
    /// again. The game it replaces is kept: U goes back to it.
    func start(keepingBoard: Bool) {
        let board: Board
        if keepingBoard {
            board = world.game.start
        } else {
            do throws(BoardError) {
                board = try origin.board(seed: .random(in: .min ... .max))
            } catch {
                return say("Cannot make a board: \(error)")
            }
        }
        start(Game(start: board, rules: origin.rules))
        say(keepingBoard ? "Restarted this board: U brings the game back" : "New game: U brings the last one back")
    }

    /// Plays `game` from now on, keeping the game it replaces (unless a replay's) for U.
    func start(_ game: Game) {
        if replay == nil {
            earlierGames.append(world.game)
            if earlierGames.count > Self.gamesKept { earlierGames.removeFirst() }
        }
        laterGames.removeAll()
        replaceGame(with: game)
    }

    /// The world of `game` in place of the current one; an ending it already had is shown again.
    private func replaceGame(with game: Game) {
        replay = nil
        savesGame = keepsRecords
        world = World(game: game)
        ending = nil
        clearHint()
        hover = nil
        prepareWorld()
        if game.isOver { finish(cleared: game.isCleared, score: game.score) }
    }

    /// Records the ending of the game in the top 10 (once a board, see ``Profile/recordEnding(of:score:cleared:)``).
    func finish(cleared: Bool, score: Int) {
        let standing = savesGame ? profile.recordEnding(of: world.game, score: score, cleared: cleared) : .notRecorded
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
