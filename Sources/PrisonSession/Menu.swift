/// The pages of the menu.
package enum MenuPage: Hashable, Sendable {
    /// Resume, new game, top 10, settings, quit.
    case main
    /// The room shape, size, colours and "solvable" of a new game, and the button that starts it.
    case newGame
    /// The rules in a player's words, and the tutorial.
    case howToPlay
    /// Games played and cleared, scores and streaks, of every room or one room shape.
    case statistics
    /// The top 10 of one room shape at a time.
    case topTen
    /// Palette, sound, mouse-look, field of view, reduce motion.
    case settings
    /// The version and build, where the player's files are, the licence.
    case about
}

/// What choosing a menu line does.
package enum MenuCommand: Hashable, Sendable {
    /// Close the menu and play on.
    case resume
    /// Show another page.
    case open(MenuPage)
    /// Start a game of the new-game page's options.
    case startNewGame
    /// Play the first-game tutorial (the game in progress waits, untouched).
    case startTutorial
    /// Back to the main page (from it, resume).
    case back
    /// Quit the program (asking first when the game would be lost).
    case quit
}

/// A value a menu line sets, stepped with the left and right keys (or a click on its arrows).
package enum MenuSetting: Hashable, Sendable {
    /// The new game's walls, size preset, width, height, colours and whether it is built to be cleared.
    case walls, size, width, height, colours, solvable
    /// Which room shape's top 10 the page shows.
    case topTenRoom
    /// Which room shape's statistics the page shows (or every room's).
    case statisticsRoom
    /// The player's settings.
    case palette, sound, mouseLook, fieldOfView, reduceMotion
}

/// One line of the menu.
public struct MenuItem: Hashable, Sendable {
    /// What the line is for.
    package enum Kind: Hashable, Sendable {
        /// Enter or a click does the command.
        case command(MenuCommand)
        /// Left and right (or a click) step the setting.
        case setting(MenuSetting)
        /// Words only (a top-10 entry, a note): the selection skips it.
        case text
    }

    /// The line's words.
    public let label: String
    /// The setting's value as shown, or nil.
    public let value: String?
    /// What choosing the line does.
    package let kind: Kind
    /// The key that chooses this line at once, shown beside it.
    public let shortcut: Key?

    /// A line saying `label`, with a setting's `value`, doing what `kind` says, chosen at once by `shortcut`.
    init(_ label: String, value: String? = nil, kind: Kind, shortcut: Key? = nil) {
        self.label = label
        self.value = value
        self.kind = kind
        self.shortcut = shortcut
    }

    /// Whether the selection can rest on it.
    public var isSelectable: Bool { kind != .text }
}

/// Where the menu's lines are in a window, the same for drawing and for clicks: a panel in the
/// middle, a title, then one row a line.
public struct MenuLayout: Sendable {
    /// The panel's top left and bottom right corners, in framebuffer pixels.
    public let panel: (min: SIMD2<Float>, max: SIMD2<Float>)
    /// The height of the title above the rows.
    let titleHeight: Float
    /// The height of a row.
    public let rowHeight: Float
    /// How many rows there are.
    let rows: Int
    /// The inner margin of the panel.
    public let margin: Float

    /// The layout of `rows` lines of `rowHeight` pixels in a `viewport`, the panel `width` wide
    /// at most (narrower windows get a narrower panel).
    init(rows: Int, viewport: SIMD2<Float>, rowHeight: Float, width: Float) {
        self.rows = rows
        self.rowHeight = rowHeight
        margin = rowHeight * 0.5
        titleHeight = rowHeight * 1.6
        let panelWidth = min(width, viewport.x - 2 * margin)
        let height = titleHeight + Float(rows) * rowHeight + 2 * margin
        let left = ((viewport.x - panelWidth) / 2).rounded(.down)
        let top = max(0, ((viewport.y - height) / 2).rounded(.down))
        panel = ([left, top], [left + panelWidth, top + height])
    }

    /// The top left and bottom right corners of row `index`.
    public func row(_ index: Int) -> (min: SIMD2<Float>, max: SIMD2<Float>) {
        let top = panel.min.y + margin + titleHeight + Float(index) * rowHeight
        return ([panel.min.x + margin, top], [panel.max.x - margin, top + rowHeight])
    }

    /// The row under `point`, or nil.
    func row(at point: SIMD2<Float>) -> Int? {
        (0..<rows).first { index in
            let frame = row(index)
            return point.x >= frame.min.x && point.x < frame.max.x && point.y >= frame.min.y && point.y < frame.max.y
        }
    }

    /// Where a setting's value is drawn in row `index`: from here to the row's right edge, with
    /// the arrow that steps it down at the left end and the one that steps it up at the right.
    public func valueStart(ofRow index: Int) -> Float {
        let frame = row(index)
        return frame.min.x + (frame.max.x - frame.min.x) * 0.5
    }
}

/// The menu while it is open: its page and the line selected.
package struct Menu: Hashable, Sendable {
    /// The page on show.
    package internal(set) var page: MenuPage = .main
    /// The index of the selected line among the page's items.
    package internal(set) var selection = 0
    /// The room shape whose top 10 shows, as ``ScoreTable/key(for:)`` names it.
    var topTenRoom: String
    /// The room shape whose statistics show, as ``ScoreTable/key(for:)`` names it; nil for every room.
    var statisticsRoom: String?

    init(topTenRoom: String) { self.topTenRoom = topTenRoom }
}
