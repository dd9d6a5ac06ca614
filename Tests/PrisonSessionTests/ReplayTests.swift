import PrisonSession
import PrisonRules
import Testing

@Suite struct ReplayTests {
    private let pace = Duration.milliseconds(1300)

    private func move(_ column: Int, at seconds: Double?) -> Move {
        Move(Cell(wall: column % 4, column: column, row: 0), at: seconds.map { .milliseconds(Int($0 * 1000)) })
    }

    @Test func timedMovesComeAtTheirTimesFromTheFirst() {
        let moves = [move(0, at: 10), move(1, at: 10.5), move(2, at: 13)]
        var replay = Replay(moves: moves, startingAt: .seconds(2), untimedPace: pace)
        #expect(replay.due(at: .milliseconds(1999)).isEmpty)
        #expect(replay.due(at: .seconds(2)) == [moves[0]])
        #expect(replay.upcomingWall == 1)
        #expect(replay.due(at: .milliseconds(2499)).isEmpty)
        #expect(replay.due(at: .milliseconds(2500)) == [moves[1]])
        #expect(!replay.isFinished)
        #expect(replay.due(at: .seconds(100)) == [moves[2]])
        #expect(replay.isFinished)
        #expect(replay.upcomingWall == nil)
        #expect(replay.due(at: .seconds(200)).isEmpty)
    }

    @Test func aLongFrameHandsOutEveryMoveDueInOrder() {
        let moves = [move(0, at: 0), move(1, at: 0.2), move(2, at: 0.4)]
        var replay = Replay(moves: moves, startingAt: .zero, untimedPace: pace)
        #expect(replay.due(at: .seconds(1)) == moves)
    }

    @Test func untimedMovesComeAtASteadyPace() {
        let moves = [move(0, at: nil), move(1, at: nil), move(2, at: nil)]
        var replay = Replay(moves: moves, startingAt: .seconds(1), untimedPace: pace)
        #expect(replay.due(at: .seconds(1)) == [moves[0]])
        #expect(replay.due(at: .seconds(1) + pace - .milliseconds(1)).isEmpty)
        #expect(replay.due(at: .seconds(1) + pace) == [moves[1]])
        #expect(replay.due(at: .seconds(1) + pace * 2) == [moves[2]])
    }

    @Test func movesWithAndWithoutTimesMix() {
        // Untimed moves keep the pace; timed ones keep the gaps between their times.
        let moves = [move(0, at: nil), move(1, at: 5), move(2, at: 5.1), move(3, at: nil)]
        var replay = Replay(moves: moves, startingAt: .zero, untimedPace: pace)
        #expect(replay.due(at: .zero) == [moves[0]])
        #expect(replay.due(at: pace - .milliseconds(1)).isEmpty)
        #expect(replay.due(at: pace) == [moves[1]])
        #expect(replay.due(at: pace + .milliseconds(99)).isEmpty)
        #expect(replay.due(at: pace + .milliseconds(100)) == [moves[2]])
        #expect(replay.due(at: pace * 2 + .milliseconds(100)) == [moves[3]])
    }

    @Test func movesTimedOutOfOrderComeOneAfterAnother() {
        let moves = [move(0, at: 3), move(1, at: 2)]
        var replay = Replay(moves: moves, startingAt: .seconds(1), untimedPace: pace)
        #expect(replay.due(at: .seconds(1)) == moves)
    }

    @Test func anEmptyReplayIsFinishedAtOnce() {
        var replay = Replay(moves: [], startingAt: .zero, untimedPace: pace)
        #expect(replay.isFinished)
        #expect(replay.due(at: .seconds(5)).isEmpty)
    }
}
