import Foundation
import PrisonHost
import PrisonRules
import PrisonSearch
import PrisonSession
import SessionFixture
import PrisonWorld
import Testing

/// The session is a deterministic state machine: the same inputs give the same frames and effects,
/// and new boards, the first one included, come from the seeds its front end gives it.
@Suite struct DeterminismTests {
    /// A session of a fixed board and records, kept nowhere: no folder, no clock.
    private func session(seed: UInt64, records: PlayerRecords = PlayerRecords()) throws -> Session {
        let game = Game(start: try Board.random(room: .standard, colours: 5, seed: 9))
        return Session(
            game: game, origin: GameOrigin(like: game.start, rules: game.rules), palettes: Fixture.palettes,
            records: records, sound: SoundOutput(isAvailable: true), seed: seed, date: Date(timeIntervalSince1970: 1_800_000_000))
    }

    /// The start boards of three new games (N) in a session of `seed`.
    private func newBoards(seed: UInt64) throws -> [Board] {
        let session = try session(seed: seed)
        return (0..<3).map { _ in
            session.perform(.newGame)
            return session.game.start
        }
    }

    @Test func theSameSeedMakesTheSameNewBoardsAndAnotherSeedOthers() throws {
        let first = try newBoards(seed: 42)
        #expect(try newBoards(seed: 42) == first)
        #expect(Set(first.map(\.text)).count == 3)
        #expect(try newBoards(seed: 43) != first)
    }

    @Test func theFirstBoardComesFromTheSeedTheFrontEndGives() throws {
        func first(seed: UInt64) throws -> Board {
            try ChosenGame(GameRequest(), profile: try Profile(environment: Fixture.environment(try temporaryDirectory())), seed: seed).game.start
        }
        #expect(try first(seed: 7) == first(seed: 7))
        #expect(try first(seed: 7) != first(seed: 8))
    }

    /// What a session of `seed` shows and asks for, frame by frame, as a player taps groups (some
    /// within a combo), undoes, asks for a hint (answered by the test), opens the menu and changes
    /// a setting, starts a new game, plays it to its end and quits.
    private func run(seed: UInt64) throws -> [(scene: SceneFrame, hud: HUDState, effects: [Effect])] {
        let session = try session(seed: seed)
        var frames: [(SceneFrame, HUDState, [Effect])] = []
        func frame(_ milliseconds: Int) {
            session.advance(FrameInput(elapsed: .milliseconds(milliseconds), viewport: [1280, 720], date: Date(timeIntervalSince1970: 1_800_000_000)))
            frames.append((session.scene(), session.hudState, session.takeEffects()))
        }
        var taps = 0
        for step in 0..<400 {
            if step % 7 == 0, let group = session.game.availableGroups.first, session.play(group.cells[0]) { taps += 1 }
            if step == 50 { session.perform(.undo) }
            if step == 60 { session.perform(.hint) }
            if step == 61 {
                let asked = frames.last?.2.compactMap { effect -> HintQuery? in
                    if case .work(.searchHint(let query)) = effect { query } else { nil }
                }
                let query = try #require(asked?.first, "H asks for a hint")
                // A search of a playout budget answers the same each time.
                let answer = query.game.hint(within: SearchBudget(playouts: 2_000), at: query.time, continuing: query.plan)
                #expect(answer != nil)
                session.hintFound(answer, for: query)
                #expect(session.hudState.message?.hasPrefix("Hint: ") == true)
            }
            if step == 90 { session.perform(.nextPalette) }
            if step == 100 { session.perform(.newGame) }
            frame(step % 3 == 0 ? 16 : 17)
        }
        frames.append((session.scene(), session.hudState, session.takeEffects()))
        #expect(taps > 20)
        return frames
    }

    @Test func theSameInputsGiveTheSameFramesAndEffectsBitForBit() throws {
        let first = try run(seed: 5)
        let again = try run(seed: 5)
        #expect(first.count == again.count)
        for (a, b) in zip(first, again) {
            #expect(a.scene == b.scene && a.hud == b.hud && a.effects == b.effects)
        }
        let effects = first.flatMap(\.effects)
        #expect(effects.contains { if case .sound = $0 { true } else { false } })
        #expect(effects.contains { if case .work(.searchHint) = $0 { true } else { false } })
        #expect(effects.contains { if case .keepSettings = $0 { true } else { false } })
        #expect(effects.contains { if case .keep(.game) = $0 { true } else { false } })
        // Another seed: the same first game, another board after N.
        #expect(try run(seed: 6).flatMap(\.effects) != effects)
    }
}
