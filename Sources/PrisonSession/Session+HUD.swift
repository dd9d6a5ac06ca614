import PrisonRules
import PrisonWorld

// What the heads-up display shows, worded, and the messages the session gives the player.
extension Session {
    /// A message at the bottom of the window, and how long it stays.
    enum Message: Equatable {
        /// Words shown until `until` (session time).
        case note(String, until: Duration)
        /// The note that a hint is being searched for, shown until the answer.
        case thinking
        /// A hint's words, shown until the next move.
        case hint(String)
        /// The note that a new board is being built, shown until it is ready.
        case building

        /// The words on screen.
        var text: String {
            switch self {
            case .note(let text, _), .hint(let text): text
            case .thinking: "Thinking..."
            case .building: "Building a board that can be cleared..."
            }
        }

        /// Whether the next move takes it away: a hint's words and the thinking note do.
        var goesWithTheNextMove: Bool {
            switch self {
            case .note, .building: false
            case .thinking, .hint: true
            }
        }
    }

    /// Shows `text` at the bottom of the window for a few seconds.
    public func announce(_ text: String) { say(text) }

    func say(_ text: String) { message = .note(text, until: time + .seconds(3)) }

    /// What the HUD says now. One panel shows at a time: the end panel gives way to the key help,
    /// the quit question, the menu and notices while they are up.
    public var hudState: HUDState {
        let game = world.game
        let panelAbove = showsHelp || isAskingToQuit || menu != nil || !notices.isEmpty || tutorial != nil
        return HUDState(
            score: countedScore, multiplier: world.multiplier, flashes: time < flashUntil,
            moves: game.availableGroups.count, blocks: game.board.blockCount, best: records.scores.best(for: game.start.room),
            danger: world.danger.map { HUDText.danger($0, walls: world.layout.walls) },
            hover: hover.map(HUDText.preview),
            message: message?.text,
            ending: panelAbove ? nil : ending.map { HUDText.endPanel(cleared: $0.cleared, score: $0.score, standing: $0.standing) },
            tutorialPanel: showsHelp ? nil : tutorial.map { [$0.title] + $0.lines }, showsHelp: showsHelp, quitQuestion: isAskingToQuit ? HUDText.quitQuestion : nil,
            isReplay: replay != nil, time: Float(time.inSeconds), compass: compass)
    }
}
