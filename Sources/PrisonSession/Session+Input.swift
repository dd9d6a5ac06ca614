import PrisonRules
import PrisonSpace
import PrisonWorld

extension Session {
    /// A key went down. A notice on screen takes it as read; the menu takes keys while open;
    /// while the quit question is asked, Y or Enter quits and any other key stays.
    public func press(_ chord: KeyChord) {
        guard notices.isEmpty else { return notices.removeAll() }
        if isMenuOpen { return menuPress(chord) }
        heldKeys.insert(chord.key)
        if isAskingToQuit {
            if chord.key == .letterY || chord.key.name == "enter" { effects.append(.window(.quit)) }
            isAskingToQuit = false
            return
        }
        if case .finished = tutorial?.step, chord.key.name == "enter" { return endTutorial() }
        guard let action = KeyBindings.action(for: chord) else { return }
        perform(action)
    }

    /// A key came up.
    public func release(_ key: Key) { heldKeys.remove(key) }

    /// Every key counts as up: the window lost the keyboard.
    public func releaseAllKeys() { heldKeys.removeAll() }

    /// Does what the player asks for. A hint on show stays until the next action that changes
    /// the game.
    public func perform(_ action: Action) {
        if tutorial != nil {
            // In the tutorial Esc skips it, R plays its wall again, N leaves it for a new game.
            switch action {
            case .menu: return endTutorial()
            case .restart: return startTutorial()
            case .undo, .redo: return say("The tutorial has no undo: R plays its wall again")
            case .newGame:
                endTutorial()
                menu = nil
            default: break
            }
        }
        switch action {
        case .undo: undo()
        case .redo: redo()
        case .newGame: start(keepingBoard: false)
        case .restart: start(keepingBoard: true)
        case .hint: showHint()
        case .gazeTap: tap(at: frame.viewport / 2)
        case .faceWall(let wall): head.face(wall: wall, at: time)
        case .faceNextWall: head.faceWall(steps: 1, at: time)
        case .facePreviousWall: head.faceWall(steps: -1, at: time)
        case .toggleMouseLook:
            change(.mouseLook, by: 1)
            say(isMouseLookOn ? "Mouse-look on: the mouse turns your head, a click taps the crosshair (L to stop)" : "Mouse-look off")
        case .toggleHelp: showsHelp.toggle()
        case .toggleFullscreen: effects.append(.window(.toggleFullscreen))
        case .screenshot: effects.append(.window(.screenshot(path: nil)))
        case .toggleMute:
            change(.sound, by: 1)
            if hasSound { say(isMuted ? "Sound off" : "Sound on") }
        case .nextPalette:
            change(.palette, by: 1)
            say("Palette: \(palette.name)")
        case .menu: isMenuOpen ? menuBack() : openMenu()
        }
    }

    /// The cursor moved to `point` (framebuffer pixels), or left the window (nil).
    public func moveCursor(to point: SIMD2<Float>?) {
        cursor = point
        if let point, isMenuOpen { menuHover(at: point) }
    }

    /// Turns the head by a mouse drag, or mouse-look motion, of `points` (screen points).
    public func drag(by points: SIMD2<Float>) {
        head.turn(yaw: points.x * Self.degreesPerPoint, pitch: -points.y * Self.degreesPerPoint)
    }

    /// A left click at `point` (framebuffer pixels); in mouse-look it taps the crosshair. A
    /// notice on screen takes it as read; the open menu takes it.
    public func click(at point: SIMD2<Float>) {
        guard notices.isEmpty else { return notices.removeAll() }
        if isMenuOpen { return menuClick(at: point) }
        tap(at: isMouseLookOn ? frame.viewport / 2 : point)
    }

    /// A tap along `ray`, in the room's space: a headset's hand or gaze, aimed at the room
    /// itself rather than through the window's camera. A notice on screen takes it as read; with
    /// the menu open it does nothing (the menu takes clicks). Whether a group broke.
    @discardableResult
    public func tap(along ray: Ray) -> Bool {
        guard notices.isEmpty else {
            notices.removeAll()
            return false
        }
        return breakGroup { () throws(TapMiss) in try world.tap(along: ray) }
    }

