import PrisonSession
import PrisonSpace

/// A flat panel standing upright in the room, facing the player, showing a picture: a headset's
/// HUD and menu. Where it stands is the session's to know too (``PanelPlacement``): a pointer
/// meets it there.
struct Panel {
    /// What it shows: a picture whose colour is a texture.
    let picture: OffscreenFramebuffer
    /// Where it stands, how big it is and how many pixels its picture has.
    let placement: PanelPlacement

    /// How far in front of the eyes the panel stands, and how far below them its middle is.
    static let distance: Float = 1.2
    static let drop: Float = 0.1
    /// Its width in metres: its height follows the picture's shape.
    static let width: Float = 1.4

    /// The panel in front of a head at `eye` facing the wall whose outward turn is `turn`: it
    /// stays put while the head looks about that wall, and moves when it faces another.
    init(picture: OffscreenFramebuffer, eye: SIMD3<Float>, turn: simd_quatf) {
        self.picture = picture
        let pixels = SIMD2<Float>(picture.renderTarget.size)
        placement = PanelPlacement(
            centre: SIMD3(eye.x, eye.y - Self.drop, eye.z) + turn.act([0, 0, -Self.distance]), turn: turn,
            size: [Self.width, Self.width * pixels.y / pixels.x], pixels: pixels)
    }

    /// The unit square centred at the origin to the panel in the room.
    var model: simd_float4x4 {
        simd_float4x4(translation: placement.centre) * simd_float4x4(placement.turn)
            * simd_float4x4(scale: SIMD3(placement.size.x, placement.size.y, 1))
    }
}
