import PrisonSession
import PrisonSpace
import PrisonSpaceTesting
import PrisonWorld
import Testing

/// The yaws a turn started at time zero goes through when moved on in `steps` equal steps over
/// the face duration and a little more.
private func yaws(turning head: inout Head, steps: Int = 60) -> [Float] {
    var seen: [Float] = []
    let step = Head.faceDuration / steps
    for count in 1...steps + 5 {
        head.advance(to: step * count)
        seen.append(head.yaw)
    }
    return seen
}

/// The head's forward direction in the world.
private func forward(_ head: Head) -> SIMD3<Float> { head.orientation.act([0, 0, -1]) }

@Suite("Head")
struct HeadTests {
    @Test("A new head looks level at wall 0")
    func start() {
        let head = Head(walls: 4)
        #expect(head.yaw == 0 && head.pitch == 0)
        #expect(head.facedWall == 0)
        #expect(!head.isTurning)
        #expect(isClose(forward(head), [0, 0, -1], tolerance: 1e-5))
    }

    @Test("Facing wall 3 from wall 0 turns left, through 359…270, never the long way round")
    func shortWayLeft() {
        var head = Head(walls: 4)
        head.face(wall: 3, at: .zero)
        #expect(head.isTurning)
        #expect(head.facedWall == 3, "the wall being turned to counts as faced")
        let seen = yaws(turning: &head)
        #expect(seen.allSatisfy { $0 == 0 || (270...360).contains($0) }, "yaws: \(seen)")
        #expect(seen.contains { (300..<330).contains($0) }, "the turn passes the middle of the way")
        #expect(head.yaw == 270)
        #expect(!head.isTurning)
        #expect(head.facedWall == 3)
    }

    @Test("Facing wall 0 from wall 3 turns right, through 270…360, and ends at 0")
    func shortWayRight() {
        var head = Head(walls: 4)
        head.look(yaw: 270, pitch: 0)
        head.face(wall: 0, at: .zero)
        let seen = yaws(turning: &head)
        #expect(seen.allSatisfy { $0 == 0 || (270...360).contains($0) }, "yaws: \(seen)")
        #expect(head.yaw == 0)
        #expect(head.facedWall == 0)
    }

    @Test("Facing a neighbouring wall turns by a quarter, not three", arguments: [(0, 1), (1, 2), (2, 3), (1, 0), (2, 1), (3, 2)])
    func quarterTurns(from: Int, to: Int) {
        var head = Head(walls: 4)
        head.look(yaw: Float(from) * 90, pitch: 0)
        head.face(wall: to, at: .zero)
        let low = Float(min(from, to)) * 90, high = Float(max(from, to)) * 90
        let seen = yaws(turning: &head)
        #expect(seen.allSatisfy { (low...high).contains($0) }, "yaws: \(seen)")
        #expect(head.yaw == Float(to) * 90)
    }

    @Test("A turn eases in and out and ends exactly at its wall after the face duration")
    func easing() {
        var head = Head(walls: 4)
        head.face(wall: 1, at: .seconds(2))
        head.advance(to: .seconds(2) + Head.faceDuration / 4)
        let quarter = head.yaw
        #expect(quarter > 0 && quarter < 90 / 4, "slow at first: \(quarter)")
        head.advance(to: .seconds(2) + Head.faceDuration / 2)
        #expect(abs(head.yaw - 45) < 1e-3, "half way at half time: \(head.yaw)")
        #expect(head.isTurning)
        head.advance(to: .seconds(2) + Head.faceDuration)
        #expect(head.yaw == 90)
        #expect(head.pitch == 0)
        #expect(!head.isTurning)
    }

    @Test("One advance of the whole duration, or more, lands on the wall")
    func oneLongAdvance() {
        var head = Head(walls: 4)
        head.face(wall: 2, at: .zero)
        head.advance(to: Head.faceDuration)
        #expect(head.yaw == 180 && !head.isTurning)
        var late = Head(walls: 4)
        late.face(wall: 1, at: .seconds(1))
        late.advance(to: .seconds(10))
        #expect(late.yaw == 90 && !late.isTurning)
    }

    @Test("Facing a wall levels the head")
    func facingLevels() {
        var head = Head(walls: 4)
        head.look(yaw: 10, pitch: 40)
        head.face(wall: 0, at: .zero)
        head.advance(to: Head.faceDuration / 2)
        #expect(head.pitch > 0 && head.pitch < 40)
        head.advance(to: Head.faceDuration * 2)
        #expect(head.yaw == 0 && head.pitch == 0)
    }

