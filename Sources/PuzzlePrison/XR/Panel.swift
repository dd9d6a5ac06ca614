import CGL
import PrisonSpace

/// A picture drawn for a panel: a texture, and a framebuffer drawing into it.
final class PanelPicture {
    private(set) var texture: GLuint = 0
    private var framebuffer: GLuint = 0
    let renderTarget: RenderTarget

    /// A clear picture `size` pixels big, in the current context.
    init(size: SIMD2<Int32>) throws(FrontEndError) {
        var texture: GLuint = 0, framebuffer: GLuint = 0
        glGenTextures(1, &texture)
        glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_RGBA8, size.x, size.y, 0, GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), nil)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), GL_LINEAR)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), GL_LINEAR)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_S), GL_CLAMP_TO_EDGE)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_T), GL_CLAMP_TO_EDGE)
        glGenFramebuffers(1, &framebuffer)
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        glFramebufferTexture2D(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_2D), texture, 0)
        self.texture = texture
        self.framebuffer = framebuffer
        renderTarget = RenderTarget(framebuffer: framebuffer, size: size)
        guard glCheckFramebufferStatus(GLenum(GL_FRAMEBUFFER)) == GLenum(GL_FRAMEBUFFER_COMPLETE) else {
            throw FrontEndError("cannot draw the headset's panel: its \(size.x) x \(size.y) framebuffer is incomplete")
        }
    }

    deinit {
        glDeleteFramebuffers(1, &framebuffer)
        glDeleteTextures(1, &texture)
    }
}

/// A flat panel standing upright in the room, facing the player, showing a picture: a headset's
/// HUD and menu, which a hand points at as the mouse points at the window.
struct Panel {
    let picture: PanelPicture
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
    init(picture: PanelPicture, eye: SIMD3<Float>, turn: simd_quatf) {
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
