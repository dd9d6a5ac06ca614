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
        // H again while a hint shows: turn to it.
        if let hint { return present(hint, turning: true) }
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

    /// Shows `group` as the hint until the next move and says what it scores and, when the search's
    /// line goes on to a bigger group, what it sets up. The head turns to its wall only when asked
    /// (`turning`: H pressed again); otherwise the words say where it is.
    private func present(_ group: Group, turning: Bool = false) {
        hint = group
        let wall = group.cells.first?.wall ?? 0
        let faced = wall == head.facedWall
        if turning, !faced { head.face(wall: wall) }
        let multiplier = world.game.multiplier(forTapAt: world.time)
        let points = world.game.rules.scoring.points(forGroupOf: group.size) * multiplier
        let place = world.layout.walls > 1 ? " on wall \(wall + 1)" : ""
        var words = "Hint: \(HUDText.count(group.size, "block"))\(place), \(HUDText.count(points, "point"))"
        if let next = groupSetUp(by: group), next.points > points {
            words += ", then \(HUDText.count(next.size, "block")): \(HUDText.count(next.points, "point"))"
        }
        if !turning, !faced { words += " (H again turns to it)" }
        message = .hint(words)
    }

    /// The group the hint's line breaks next, after `group`, with what it scores on its own: what
    /// a small first group sets up. Nil when the line has no move after it.
    private func groupSetUp(by group: Group) -> (size: Int, points: Int)? {
        let ahead = hintPlan?.movesAhead(of: world.game) ?? []
        guard ahead.count >= 2, group.cells.contains(ahead[0]) else { return nil }
        var game = world.game
        guard (try? game.play(Move(ahead[0]))) != nil,
            let next = game.board.group(at: ahead[1], corners: game.rules.corners)
        else { return nil }
        return (next.size, game.rules.scoring.points(forGroupOf: next.size))
    }

    /// Takes the hint away (a move, an undo, a new game), with its words or the thinking note.
    func clearHint() {
        if message?.goesWithTheNextMove == true { message = nil }
        hint = nil
        hintSearch = nil
    }
}