    @Test("Moving on to the turn's start or before it changes nothing", arguments: [Duration.zero, .milliseconds(-100), .seconds(-1_000_000)])
    func badAdvances(offset: Duration) {
        var head = Head(walls: 4)
        head.face(wall: 1, at: .seconds(5))
        head.advance(to: .seconds(5) + offset)
        #expect(head.yaw == 0)
        #expect(head.isTurning)
    }

    @Test("Looking or turning ends a turn to a wall")
    func lookingEndsTurns() {
        var head = Head(walls: 4)
        head.face(wall: 1, at: .zero)
        head.advance(to: Head.faceDuration / 2)
        head.turn(yaw: 1, pitch: 0)
        #expect(!head.isTurning)
        let yaw = head.yaw
        head.advance(to: .seconds(1))
        #expect(head.yaw == yaw, "the cancelled turn does not go on")
        head.face(wall: 2, at: .zero)
        head.look(yaw: 5, pitch: 0)
        #expect(!head.isTurning)
        #expect(head.facedWall == 0)
    }

    @Test("The faced wall is the one nearest the yaw", arguments: [
        (0, 0), (44, 0), (46, 1), (90, 1), (134, 1), (136, 2), (226, 3), (314, 3), (316, 0), (359, 0),
    ] as [(Float, Int)])
    func facedWall(yaw: Float, wall: Int) {
        var head = Head(walls: 4)
        head.look(yaw: yaw, pitch: 0)
        #expect(head.facedWall == wall)
    }

    @Test("Next and previous walls wrap around the four walls", arguments: [
        (0, 1, 1), (3, 1, 0), (0, -1, 3), (1, -1, 0), (2, 2, 0), (3, -4, 3), (1, 5, 2),
    ])
    func faceWallSteps(from: Int, steps: Int, to: Int) {
        var head = Head(walls: 4)
        head.look(yaw: Float(from) * 90, pitch: 0)
        head.faceWall(steps: steps, at: .zero)
        #expect(head.facedWall == to)
        head.advance(to: Head.faceDuration)
        #expect(head.yaw == Float(to) * 90)
    }

    @Test("Steps taken mid-turn count from the wall being turned to")
    func stepsMidTurn() {
        var head = Head(walls: 4)
        head.faceWall(steps: 1, at: .zero)
        head.advance(to: Head.faceDuration / 10)
        head.faceWall(steps: 1, at: Head.faceDuration / 10)
        #expect(head.facedWall == 2)
        head.advance(to: Head.faceDuration / 10 + Head.faceDuration / 2)
        #expect(head.isTurning, "the second turn takes its whole duration from when it began")
        head.advance(to: Head.faceDuration / 10 + Head.faceDuration)
        #expect(abs(head.yaw - 180) < 1e-3)
    }

    @Test("A one-wall room ignores other walls and always faces wall 0")
    func oneWall() {
        var head = Head(walls: 1)
        for wall in [1, 2, 3, -1, 4] {
            head.face(wall: wall, at: .zero)
            #expect(!head.isTurning, "wall \(wall)")
        }
        head.look(yaw: 120, pitch: 0)
        #expect(head.facedWall == 0)
        head.faceWall(steps: 1, at: .zero)
        head.advance(to: Head.faceDuration)
        #expect(head.yaw == 0)
        head.look(yaw: 300, pitch: 0)
        head.faceWall(steps: -1, at: Head.faceDuration)
        head.advance(to: Head.faceDuration * 2)
        #expect(head.yaw == 0)
    }

    @Test("Walls that do not exist are ignored in a four-wall room", arguments: [-1, 4, 100])
    func missingWalls(wall: Int) {
        var head = Head(walls: 4)
        head.face(wall: wall, at: .zero)
        #expect(!head.isTurning)
        #expect(head.yaw == 0)
    }

    @Test("Pitch stays within the maximum", arguments: [
        (100, Head.maximumPitch), (-200, -Head.maximumPitch), (80, 80), (-80, -80), (30, 30),
    ] as [(Float, Float)])
    func pitchClamps(pitch: Float, expected: Float) {
        var turned = Head(walls: 4)
        turned.turn(yaw: 0, pitch: pitch)
        #expect(turned.pitch == expected)
        var looked = Head(walls: 4)
        looked.look(yaw: 0, pitch: pitch)
        #expect(looked.pitch == expected)
    }

