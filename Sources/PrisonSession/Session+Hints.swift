import PrisonRules
import PrisonWorld

// Hints: searched for by the front end (off the main thread) with a "Thinking..." note, answered
// within half a second (the best group by points when the search is late), shown with their points
// until the next move, and never silent.
extension Session {
    /// Whether a hint is being searched for: the front end keeps drawing frames meanwhile.
    package var isThinking: Bool { hintSearch != nil }

    /// H: shows a good group to break, or says why there is none.
    func showHint() {
        if replay != nil { return say("A replay is playing: R plays this board yourself") }
        if world.game.isOver { return say("No moves left: U undoes, N starts a new game") }
        // H again while a hint shows: turn to it.
        if let hint { return present(hint, turning: true) }
        guard hintSearch == nil else { return }
        let query = HintQuery(game: world.game, time: world.time, plan: hintPlan)
        hintSearch = (query, nil)
        effects.append(.work(.searchHint(query)))
        message = .thinking
    }

    /// Takes the answer the front end found for `query` (``Work/searchHint(_:)``): the group to
    /// break with the plan it belongs to, or nil when there is no move. It shows unless the game
    /// moved on or the player stopped waiting.
    public func hintFound(_ answer: (group: Group, plan: SearchPlan)?, for query: HintQuery) {
        guard hintSearch?.query == query, query.game == world.game else { return }
        hintSearch = nil
        if let (group, plan) = answer {
            hintPlan = plan
            present(group)
        } else {
            say("No moves left: U undoes, N starts a new game")
        }
    }

    /// Drops a search the game has moved on from; shows the best group by points once the player
    /// has waited as long as a hint may take.
    func takeHint() {
        guard let search = hintSearch else { return }
        if search.query.game != world.game {
            hintSearch = nil
            if message == .thinking { message = nil }
        } else if let since = search.since, time - since >= Self.hintPatience {
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
        if turning, !faced { head.face(wall: wall, at: time) }
        let points = world.game.preview(of: group, at: world.time).points
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
        return (next.size, game.preview(of: next, at: nil).points)
    }

    /// Takes the hint away (a move, an undo, a new game), with its words or the thinking note.
    func clearHint() {
        if message?.goesWithTheNextMove == true { message = nil }
        hint = nil
        hintSearch = nil
    }
}
