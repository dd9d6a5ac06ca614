import PrisonSpace

/// Where the player looks: a turn about +y (yaw, degrees to the right of wall 0) and a tilt
/// (pitch, degrees up), turned by keys, by the mouse, or smoothly toward a wall. A turn toward a
/// wall runs on the session's time: it starts at a time and is moved on to a later one, so the
/// head keeps no clock of its own.
package struct Head: Hashable, Sendable {
    /// Degrees to the right of facing wall 0 (wall `n` is at `90 * n`).
    package private(set) var yaw: Float = 0
    /// Degrees up from level, within ±``maximumPitch``.
    package private(set) var pitch: Float = 0
    /// The walls of the room (1 or 4): facing keys go round them.
    let walls: Int
    /// A turn to a wall in progress.
    private var turn: Turn?

    /// A turn from one (yaw, pitch) to another, and the session time it started at.
    private struct Turn: Hashable, Sendable {
        var from: SIMD2<Float>
        var to: SIMD2<Float>
        var start: Duration
    }

    /// How far up or down the head tilts.
    package static let maximumPitch: Float = 80
    /// Degrees a second that held keys turn the head.
    package static let keyTurnSpeed: Float = 90
    /// How long a turn to face a wall takes.
    package static let faceDuration = Duration.milliseconds(450)

    /// A head in a room of `walls` walls (1 or 4), facing wall 0.
    package init(walls: Int) {
        precondition(walls == 1 || walls == 4, "a room has 1 or 4 walls, not \(walls)")
        self.walls = walls
    }

    /// Whether a turn toward a wall is under way.
    package var isTurning: Bool { turn != nil }

    /// The wall straight ahead (the one whose middle is nearest the yaw).
    package var facedWall: Int {
        guard walls > 1 else { return 0 }
        return Self.wall(facing: turn?.to.x ?? yaw, walls: walls)
    }

    /// The wall of a room of `walls` whose middle is nearest `yaw` degrees right of wall 0: the
    /// one a head (or a headset's gaze) with that yaw faces.
    package static func wall(facing yaw: Float, walls: Int) -> Int {
        let quarter = Int((yaw / 90).rounded())
        return ((quarter % walls) + walls) % walls
    }

    /// The head's turn in the world: yaw about +y, then pitch about the head's x.
    package var orientation: simd_quatf {
        simd_quatf(angle: -yaw * .pi / 180, axis: [0, 1, 0]) * simd_quatf(angle: pitch * .pi / 180, axis: [1, 0, 0])
    }

    /// Looks `yaw` degrees right of wall 0 and `pitch` up, at once, ending any turn.
    package mutating func look(yaw: Float, pitch: Float) {
        guard yaw.isFinite, pitch.isFinite else { return }
        turn = nil
        self.yaw = Self.wrapped(yaw)
        self.pitch = min(max(pitch, -Self.maximumPitch), Self.maximumPitch)
    }

    /// Turns by `yaw` and `pitch` degrees (a mouse drag or held keys), ending any turn to a wall.
    package mutating func turn(yaw: Float, pitch: Float) {
        look(yaw: self.yaw + yaw, pitch: self.pitch + pitch)
    }

    /// Starts a smooth turn, at session time `time`, to face wall `wall` straight on and level,
    /// the short way round. Walls that do not exist are ignored.
    package mutating func face(wall: Int, at time: Duration) {
        guard (0..<walls).contains(wall) else { return }
        var target = Float(wall) * 90
        // The short way: a target within half a turn of where the head is now.
        target = yaw + Self.wrapped(target - yaw + 180) - 180
        turn = Turn(from: SIMD2(yaw, pitch), to: SIMD2(target, 0), start: time)
    }

    /// Faces, from session time `time`, the next wall to the right (`steps` 1) or left (`steps` -1).
    package mutating func faceWall(steps: Int, at time: Duration) {
        face(wall: ((facedWall + steps) % walls + walls) % walls, at: time)
    }

    /// Moves a turn to a wall on to session time `time`, easing in and out; a time before the
    /// turn's start changes nothing.
    package mutating func advance(to time: Duration) {
        guard let current = turn, time > current.start else { return }
        let t = Float(min((time - current.start) / Self.faceDuration, 1))
        let eased = t * t * (3 - 2 * t)
        let now = current.from + (current.to - current.from) * eased
        yaw = Self.wrapped(now.x)
        pitch = now.y
        if t >= 1 { turn = nil }
    }

    /// The turn rates (degrees a second of yaw and pitch) that held keys ask for: left/right
    /// arrows or A/D turn, up/down arrows tilt.
    package static func turnRates(holding keys: Set<Key>) -> SIMD2<Float> {
        func held(_ wanted: Key...) -> Float { wanted.contains(where: keys.contains) ? 1 : 0 }
        let yaw = held(.right, .letterD) - held(.left, .letterA)
        let pitch = held(.up) - held(.down)
        return SIMD2(yaw, pitch) * keyTurnSpeed
    }

    /// `degrees` brought into 0..<360.
    private static func wrapped(_ degrees: Float) -> Float {
        let r = degrees.truncatingRemainder(dividingBy: 360)
        let wrapped = r < 0 ? r + 360 : r
        // A tiny negative angle plus 360 rounds to 360 itself.
        return wrapped >= 360 ? 0 : wrapped
    }
}
