import PrisonRules
import PrisonSession
import SessionFixture
import Testing

/// The session has one clock, the sum of its frames' steps: what runs on time (the head's turn
/// to a wall, a message, the world) stands still while frames give no time, and moves by the
/// same steps however the frames split them.
@Suite("One clock")
struct ClockTests {
    /// A session of four walls of three, with a message on show ("U brings…", from N).
    private func session() throws -> Fixture {
        let fixture = try Fixture(game: Game(start: try Board(text: "115 225 335 445")))
        fixture.session.perform(.newGame)
        return fixture
    }

    @Test("Frames that give no time hold the head's turn, the message and the world")
    func standingStill() throws {
        let fixture = try session()
        fixture.session.perform(.faceWall(1))
        let message = try #require(fixture.session.hudState.message)
        let worldTime = fixture.session.world.time
        for _ in 0..<500 { fixture.advance(by: .zero) }
        #expect(fixture.session.world.time == worldTime)
        #expect(fixture.session.head.yaw == 0, "the turn waits for time")
        #expect(fixture.session.hudState.message == message)
        #expect(fixture.session.time == .zero)
        fixture.advance(by: Head.faceDuration)
        #expect(fixture.session.head.yaw == 90)
        #expect(fixture.session.world.time == worldTime + Head.faceDuration, "the world moves by the same step")
        fixture.advance(by: .seconds(3))
        #expect(fixture.session.hudState.message == nil, "a message lasts 3 s of the frames' time")
    }

    @Test("The head's turn goes the same way whether the frames come evenly or not")
    func unevenFrames() throws {
        let even = try session(), uneven = try session()
        even.session.perform(.faceWall(3))
        uneven.session.perform(.faceWall(3))
        let steps: [Duration] = [.milliseconds(7), .zero, .milliseconds(33), .microseconds(1), .milliseconds(90)]
        var sum = Duration.zero
        for step in steps {
            uneven.advance(by: step)
            sum += step
        }
        even.advance(by: sum)
        #expect(uneven.session.time == even.session.time)
        #expect(uneven.session.head == even.session.head)
        #expect(uneven.session.head.yaw > 270 && uneven.session.head.yaw < 360, "partway round to wall 3")
    }
}
