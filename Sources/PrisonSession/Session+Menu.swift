import Foundation
import PrisonRules
import PrisonWorld

// The menu: its pages as lines of words, and what keys and clicks do to it. A front end draws
// ``Session/menuItems`` in ``Session/menuLayout`` and feeds keys and clicks as usual.
extension Session {
    /// Whether the menu is open.
    package var isMenuOpen: Bool { menu != nil }

    /// The index of the selected line among ``menuItems``, or nil while the menu is closed.
    public var menuSelection: Int? { menu?.selection }

    /// Opens the menu at its first page.
    func openMenu() {
        menu = Menu(topTenRoom: ScoreTable.key(for: world.game.start.room))
        hover = nil
    }

    /// The title of the menu's page.
    public var menuTitle: String {
        switch menu?.page ?? .main {
        case .main: "Puzzle Prison"
        case .newGame: "New game"
        case .howToPlay: "How to play"
        case .statistics: "Statistics"
        case .topTen: "Top 10"
        case .settings: "Settings"
        case .about: "About"
        }
    }

    /// The lines of the menu's page, in order.
    public var menuItems: [MenuItem] {
        guard let menu else { return [] }
        let options = records.settings.newGame
        switch menu.page {
        case .main:
            return [
                MenuItem(world.game.moves.isEmpty ? "Play this board" : "Resume", kind: .command(.resume), shortcut: .escape),
                MenuItem("New game...", kind: .command(.open(.newGame)), shortcut: Key(name: "n")),
                MenuItem("How to play...", kind: .command(.open(.howToPlay)), shortcut: Key(name: "h")),
                MenuItem("Statistics...", kind: .command(.open(.statistics))),
                MenuItem("Top 10...", kind: .command(.open(.topTen)), shortcut: Key(name: "t")),
                MenuItem("Settings...", kind: .command(.open(.settings)), shortcut: Key(name: "s")),
                MenuItem("About...", kind: .command(.open(.about))),
                MenuItem(keepsGameOnQuit ? "Quit (the game is saved)" : "Quit", kind: .command(.quit), shortcut: Key(name: "q")),
            ]
        case .newGame:
            let size = options.sizePreset.map { $0.rawValue.capitalized } ?? "your own"
            return [
                MenuItem("Room", value: options.walls == 1 ? "1 wall (classic)" : "4 walls", kind: .setting(.walls)),
                MenuItem("Size", value: "\(size): \(options.width) x \(options.height)", kind: .setting(.size)),
                MenuItem("Width", value: "\(options.width) columns", kind: .setting(.width)),
                MenuItem("Height", value: "\(options.height) rows", kind: .setting(.height)),
                MenuItem("Colours", value: "\(options.colours)", kind: .setting(.colours)),
                MenuItem("Solvable", value: options.solvable ? "yes: it can be cleared" : "no: any board", kind: .setting(.solvable)),
                MenuItem("Start", kind: .command(.startNewGame)),
                MenuItem("Back", kind: .command(.back), shortcut: .escape),
            ]
        case .topTen:
            let entries = records.scores.entries(forKey: menu.topTenRoom)
            let lines =
                entries.isEmpty
                ? [MenuItem("No games recorded in this room yet", kind: .text)]
                : entries.enumerated().map { index, entry in MenuItem(HUDText.topTenLine(place: index + 1, entry, in: frame.timeZone), kind: .text) }
            return [MenuItem("Room", value: HUDText.room(key: menu.topTenRoom), kind: .setting(.topTenRoom))] + lines
                + [MenuItem("Back", kind: .command(.back), shortcut: .escape)]
        case .howToPlay:
            return HUDText.howToPlay.map { MenuItem($0, kind: .text) } + [
                MenuItem("Play the tutorial", kind: .command(.startTutorial)),
                MenuItem("Back", kind: .command(.back), shortcut: .escape),
            ]
        case .statistics:
            let room = menu.statisticsRoom.map(HUDText.room(key:)) ?? "All rooms"
            return [MenuItem("Room", value: room, kind: .setting(.statisticsRoom))]
                + HUDText.statistics(records.statistics.summary(forRoomKey: menu.statisticsRoom)).map { MenuItem($0, kind: .text) }
                + [MenuItem("Back", kind: .command(.back), shortcut: .escape)]
        case .about:
            let lines = [
                "Puzzle Prison \(about.version), build \(about.build)",
                "Games, scores, statistics: \(records.database ?? "not kept this time")",
                "Settings: \(records.settingsFolder ?? "not kept (no home folder)")",
                About.licence,
            ]
            return lines.map { MenuItem($0, kind: .text) } + [MenuItem("Back", kind: .command(.back), shortcut: .escape)]
        case .settings:
            let settings = records.settings
            return [
                MenuItem("Palette", value: palette.name, kind: .setting(.palette)),
                MenuItem(
                    "Sound", value: hasSound ? (isMuted ? "off" : "on") : "no sound device", kind: .setting(.sound)),
                MenuItem("Mouse-look", value: isMouseLookOn ? "on" : "off", kind: .setting(.mouseLook)),
                MenuItem("Field of view", value: settings.fieldOfView.map { "\($0)°" } ?? "fit the wall", kind: .setting(.fieldOfView)),
                MenuItem("Reduce motion", value: settings.reduceMotion ? "on" : "off", kind: .setting(.reduceMotion)),
                MenuItem("Back", kind: .command(.back), shortcut: .escape),
            ]
        }
    }

