import PrisonSpace

/// A flat panel standing upright in the room, facing the player, showing a picture: a headset's
/// HUD and menu, which a hand points at as the mouse points at the window.
struct Panel {
    /// What it shows: a picture whose colour is a texture.
    let picture: OffscreenFramebuffer
    /// The middle of the panel, in the room.
    let centre: SIMD3<Float>
    /// The panel's turn: its face looks along +z turned by it.
    let turn: simd_quatf
    /// Its width and height in metres.
    let size: SIMD2<Float>

    /// How far in front of the eyes the panel stands, and how far below them its middle is.
    static let distance: Float = 1.2
    static let drop: Float = 0.1
    /// Its width in metres: its height follows the picture's shape.
    static let width: Float = 1.4

    /// The panel in front of a head at `eye` facing the wall whose outward turn is `turn`: it
    /// stays put while the head looks about that wall, and moves when it faces another.
    init(picture: OffscreenFramebuffer, eye: SIMD3<Float>, turn: simd_quatf) {
        self.picture = picture
        self.turn = turn
        let pixels = SIMD2<Float>(picture.renderTarget.size)
        size = [Self.width, Self.width * pixels.y / pixels.x]
        centre = SIMD3(eye.x, eye.y - Self.drop, eye.z) + turn.act([0, 0, -Self.distance])
    }

    /// The unit square centred at the origin to the panel in the room.
    var model: simd_float4x4 {
        simd_float4x4(translation: centre) * simd_float4x4(turn) * simd_float4x4(scale: SIMD3(size.x, size.y, 1))
    }

    /// Where `ray` meets the panel: the point in the picture's pixels (from its top left) and the
    /// distance along the ray (in units of its direction), or nil when it passes by.
    func hit(along ray: Ray) -> (point: SIMD2<Float>, distance: Float)? {
        let normal = turn.act([0, 0, 1])
        let rate = (ray.direction * normal).sum()
        guard rate < 0 else { return nil }
        let distance = ((centre - ray.origin) * normal).sum() / rate
        guard distance > 0 else { return nil }
        let local = turn.inverse.act(ray.origin + ray.direction * distance - centre)
        let fraction = SIMD2(local.x / size.x + 0.5, 0.5 - local.y / size.y)
        guard fraction.x >= 0, fraction.x <= 1, fraction.y >= 0, fraction.y <= 1 else { return nil }
        return (fraction * SIMD2<Float>(picture.renderTarget.size), distance)
    }
}
