import Foundation
import PrisonRules
import PrisonSearch
import PrisonSpace
import PrisonWorld

/// One player's session in front of a window, the game's midend, as a deterministic state
/// machine: actions (``perform(_:)``, keys, clicks, looks), frames (``advance(_:)``: elapsed
/// time, the window, the date) and the answers of work it asked for go in; the frame to draw
/// (``scene()``, ``hudState``, the menu) and effects (``takeEffects()``: sounds, files to keep,
/// hints to search, boards to build) come out. It reads no file, clock, environment or random source and starts no thread: the same
/// inputs give the same frames and effects.
public final class Session {
    /// The game bound to the space: blocks, taps, animations, the clock. Front ends see it
    /// through the session only: ``scene()``, ``hudState``, ``game``.
    package internal(set) var world: World
    /// Where the player looks.
    package internal(set) var head: Head
    let palettes: [Palette]
    /// What the player keeps, as it stands now: settings, best scores, statistics. Its settings
    /// are the one place the palette, sound, mouse-look, field of view and reduced motion are kept.
    package internal(set) var records: PlayerRecords
    /// Whether there is a sound device to play on.
    let hasSound: Bool
    /// Whether the front end started the sound off (``SoundOutput``): it stays off, whatever the
    /// settings say, until the player turns it on.
    var startsMuted: Bool
    /// The last frame given (``advance(_:)``): its window, date and time zone hold until the next.
    var frame: FrameInput
    /// What N makes: the chosen game's shape, or the menu's new game's.
    var origin: GameOrigin
    var replay: Replay?
    /// Whether the session keeps the player's records at all (not for a benchmark).
    let keepsRecords: Bool
    /// Whether the game in progress is kept and its score recorded (not a replay's).
    var savesGame: Bool
    /// Whether this session plays the player's game in progress, the one kept in the data folder
    /// for next time. A session started from a board, a seed, a room shape or a replay does not:
    /// it never saves over nor removes that game.
    let keepsProgress: Bool
    /// The game in progress as the front end was last asked to keep it (at first, as it was loaded
    /// or started: a game not played since leaves the kept one be).
    var keptGame: Game

    /// The games N and R replaced, the last one last: U goes back to them.
    var earlierGames: [Game] = []
    /// The games U left for an earlier one: Ctrl+Shift+Z returns to them.
    var laterGames: [Game] = []
    /// The two lists above as the front end was last asked to keep them.
    var keptHistory: (earlier: [Game], later: [Game]) = ([], [])
    /// Where the seeds of new boards come from.
    var seeds: SeededGenerator
    /// How many replaced games U can go back through.
    static let gamesKept = 20

    var effects: [Effect] = []
    /// The menu while it is open.
    package internal(set) var menu: Menu?
    /// What went wrong with the player's files, in their words, shown until a key or click.
    public internal(set) var notices: [String] = []
    /// Whether the help (every key) is on show.
    var showsHelp = false
    /// Whether the quit question is asked (the menu's Quit on a game that would be lost).
    package internal(set) var isAskingToQuit = false
    var heldKeys: Set<Key> = []
    /// The cursor in framebuffer pixels, or nil when outside the window.
    var cursor: SIMD2<Float>?
    /// The ray a headset points along, which takes the cursor's place while set.
    var pointer: Ray?
    /// The group under the pointer and what breaking it would score now, nil when none.
    var hover: MovePreview?
    /// The group the hover last found, for the board, corner rule and cell it was found on:
    /// looked up again only when one of them changes.
    var hoverGroup: (board: Board, corners: CornerLinks, cell: Cell, group: Group?)?
    /// How the window frames the room, for the inputs it was built from: built again only when
    /// one of them changes.
    var framingCache: (key: Framing.Key, framing: Framing)?
    /// The group a hint shows, until the next action.
    var hint: Group?
    /// The hint asked of the front end, and since when (session time, from the end of the first
    /// frame after the ask, when the front end starts the search): a late answer gives way to
    /// the best group by points.
    var hintSearch: (query: HintQuery, since: Duration?)?
    /// How long a player waits for a hint before the best group by points is shown instead.
    static let hintPatience = Duration.milliseconds(450)
    /// The line the last hint came from, which the next hint's search goes on from.
    var hintPlan: SearchPlan?
    /// The new board asked of the front end, and its answer once it came.
    var boardBuild: (order: BoardOrder, answer: Result<Board, BoardError>?)?
    /// The message at the bottom of the window, nil when there is none.
    var message: Message?
    /// The session's one clock: the sum of the steps its frames gave (``advance(_:)``). Messages,
    /// pulses, hint patience and the head's turns run on it, and the world moves on by the same
    /// steps; the session reads no clock of its own.
    package internal(set) var time = Duration.zero
    /// Until when (session time) the score flashes after a multiplier rose.
    var flashUntil = Duration.zero
    /// The end panel's facts, from when the world shows the end until the game changes.
    var ending: (cleared: Bool, score: Int, standing: HUDText.Standing)?
    /// The endings recorded in this session, by ended game: a game met again (U back into it,
    /// or a restart's board played to the same end) shows its standing and is not recorded twice.
    var recordedEndings: [Game: HUDText.Standing] = [:]
    /// The tutorial while it runs, with the player's game put aside meanwhile.
    var tutorialRun: (tutorial: Tutorial, setAside: SetAsideGame)?
    /// The program's version and build, for the About page.
    let about: About
    /// Degrees the head turns for each screen point the mouse moves.
    static let degreesPerPoint: Float = 0.15

