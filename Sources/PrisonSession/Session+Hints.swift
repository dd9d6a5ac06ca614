import PrisonRules
import PrisonWorld

// Hints: searched for off the main thread with a "Thinking..." note, answered within half a
// second (the best group by points when the search is late), shown with their points until the
// next move, and never silent.
extension Session {
    /// Whether a hint is being searched for: the front end keeps drawing frames meanwhile.
    public var isThinking: Bool { hintSearch != nil }

    /// H: shows a good group to break, or says why there is none.
    func showHint() {
        if replay != nil { return say("A replay is playing: R plays this board yourself") }
        if world.game.isOver { return say("No moves left: U undoes, N starts a new game") }
        if let hint { return present(hint) }
        guard hintSearch == nil else { return }
        hintSearch = HintSearch(game: world.game, at: world.time, continuing: hintPlan)
        message = .thinking
    }

    /// Shows the search's answer when it came, or the best group by points once the player has
    /// waited long enough; drops a search the game has moved on from.
    func takeHint() {
        guard let search = hintSearch else { return }
        guard search.game == world.game else {
            hintSearch = nil
            if message == .thinking { message = nil }
            return
        }
        if let answer = search.answer {
            hintSearch = nil
            if let (group, plan) = answer {
                hintPlan = plan
                present(group)
            } else {
                say("No moves left: U undoes, N starts a new game")
            }
        } else if search.isOverdue {
            hintSearch = nil
            if let group = world.game.availableGroups.max(by: { $0.size < $1.size }) { present(group) }
        }
    }

    /// Shows `group` as the hint, turns to its wall, and says what it scores, until the next move.
    private func present(_ group: Group) {
        hint = group
        if let wall = group.cells.first?.wall, wall != head.facedWall { head.face(wall: wall) }
        let multiplier = world.game.multiplier(forTapAt: world.time)
        let points = world.game.rules.scoring.points(forGroupOf: group.size) * multiplier
        let wall = world.layout.walls > 1 ? group.cells.first.map { " on wall \($0.wall + 1)" } ?? "" : ""
        let note = points == 0 ? " (no group here scores more)" : ""
        message = .hint("Hint: \(HUDText.count(group.size, "block"))\(wall), \(HUDText.count(points, "point"))\(note)")
    }

    /// Takes the hint away (a move, an undo, a new game), with its words or the thinking note.
    func clearHint() {
        if message?.goesWithTheNextMove == true { message = nil }
        hint = nil
        hintSearch = nil
    }
}