    /// Points along `ray` in the room's space (a headset's hand or gaze), or along the cursor
    /// again when nil: the group it meets lights up from the next ``advance(_:)``. On the
    /// frame's panel, while it takes the pointer, the cursor moves where the ray meets it.
    public func point(along ray: Ray?) {
        pointer = ray
        if let point = ray.flatMap(panelHit(along:))?.point { moveCursor(to: point) }
    }

    /// What the pointer (``point(along:)``) meets now: the frame's panel while the menu or a
    /// notice is up, else a block of the group it lit up at the last ``advance(_:)``, else nil.
    public var pointerTarget: PointerTarget? {
        guard let pointer else { return nil }
        if let hit = panelHit(along: pointer) { return .panel(at: hit.point, distance: hit.distance) }
        guard let hover, let target = world.target(along: pointer), target.block.phase == .resting,
            hover.group.cells.contains(target.cell)
        else { return nil }
        return .block(target.cell, distance: target.hit.distance)
    }

    /// A select along `ray` in the room's space (a headset's hand or gaze): it clicks the
    /// frame's panel where the ray meets it while the menu or a notice is up, else taps along
    /// the ray (``tap(along:)``).
    @discardableResult
    public func select(along ray: Ray) -> SelectOutcome {
        if let point = panelHit(along: ray)?.point {
            click(at: point)
            return .clickedPanel(at: point)
        }
        return .tapped(broke: tap(along: ray))
    }

    /// Where `ray` meets the frame's panel while it takes the pointer: while the menu or a
    /// notice is up.
    private func panelHit(along ray: Ray) -> (point: SIMD2<Float>, distance: Float)? {
        guard isMenuOpen || !notices.isEmpty else { return nil }
        return frame.panel?.hit(along: ray)
    }

    /// Looks `yaw` degrees right of wall 0 and `pitch` up, at once.
    public func look(yaw: Float, pitch: Float) {
        head.look(yaw: yaw, pitch: pitch)
        pointCamera()
    }

    /// Plays the group in `cell` as a tap on it would, without aiming: what a benchmark or a
    /// front end that picks blocks by other means calls. Whether a group broke.
    @discardableResult
    package func play(_ cell: Cell) -> Bool {
        breakGroup { () throws(TapMiss) in try world.play(cell) }
    }

    private func tap(at point: SIMD2<Float>) {
        breakGroup { () throws(TapMiss) in try world.tap(along: tapRay(through: point)) }
    }

    /// Breaks the group `move` finds, unless a panel covers the blocks or a replay is playing;
    /// whether it broke. A lone block is worth a word, a miss is not.
    @discardableResult
    private func breakGroup(_ move: () throws(TapMiss) -> MoveOutcome) -> Bool {
        // A panel in the middle of the window covers the blocks behind it.
        guard !showsHelp, !isAskingToQuit, !isMenuOpen else { return false }
        guard replay == nil else {
            say("A replay is playing: R plays this board yourself")
            return false
        }
        do throws(TapMiss) {
            _ = try move()
            clearHint()
            // A move in this game: the newer games an undo left are no longer ahead of it.
            laterGames.removeAll()
            recordEnding()
            return true
        } catch {
            if case .loneBlock = error { say("A lone block: tap a group of two or more") }
            return false
        }
    }

    /// Where a window's cursor points into the room: the crosshair in mouse-look. A panel's
    /// cursor points at the panel only.
    private var windowCursor: SIMD2<Float>? {
        guard frame.panel == nil else { return nil }
        return isMouseLookOn ? frame.viewport / 2 : cursor
    }

    /// Looks up the group under the pointer (the crosshair in mouse-look) and what breaking it
    /// would score now. The group is found again only when the board or the cell pointed at changes.
    func updateHover() {
        hover = nil
        guard replay == nil, !showsHelp, !isAskingToQuit, !isMenuOpen,
            let ray = pointer ?? windowCursor.map(tapRay(through:)),
            let target = world.target(along: ray)
        else { return }
        let game = world.game
        let group: Group?
        if let cached = hoverGroup, cached.cell == target.cell, cached.corners == game.rules.corners, cached.board == game.board {
            group = cached.group
        } else {
            group = game.board.group(at: target.cell, corners: game.rules.corners)
            hoverGroup = (game.board, game.rules.corners, target.cell, group)
        }
        guard let group, group.size >= 2 else { return }
        hover = game.preview(of: group, at: world.time)
    }
}
