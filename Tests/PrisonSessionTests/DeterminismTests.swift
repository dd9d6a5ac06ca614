import Foundation
import PrisonRules
import PrisonSession
import Testing

/// The session reads no random source of its own: new boards, the first one included, come from
/// the seeds its front end gives it.
@Suite struct DeterminismTests {
    /// The start boards of three new games (N) in a session of `seed`.
    private func newBoards(seed: UInt64) throws -> [Board] {
        let folder = try temporaryDirectory()
        let game = Game(start: try Board.random(room: .standard, colours: 5, seed: 9))
        let session = Session(
            game: game, origin: GameOrigin(like: game.start, rules: game.rules), palettes: Fixture.palettes,
            profile: Profile(environment: Fixture.environment(folder)), sound: RecordingSound(), seed: seed)
        return (0..<3).map { _ in
            session.perform(.newGame)
            return session.world.game.start
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
            try ChosenGame(GameRequest(), profile: Profile(environment: Fixture.environment(try temporaryDirectory())), seed: seed).game.start
        }
        #expect(try first(seed: 7) == first(seed: 7))
        #expect(try first(seed: 7) != first(seed: 8))
    }
}
