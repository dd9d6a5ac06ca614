import PrisonRules
import PrisonWorld

// The first-game tutorial: the player's game steps aside, untouched, while the tutorial's wall is
// played; skipping or finishing brings the game back as it was. Nothing of the tutorial is saved
// or recorded.
extension Session {
    /// The player's game and what goes with it, put aside while the tutorial runs (the games U
    /// and Ctrl+Shift+Z go back to stay as they are: the tutorial has no undo, and N leaves it).
    struct SetAsideGame {
        let world: World
        let head: Head
        let replay: Replay?
        let savesGame: Bool
        let hintPlan: SearchPlan?
        let ending: (cleared: Bool, score: Int, standing: HUDText.Standing)?
        /// Whether the menu opens when the tutorial ends: it ran at the first start, before a game was chosen.
        let opensMenu: Bool
    }

    /// The tutorial while it runs, nil otherwise.
    package var tutorial: Tutorial? { tutorialRun?.tutorial }

    /// How many lines the tutorial's panel has (its title included), 0 while there is none: the
    /// front end keeps the framed wall clear of them.
    package var tutorialPanelLineCount: Int { tutorial.map { 1 + $0.lines.count } ?? 0 }

    /// The player's game: the one on the walls, or the one put aside while the tutorial runs.
    var playersWorld: World { tutorialRun?.setAside.world ?? world }

    /// Starts the tutorial (again, when it runs), putting the game on the walls aside (a board
    /// being built for it is given up); `opensMenu` opens the menu when it ends (a first start,
    /// where the player has yet to choose a game).
    func startTutorial(opensMenu: Bool = false) {
        if tutorialRun == nil {
            tutorialRun = (
                Tutorial(),
                SetAsideGame(
                    world: world, head: head, replay: replay, savesGame: savesGame, hintPlan: hintPlan, ending: ending,
                    opensMenu: opensMenu)
            )
        }
        tutorialRun?.tutorial = Tutorial()
        menu = nil
        // Facing the tutorial's one wall, wherever the head looked.
        head = Head(walls: 1)
        replaceGame(with: Game(start: Tutorial.board, rules: Tutorial.rules))
    }

    /// Ends the tutorial (finished or skipped): the player's game comes back as it was, and the
    /// tutorial is not offered again.
    func endTutorial() {
        guard let (_, aside) = tutorialRun else { return }
        tutorialRun = nil
        var settings = records.settings
        settings.hasSeenTutorial = true
        keep(settings)
        world = aside.world
        head = aside.head
        replay = aside.replay
        savesGame = aside.savesGame
        hintPlan = aside.hintPlan
        ending = aside.ending
        clearHint()
        hover = nil
        prepareWorld()
        if aside.opensMenu { openMenu() }
    }
}