    @Test("Turns add up, and a tilt past the maximum then back comes down from the maximum")
    func pitchAddsFromClamp() {
        var head = Head(walls: 4)
        head.turn(yaw: 0, pitch: 70)
        head.turn(yaw: 0, pitch: 30)
        #expect(head.pitch == 80)
        head.turn(yaw: 0, pitch: -10)
        #expect(head.pitch == 70)
    }

    @Test("Yaw wraps into 0..<360", arguments: [
        (-30, 330), (725, 5), (360, 0), (-360, 0), (-90, 270), (359, 359), (-719, 1),
    ] as [(Float, Float)])
    func yawWraps(turn: Float, expected: Float) {
        var head = Head(walls: 4)
        head.turn(yaw: turn, pitch: 0)
        #expect(head.yaw == expected)
        head.turn(yaw: 360, pitch: 0)
        #expect(head.yaw == expected, "a whole turn more ends where it began")
    }

    @Test("A tiny turn left of 0 stays below 360", arguments: [-1e-6, -1e-7, -Float.leastNonzeroMagnitude] as [Float])
    func tinyNegativeYaw(turn: Float) {
        var head = Head(walls: 4)
        head.turn(yaw: turn, pitch: 0)
        #expect(head.yaw >= 0 && head.yaw < 360, "yaw \(head.yaw)")
    }

    @Test("Non-finite turns and looks are ignored", arguments: [
        (Float.nan, 0), (0, .nan), (.infinity, 0), (0, -.infinity),
    ] as [(Float, Float)])
    func nonFinite(yaw: Float, pitch: Float) {
        var head = Head(walls: 4)
        head.look(yaw: 30, pitch: 10)
        head.turn(yaw: yaw, pitch: pitch)
        #expect(head.yaw == 30 && head.pitch == 10)
        head.look(yaw: yaw, pitch: pitch)
        #expect(head.yaw == 30 && head.pitch == 10)
    }

    @Test("Held keys turn: right arrow or D right, left arrow or A left, up and down tilt", arguments: [
        ([], SIMD2<Float>(0, 0)), (["right"], [1, 0]), (["d"], [1, 0]), (["left"], [-1, 0]), (["a"], [-1, 0]),
        (["up"], [0, 1]), (["down"], [0, -1]), (["left", "right"], [0, 0]), (["a", "right"], [0, 0]),
        (["right", "d"], [1, 0]), (["up", "down"], [0, 0]), (["left", "up"], [-1, 1]), (["d", "down"], [1, -1]),
        (["w"], [0, 0]), (["s"], [0, 0]), (["space", "q", "e"], [0, 0]),
    ] as [([String], SIMD2<Float>)])
    func turnRates(names: [String], direction: SIMD2<Float>) throws {
        let keys = Set(try names.map { try #require(Key(name: $0)) })
        #expect(Head.turnRates(holding: keys) == direction * Head.keyTurnSpeed)
    }

    @Test("The head looks along -z turned toward the wall its yaw names", arguments: [
        (0, SIMD3<Float>(0, 0, -1)), (90, [1, 0, 0]), (180, [0, 0, 1]), (270, [-1, 0, 0]),
    ] as [(Float, SIMD3<Float>)])
    func forwardByYaw(yaw: Float, direction: SIMD3<Float>) {
        var head = Head(walls: 4)
        head.look(yaw: yaw, pitch: 0)
        #expect(isClose(forward(head), direction, tolerance: 1e-5), "forward \(forward(head))")
    }

    @Test("Facing wall n looks straight at wall n of the room layout", arguments: 0..<4)
    func forwardMatchesRoomLayout(wall: Int) {
        var head = Head(walls: 4)
        head.face(wall: wall, at: .zero)
        head.advance(to: Head.faceDuration)
        let wallForward = RoomLayout(walls: 4, width: 12).rotation(ofWall: wall).act([0, 0, -1])
        #expect(isClose(forward(head), wallForward, tolerance: 1e-5), "head \(forward(head)), wall \(wallForward)")
    }

    @Test("Pitching up looks up, and down looks down, whatever the yaw", arguments: [0, 90, 200] as [Float])
    func forwardByPitch(yaw: Float) {
        var head = Head(walls: 4)
        head.look(yaw: yaw, pitch: 30)
        #expect(abs(forward(head).y - 0.5) < 1e-5)
        head.look(yaw: yaw, pitch: -30)
        #expect(abs(forward(head).y + 0.5) < 1e-5)
        head.look(yaw: 90, pitch: 45)
        let up = forward(head)
        #expect(up.x > 0.7 && up.y > 0.7 && abs(up.z) < 1e-5, "pitch tilts about the head's own x: \(up)")
    }
}
