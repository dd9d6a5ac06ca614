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
            recordEnding()
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
        if keepingBoard {
            start(Game(start: world.game.start, rules: origin.rules))
            return say("Restarted this board: U brings the game back")
        }
        let seed = UInt64.random(in: .min ... .max, using: &seeds)
        guard !origin.solvable else {
            // Built by the front end (on another thread); the game on the board starts when it
            // is ready (takeBoard). N again meanwhile waits for the same build rather than asking
            // for another beside it.
            if boardBuild?.order.origin != origin {
                dropBoardBuild()
                let order = BoardOrder(origin: origin, seed: seed)
                boardBuild = (order, nil)
                effects.append(.work(.buildBoard(order)))
            }
            message = .building
            return
        }
        startGame(onBuilt: Result { () throws(BoardError) in try origin.board(seed: seed) }, rules: origin.rules)
    }

    /// Whether a new board is being built: the front end keeps drawing frames meanwhile.
    package var isBuildingBoard: Bool { boardBuild != nil }

    /// Takes the board the front end built for `order` (``Work/buildBoard(_:)``), or why there
    /// is none: the game on it starts now, or once the menu and the quit question are closed. An
    /// answer to an order given up since is ignored.
    public func boardBuilt(_ board: Result<Board, BoardError>, for order: BoardOrder) {
        guard boardBuild?.order == order else { return }
        boardBuild?.answer = board
        takeBoard()
    }

    /// Starts the game on the board being built once it is ready, and the menu and the quit
    /// question are closed (the game they are about stays until then).
    func takeBoard() {
        guard let build = boardBuild else { return }
        guard let answer = build.answer else {
            // Another note ran out meanwhile: the player still learns what is under way.
            if message == nil { message = .building }
            return
        }
        guard menu == nil, !isAskingToQuit else { return }
        boardBuild = nil
        if message == .building { message = nil }
        startGame(onBuilt: answer, rules: build.order.origin.rules)
    }

    /// Gives up the board being built (the front end stops its search) and its note.
    func dropBoardBuild() {
        if let build = boardBuild, build.answer == nil { effects.append(.work(.cancelBoard(build.order))) }
        boardBuild = nil
        if message == .building { message = nil }
    }

    /// Starts a game under `rules` on the board `built`, or says why there is none.
    private func startGame(onBuilt built: Result<Board, BoardError>, rules: Rules) {
        switch built {
        case .success(let board):
            start(Game(start: board, rules: rules))
            say("New game: U brings the last one back")
        case .failure(let error):
            say("Cannot make a board: \(error)")
        }
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
    func replaceGame(with game: Game) {
        // Another game chosen meanwhile: the board being built is not wanted any more.
        dropBoardBuild()
        hintPlan = nil
        replay = nil
        savesGame = keepsRecords
        world = World(game: game)
        // A room of another number of walls: the head faces its wall 0 (a 1-wall room has no
        // wall where a head facing wall 2 of four would look).
        if head.walls != game.start.room.walls { head = Head(walls: game.start.room.walls) }
        ending = nil
        clearHint()
        hover = nil
        prepareWorld()
        // A game that is over shows its end at once, quietly: it was recorded when it ended.
        if game.isOver {
            recordEnding()
            showEnding()
        }
    }

    /// Records the ending of the game, when the move just played ended it, in the statistics
    /// and the top 10 (once a board, see `PlayerRecords.recordEnding(of:score:cleared:on:)`):
    /// at the move, not when its end shows, so whatever the player does next the ending counts,
    /// once. Nothing of the tutorial or a replay is recorded.
    func recordEnding() {
        let game = world.game
        guard game.isOver, savesGame, tutorialRun == nil, recordedEndings[game] == nil else { return }
        let (standing, recorded) = records.recordEnding(of: game, score: game.score, cleared: game.isCleared, on: frame.date)
        recordedEndings[game] = standing
        effects += recorded
    }

    /// Shows the end panel of the game, which is over, unless it shows already: whether it did.
    @discardableResult
    func showEnding() -> Bool {
        guard ending == nil else { return false }
        let game = world.game
        ending = (game.isCleared, game.score, recordedEndings[game] ?? .notRecorded)
        return true
    }

    /// Asks to keep the game in progress when it changed since it was last kept, or to forget it
    /// once it is over. The tutorial's game is never kept (the player's, put aside meanwhile, is);
    /// a session that does not keep progress leaves the kept game alone.
    func keepProgress() {
        let game = playersWorld.game
        let saves = tutorialRun?.setAside.savesGame ?? savesGame
        guard saves, keepsProgress else { return }
        if earlierGames != keptHistory.earlier || laterGames != keptHistory.later {
            keptHistory = (earlierGames, laterGames)
            effects.append(.keep(.gameHistory(earlier: earlierGames, later: laterGames)))
        }
        guard game != keptGame else { return }
        keptGame = game
        effects.append(.keep(game.isOver ? .forgetGame : .game(game)))
    }
}