    /// Whether quitting keeps the game for next time.
    var keepsGameOnQuit: Bool { savesGame && keepsProgress }

    /// Where the menu's lines are in the window, or nil while it is closed.
    public var menuLayout: MenuLayout? {
        guard menu != nil else { return nil }
        return MenuLayout(rows: menuItems.count, viewport: frame.viewport, rowHeight: frame.menuRowHeight, width: frame.menuRowHeight * 20)
    }

    /// A key while the menu is open: up and down select, left and right change a value, Enter
    /// or Space chooses, a line's own key chooses it, Esc goes back (or resumes).
    func menuPress(_ chord: KeyChord) {
        guard let current = menu else { return }
        let items = menuItems
        switch chord.key.name {
        case "up", "w": select(from: current.selection, step: -1, in: items)
        case "down", "tab": select(from: current.selection, step: 1, in: items)
        // On the main page S is the settings' key.
        case "s" where current.page != .main: select(from: current.selection, step: 1, in: items)
        case "left", "a": step(items[current.selection], by: -1)
        case "right", "d": step(items[current.selection], by: 1)
        case "enter", "space": choose(items[current.selection])
        default:
            if let item = items.first(where: { $0.shortcut == chord.key }) { choose(item) }
        }
    }

    /// One page back, or the menu closed from its first page: the line Esc chooses.
    func menuBack() {
        if let item = menuItems.first(where: { $0.shortcut == .escape }) { choose(item) }
    }

    /// The cursor over the menu selects the line under it.
    func menuHover(at point: SIMD2<Float>) {
        guard let layout = menuLayout, let row = layout.row(at: point), menuItems[row].isSelectable else { return }
        menu?.selection = row
    }

    /// A click on the menu: a command's line chooses it; a setting's steps it, down on its left
    /// arrow and up elsewhere.
    func menuClick(at point: SIMD2<Float>) {
        guard let layout = menuLayout, let row = layout.row(at: point) else { return }
        let item = menuItems[row]
        guard item.isSelectable else { return }
        menu?.selection = row
        if case .setting = item.kind {
            let start = layout.valueStart(ofRow: row)
            step(item, by: point.x >= start && point.x < start + layout.rowHeight ? -1 : 1)
        } else {
            choose(item)
        }
    }

    private func select(from selection: Int, step: Int, in items: [MenuItem]) {
        var index = selection
        for _ in items.indices {
            index = (index + step + items.count) % items.count
            if items[index].isSelectable { break }
        }
        menu?.selection = index
    }