    /// A session of `game`; with `replay`, those moves play themselves on its start board.
    /// A session that does not keep records (a benchmark) leaves the player's files alone; one
    /// that does not keep progress records scores but leaves the saved game in progress alone.
    /// The player's `records` are as the front end loaded them; `sound` is what it can play on.
    /// The boards of its new games come from `seed`, and `date` is the calendar date now, until
    /// the first frame gives it (the front end gives both: the session reads no random source or
    /// clock of its own, so the same seed and input make the same games). `about` names the
    /// program on the About page.
    public init(
        game: Game, origin: GameOrigin, replay: [Move]? = nil, palettes: [Palette], records: PlayerRecords,
        sound: SoundOutput, seed: UInt64, date: Date, about: About = About(), keepsRecords: Bool = true,
        keepsProgress: Bool = true
    ) {
        seeds = SeededGenerator(seed: seed)
        precondition(!palettes.isEmpty, "a session needs a palette")
        self.palettes = palettes
        self.records = records
        hasSound = sound.isAvailable
        startsMuted = sound.isMuted
        frame = FrameInput(elapsed: .zero, viewport: [1280, 720], date: date)
        self.about = about
        self.origin = origin
        self.keepsRecords = keepsRecords
        self.keepsProgress = keepsProgress && keepsRecords
        savesGame = replay == nil && keepsRecords
        keptGame = game
        if self.keepsProgress { (earlierGames, laterGames) = (records.earlierGames, records.laterGames) }
        keptHistory = (earlierGames, laterGames)
        world = World(game: game)
        head = Head(walls: game.start.room.walls)
        if let replay {
            // Untimed moves come further apart than a combo lasts, so they score as on the rules.
            self.replay = Replay(
                moves: replay, startingAt: world.time + .seconds(1),
                untimedPace: game.rules.comboWindow + .milliseconds(300))
        }
        // A benchmark draws the same frames whatever the player chose: the usual look and sound.
        if keepsRecords {
            if isMouseLookOn { effects.append(.window(.mouseLook(true))) }
        } else {
            let usual = Settings()
            self.records.settings.palette = usual.palette
            self.records.settings.sound = usual.sound
            self.records.settings.mouseLook = usual.mouseLook
            self.records.settings.fieldOfView = usual.fieldOfView
            self.records.settings.reduceMotion = usual.reduceMotion
        }
        prepareWorld()
        // A game given over (a saved file played to its end) counts as ending here.
        recordEnding()
    }

    /// Which of the palettes the blocks are drawn in: the one the settings name, else the first.
    package var paletteIndex: Int { palettes.firstIndex { $0.name == records.settings.palette } ?? 0 }

    /// Whether sounds are off: by the settings, or since the start by the front end.
    package var isMuted: Bool { startsMuted || !records.settings.sound }

    /// Whether the mouse turns the head and a click taps the crosshair (the settings' mouse-look).
    public var isMouseLookOn: Bool { records.settings.mouseLook }

    /// The camera's vertical field of view in degrees from the settings, or nil for the game's own.
    package var fieldOfView: Float? { records.settings.fieldOfView.map(Float.init) }

    /// The game on the walls as it stands: what a front end saves (a script's `state` step) and
    /// what a benchmark picks its taps from.
    public var game: Game { world.game }

    /// A session of the game `chosen`: the player's game in progress is kept for next time, a
    /// replay plays itself, any other game records scores and leaves the game in progress alone.
    package convenience init(
        _ chosen: ChosenGame, palettes: [Palette], records: PlayerRecords, sound: SoundOutput, seed: UInt64, date: Date,
        about: About = About()
    ) {
        self.init(
            game: chosen.game, origin: chosen.origin, replay: chosen.replay, palettes: palettes, records: records,
            sound: sound, seed: seed, date: date, about: about, keepsProgress: chosen.isProgress)
        // A first start: the tutorial, once, then the menu to choose a game. A player with
        // records knows the game, settings file or not.
        if chosen.isFirstGame {
            if records.belongToANewPlayer { startTutorial(opensMenu: true) } else { openMenu() }
        }
    }

    /// Takes the HUD's `bands` for the frame to come before that frame is given: a look or a tap
    /// before the frame's ``advance(_:)`` (a script's first steps) is framed and aimed within
    /// them. The window gives them as soon as it knows them, at its start and at each frame's.
    package func takeHUDBands(_ bands: FrameInput.HUDBands) {
        frame.hudBands = bands
    }

    /// Takes the effects asked for since the last call, in order: the front end does them. The
    /// game in progress, when it changed since it was last kept, is asked to be kept last
    /// (``Keeping/game(_:)``, or ``Keeping/forgetGame`` once it is over), so a front end that
    /// does the effects before it draws a frame has kept every move that frame shows, and the
    /// effects of one call (an ending's scores, statistics and finished game) belong together.
    public func takeEffects() -> [Effect] {
        keepProgress()
        defer { effects.removeAll() }
        return effects
    }

    /// Shows `notice`, something that went wrong with the player's files, in their words, until
    /// a key or a click.
    public func report(_ notice: String) { notices.append(notice) }

    /// Asks the front end to keep `settings` when they changed.
    func keep(_ settings: Settings) {
        guard settings != records.settings else { return }
        records.settings = settings
        effects.append(.keepSettings(settings))
    }

    func prepareWorld() { pointCamera() }

    func pointCamera() { frameCamera() }
}
