import PrisonRules
import PrisonWorld
import Testing

// The deprecated `Choreography`, kept equal to what the world does while it ships: each test is
// deprecated too, so it uses the type without a warning.

/// One wall: breaking the two 1s empties column 0 and drops the 4 of column 1, which then
/// slides into column 0; the 3 slides into column 1. Nothing is left to break.
private let fallAndSlide = """
    .4.
    113
    """

/// Plays the 1s of `text` at time 0 and returns the outcome and the game after it.
private func play(_ text: String, rules: Rules = Rules()) throws -> (MoveOutcome, Game) {
    var game = Game(start: try Board(text: text), rules: rules)
    let outcome = try game.play(Move(cell(0, 0, 0), at: .zero))
    return (outcome, game)
}

private func id(ofColour colour: Int, in outcome: MoveOutcome) throws -> BlockID {
    try #require(outcome.removal.moved.first { $0.block.colour == colour }).block.id
}

private func motion(ofColour colour: Int, in outcome: MoveOutcome) throws -> Int {
    try #require(outcome.removal.moved.firstIndex { $0.block.colour == colour })
}

@available(*, deprecated, message: "tests the deprecated Choreography")
@Test("The group breaks for the combo window, the blocks above fall, then columns slide, then the end")
func fallThenSlide() throws {
    let (outcome, game) = try play(fallAndSlide)
    let steps = Choreography(of: outcome, settings: WorldSettings(), comboWindow: .seconds(1), endsGame: game.isOver)
    let four = try id(ofColour: 4, in: outcome), three = try id(ofColour: 3, in: outcome)
    let fourMotion = try motion(ofColour: 4, in: outcome), threeMotion = try motion(ofColour: 3, in: outcome)
    #expect(Set(steps.breaks) == Set(outcome.removal.broken.map(\.block.id)) && steps.breaks.count == 2)
    #expect(steps.breakDuration == .seconds(1))
    #expect(steps.moves == [
        .init(block: four, motionIndex: fourMotion, kind: .fall, cell: cell(0, 1, 0), start: .seconds(1), duration: .milliseconds(300)),
        .init(block: four, motionIndex: fourMotion, kind: .slide, cell: cell(0, 0, 0), start: .milliseconds(1300), duration: .milliseconds(250)),
        .init(block: three, motionIndex: threeMotion, kind: .slide, cell: cell(0, 1, 0), start: .milliseconds(1300), duration: .milliseconds(250)),
    ])
    #expect(game.isOver && steps.end == .milliseconds(1550))
}

@available(*, deprecated, message: "tests the deprecated Choreography")
@Test("A block drawn away from the cell it left falls in place before it slides")
func displacedBlockFallsFirst() throws {
    let (outcome, game) = try play(fallAndSlide)
    let three = try id(ofColour: 3, in: outcome), threeMotion = try motion(ofColour: 3, in: outcome)
    let steps = Choreography(
        of: outcome, settings: WorldSettings(), comboWindow: .seconds(1), endsGame: game.isOver, displaced: [three])
    #expect(steps.moves.filter { $0.block == three } == [
        .init(block: three, motionIndex: threeMotion, kind: .fall, cell: cell(0, 2, 0), start: .seconds(1), duration: .milliseconds(300)),
        .init(block: three, motionIndex: threeMotion, kind: .slide, cell: cell(0, 1, 0), start: .milliseconds(1300), duration: .milliseconds(250)),
    ])
}

@available(*, deprecated, message: "tests the deprecated Choreography")
@Test("Durations follow the settings and the combo window, held to whole microseconds")
func durationsFollowTheSettings() throws {
    let (outcome, game) = try play(fallAndSlide)
    let settings = WorldSettings(fallDuration: .nanoseconds(100_900), slideDuration: .microseconds(2500))
    let steps = Choreography(of: outcome, settings: settings, comboWindow: .milliseconds(500), endsGame: game.isOver)
    #expect(steps.breakDuration == .milliseconds(500))
    #expect(steps.moves.map(\.start) == [.milliseconds(500), .microseconds(500_100), .microseconds(500_100)])
    #expect(steps.moves.map(\.duration) == [.microseconds(100), .microseconds(2500), .microseconds(2500)])
    #expect(steps.end == .microseconds(502_600))
}

@available(*, deprecated, message: "tests the deprecated Choreography")
@Test("A step made by hand holds its start and duration to whole microseconds, none negative")
func stepsHoldWholeMicroseconds() throws {
    let (outcome, _) = try play(fallAndSlide)
    let four = try id(ofColour: 4, in: outcome)
    let step = Choreography.Step(
        block: four, motionIndex: 0, kind: .fall, cell: cell(0, 1, 0), start: .nanoseconds(1_000_400),
        duration: .nanoseconds(-3))
    #expect(step.start == .microseconds(1000) && step.duration == .zero)
    #expect(step == .init(block: four, motionIndex: 0, kind: .fall, cell: cell(0, 1, 0), start: .milliseconds(1), duration: .zero))
}

@available(*, deprecated, message: "tests the deprecated Choreography")
@Test("A move that clears the room has no falls or slides but an end; one that leaves moves has no end")
func endOnlyWhenTheGameEnds() throws {
    let (clearing, cleared) = try play("11")
    let last = Choreography(of: clearing, settings: WorldSettings(), comboWindow: .seconds(1), endsGame: cleared.isOver)
    #expect(cleared.isCleared && last.moves.isEmpty && last.end == .milliseconds(1550))
    let (opening, open) = try play("22\n11")
    let first = Choreography(of: opening, settings: WorldSettings(), comboWindow: .seconds(1), endsGame: open.isOver)
    #expect(!open.isOver && first.end == nil)
    #expect(first.moves.map(\.kind) == [.fall, .fall] && first.moves.allSatisfy { $0.cell.row == 0 })
}

@available(*, deprecated, message: "tests the deprecated Choreography")
@Test("The world plays its choreography: falls, slides and the end start when it says")
func theWorldFollowsIt() throws {
    let world = try world(fallAndSlide)
    let outcome = try world.tap(lookingAt: cell(0, 0, 0))
    let steps = Choreography(
        of: outcome, settings: world.settings, comboWindow: world.game.rules.comboWindow, endsGame: world.game.isOver)
    let four = try id(ofColour: 4, in: outcome), three = try id(ofColour: 3, in: outcome)
    let tick = Duration.microseconds(1)
    world.advance(by: steps.moves[0].start + tick)
    #expect(world.block(four)?.phase == .falling && world.block(three)?.phase == .waiting)
    world.advance(by: steps.moves[1].start - steps.moves[0].start)
    #expect(world.block(four)?.phase == .sliding && world.block(three)?.phase == .sliding)
    let events = world.settle()
    let end = try #require(events.first { if case .gameEnded = $0.kind { true } else { false } })
    #expect(end.time == steps.end, "the tap was at time 0")
}