    private func choose(_ item: MenuItem) {
        switch item.kind {
        case .command(let command): run(command)
        case .setting: step(item, by: 1)
        case .text: break
        }
    }

    private func run(_ command: MenuCommand) {
        switch command {
        case .resume: menu = nil
        case .open(let page):
            menu?.page = page
            // The first line that can be chosen: a page may open with words only.
            let first = menuItems.firstIndex(where: \.isSelectable) ?? 0
            menu?.selection = first
        case .back:
            if menu?.page == .main {
                menu = nil
            } else {
                menu?.page = .main
                menu?.selection = 0
            }
        case .quit:
            // Nothing is lost: quit at once; a game that is not kept is asked about first.
            menu = nil
            if keepsGameOnQuit || world.game.moves.isEmpty || world.game.isOver || replay != nil {
                effects.append(.window(.quit))
            } else {
                isAskingToQuit = true
            }
        case .startTutorial: startTutorial()
        case .startNewGame:
            do throws(RoomError) { origin = try records.settings.newGame.origin() } catch {
                return say("Cannot make that room: \(error)")
            }
            menu = nil
            start(keepingBoard: false)
        }
    }

    private func step(_ item: MenuItem, by step: Int) {
        if case .setting(let setting) = item.kind { change(setting, by: step) }
    }

    /// The key `step` places from `current` in `keys`, round the ends; the first when `current`
    /// is not among them.
    private static func key<Key: Equatable>(_ step: Int, placesFrom current: Key, in keys: [Key]) -> Key {
        let index = keys.firstIndex(of: current) ?? 0
        return keys[(index + step + keys.count) % keys.count]
    }

    /// Steps `setting` by `step` (-1 or 1), keeping it in the player's settings.
    func change(_ setting: MenuSetting, by step: Int) {
        var settings = records.settings
        func stepped(_ value: Int, in range: ClosedRange<Int>) -> Int {
            min(max(value + step, range.lowerBound), range.upperBound)
        }
        switch setting {
        case .walls: settings.newGame.walls = settings.newGame.walls == 4 ? 1 : 4
        case .size: settings.newGame.stepSize(by: step)
        case .width: settings.newGame.width = stepped(settings.newGame.width, in: 1...Room.maximumSide)
        case .height: settings.newGame.height = stepped(settings.newGame.height, in: 1...Room.maximumSide)
        case .colours: settings.newGame.colours = stepped(settings.newGame.colours, in: 2...Board.maximumColours)
        case .solvable: settings.newGame.solvable.toggle()
        case .topTenRoom:
            guard let current = menu?.topTenRoom else { return }
            let keys = Array(Set(records.scores.roomKeys + [ScoreTable.key(for: world.game.start.room)])).sorted()
            menu?.topTenRoom = Self.key(step, placesFrom: current, in: keys)
            return
        case .statisticsRoom:
            // Every room first, then each room shape with games.
            guard let open = menu else { return }
            let keys = [nil] + records.statistics.roomKeys.map(Optional.some)
            menu?.statisticsRoom = Self.key(step, placesFrom: open.statisticsRoom, in: keys)
            return
        case .palette:
            settings.palette = palettes[(paletteIndex + step + palettes.count) % palettes.count].name
        case .sound:
            guard hasSound else { return say("No sound device: the game plays silently") }
            // Turned on, the sound is the settings' again, whatever the front end started with.
            settings.sound = isMuted
            startsMuted = false
        case .reduceMotion:
            settings.reduceMotion.toggle()
        case .mouseLook:
            settings.mouseLook.toggle()
            effects.append(.window(.mouseLook(settings.mouseLook)))
        case .fieldOfView:
            let choices = [nil] + Settings.fieldsOfView.filter { $0 % 5 == 0 }.map(Optional.some)
            let index = choices.firstIndex(of: settings.fieldOfView) ?? 0
            settings.fieldOfView = choices[min(max(index + step, 0), choices.count - 1)]
        }
        keep(settings)
        if setting == .fieldOfView { prepareWorld() }
    }
}
