import PrisonRules
import PrisonSpace

/// Where a flat panel stands in the room and how big its picture is: a headset's panel of the
/// HUD and the menu, which a pointer meets as the mouse meets the window (``FrameInput``).
public struct PanelPlacement: Hashable, Sendable {
    /// The middle of the panel, in the room.
    public var centre: SIMD3<Float>
    /// The panel's turn: its face looks along +z turned by it.
    public var turn: simd_quatf
    /// Its width and height in metres.
    public var size: SIMD2<Float>
    /// Its picture's width and height in pixels.
    public var pixels: SIMD2<Float>

    /// A panel `size` metres across centred at `centre`, facing +z turned by `turn`, showing a
    /// picture of `pixels`.
    public init(centre: SIMD3<Float>, turn: simd_quatf, size: SIMD2<Float>, pixels: SIMD2<Float>) {
        self.centre = centre
        self.turn = turn
        self.size = size
        self.pixels = pixels
    }

    /// Where `ray` meets the panel's face: the point in the picture's pixels (from its top left)
    /// and the distance along the ray in metres. Nil when it passes by, runs edge-on, comes from
    /// behind the panel or starts beyond it.
    public func hit(along ray: Ray) -> (point: SIMD2<Float>, distance: Float)? {
        let normal = turn.act([0, 0, 1])
        guard (ray.direction * normal).sum() < 0,
            let crossing = ray.intersection(with: Plane(point: centre, normal: normal)), crossing.distance > 0
        else { return nil }
        let local = turn.inverse.act(crossing.position - centre)
        let fraction = SIMD2(local.x / size.x + 0.5, 0.5 - local.y / size.y)
        guard fraction.x >= 0, fraction.x <= 1, fraction.y >= 0, fraction.y <= 1 else { return nil }
        return (fraction * pixels, crossing.distance)
    }
}

/// What a headset's pointer meets (``Session/pointerTarget``).
public enum PointerTarget: Hashable, Sendable {
    /// A block of the group the pointer lights up, in `cell`, `distance` metres along the ray.
    case block(Cell, distance: Float)
    /// The frame's panel (``PanelPlacement``) while it takes the pointer, at `point` in its
    /// picture's pixels, `distance` metres along the ray.
    case panel(at: SIMD2<Float>, distance: Float)
}

/// What a select along a ray did (``Session/select(along:)``).
public enum SelectOutcome: Hashable, Sendable {
    /// It clicked the panel at `point`, in its picture's pixels.
    case clickedPanel(at: SIMD2<Float>)
    /// It tapped along the ray; whether a group broke.
    case tapped(broke: Bool)
}
