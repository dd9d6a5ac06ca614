import PrisonRules
import PrisonSpace

/// Where the desktop camera stands and how wide it sees, so that facing a wall shows all of it.
///
/// A headset player turns their head to see a wall; a desktop window cannot, so the window's
/// camera stands back from the room's centre, on the axis of the wall faced, at the wall's
/// middle height, looking level. A wall seen straight on like this is drawn as an undistorted
/// rectangle, and the camera stands just far enough back for that rectangle to fit the window,
/// a margin inside the bands the HUD covers at the top and bottom. Turning the head orbits the
/// camera about the room's centre (looking around stays free); tilting tilts it where it is.
///
/// The field of view is `preferredFieldOfView`. In a room of four walls the camera widens it,
/// up to `widestFieldOfView`, rather than back into the wall behind it; a wall too tall for
/// that (a tall, narrow room) is seen from outside the room, through a cutaway: the blocks
/// behind the camera are not drawn (`cutaway(yaw:)`) and taps pass them by (`tapRay(_:yaw:)`).
package struct Framing: Hashable, Sendable {
    /// The window's bands, in pixels, that the HUD covers at the top and bottom.
    package typealias Bands = FrameInput.HUDBands

    /// The vertical field of view a wall is framed with unless told otherwise, where the room
    /// leaves space to stand back.
    package static let preferredFieldOfView: Float = 60
    /// The widest vertical field of view the camera takes to stay inside a room of four walls.
    package static let widestFieldOfView: Float = 80

    /// The room framed.
    package let room: Room
    /// The edge of a block, in metres.
    let blockSize: Float
    /// The framebuffer's size in pixels.
    let viewport: SIMD2<Float>
    /// The vertical field of view, in degrees.
    package let fieldOfViewInDegrees: Float
    /// How far the eye stands from the inner face of the wall it faces, in metres.
    let distance: Float
    /// The eye's height above the floor, in metres.
    let eyeHeight: Float
    /// Whether the eye stands beyond the wall behind it: the blocks there are cut away.
    package let cutsAway: Bool

    /// The framing of `room`'s walls (blocks of edge `blockSize`) for a `viewport` framebuffer
    /// whose HUD covers `bands`, with a vertical field of view of `fieldOfView` degrees where the
    /// room leaves space to stand back (clamped to 30...``widestFieldOfView``).
    package init(
        room: Room, blockSize: Float, viewport: SIMD2<Float>, bands: Bands = Bands(),
        fieldOfView: Float = Framing.preferredFieldOfView
    ) {
        self.room = room
        self.blockSize = blockSize
        let viewport = SIMD2(max(viewport.x, 1), max(viewport.y, 1))
        self.viewport = viewport
        let half = Float(room.width) * blockSize / 2
        let wallHeight = Float(room.height) * blockSize
        let margin = Self.margin(viewport: viewport)
        // The window's rectangle the wall must fit: inside the margin and out of the HUD's bands.
        let top = min(bands.top, viewport.y * 0.3) + margin
        let bottom = viewport.y - min(bands.bottom, viewport.y * 0.3) - margin
        let halfWidth = max(viewport.x / 2 - margin, 1)
        let usableHeight = max(bottom - top, 1)

        // Distances for a field of view: pixels per unit of (offset / depth) is the focal length.
        func fit(_ degrees: Float) -> (distance: Float, focal: Float) {
            let focal = viewport.y / 2 / Float.tan(degrees * .pi / 360)
            // Room for the crosshair's nudge off the seams between rows (below): a quarter block up or down.
            return (max(focal * half / halfWidth, focal * (wallHeight + blockSize / 2) / usableHeight, half), focal)
        }
        var degrees = fieldOfView.isFinite ? min(max(fieldOfView, 30), Self.widestFieldOfView) : Self.preferredFieldOfView
        var (distance, focal) = fit(degrees)
        var cutsAway = false
        if room.walls == 4 {
            // The farthest the eye goes back in the room: short of the wall behind it.
            let inside = 2 * half - min(0.25, half / 2)
            if distance > inside {
                // Distance scales as 1 / tan(fov / 2), until the fit by `half` takes over.
                let wider = 2 * Float.atan(Float.tan(degrees * .pi / 360) * distance / inside) * 180 / .pi
                degrees = min(wider, Self.widestFieldOfView)
                (distance, focal) = fit(degrees)
                cutsAway = distance > inside + 1e-4
            }
        }
        fieldOfViewInDegrees = degrees
        self.distance = distance
        self.cutsAway = cutsAway
        // The wall's middle goes to the middle of the usable rectangle, not of the window.
        let centred = wallHeight / 2 + ((top + bottom) / 2 - viewport.y / 2) * distance / focal
        // The crosshair (level with the eye) off the seams between rows, so a gaze tap facing a
        // wall meets a block, not the line between two.
        let row = (centred / blockSize).rounded(.down), phase = centred / blockSize - row
        eyeHeight = (row + min(max(phase, 0.25), 0.75)) * blockSize
    }

    /// The gap kept between a framed wall and the window's edges (or the HUD's bands), in pixels.
    package static func margin(viewport: SIMD2<Float>) -> Float {
        max(8, 0.04 * min(viewport.x, viewport.y))
    }

    /// The eye of a head turned `yaw` degrees right of wall 0: on the faced wall's axis, whatever
    /// its width (a crosshair on the seam between two columns taps one of them), ``distance``
    /// from it, orbiting the room's centre as the head turns.
    package func eye(yaw: Float) -> SIMD3<Float> {
        let behind = distance - Float(room.width) * blockSize / 2
        return Self.turn(yaw).act([0, eyeHeight, behind])
    }

    /// The plane beyond which blocks are not drawn while ``cutsAway``, as `(normal, offset)`:
    /// a block whose centre `c` has `dot(normal, c) > offset` is behind the eye. Nil when nothing
    /// is cut away.
    package func cutaway(yaw: Float) -> SIMD4<Float>? {
        guard cutsAway else { return nil }
        let back = Self.turn(yaw).act([0, 0, 1])
        return SIMD4(back, Float(room.width) * blockSize / 2)
    }

    /// `ray` (from the eye) with its start moved past the blocks cut away, so a tap goes through them.
    package func tapRay(_ ray: Ray, yaw: Float) -> Ray {
        guard let plane = cutaway(yaw: yaw) else { return ray }
        let normal = SIMD3(plane.x, plane.y, plane.z)
        // Just short of the plane: the cut blocks' boxes begin at it.
        let limit = plane.w - blockSize * 0.01
        let height = (normal * ray.origin).sum() - limit
        let rate = (normal * ray.direction).sum()
        guard height > 0, rate < 0 else { return ray }
        return Ray(origin: ray.origin + ray.direction * (height / -rate), direction: ray.direction)
    }

    /// A turn of `yaw` degrees to the right about +y, as the head turns.
    private static func turn(_ yaw: Float) -> simd_quatf {
        simd_quatf(angle: -yaw * .pi / 180, axis: [0, 1, 0])
    }

    /// What a framing is built from: the same key, the same framing.
    struct Key: Equatable {
        let room: Room
        let blockSize: Float
        let viewport: SIMD2<Float>
        let bands: Bands
        let fieldOfView: Float
    }

    /// The framing `key` describes.
    init(_ key: Key) {
        self.init(room: key.room, blockSize: key.blockSize, viewport: key.viewport, bands: key.bands, fieldOfView: key.fieldOfView)
    }
}

extension Session {
    /// How the window frames the room now: its viewport, with the HUD's bands kept clear. Built
    /// again only when the room, the window, the HUD's bands or the field of view change.
    package var framing: Framing {
        let key = Framing.Key(
            room: world.game.start.room, blockSize: world.layout.blockSize, viewport: frame.viewport, bands: frame.hudBands,
            fieldOfView: fieldOfView ?? Framing.preferredFieldOfView)
        if let cache = framingCache, cache.key == key { return cache.framing }
        let framing = Framing(key)
        framingCache = (key, framing)
        return framing
    }

    /// Puts the world's camera where the framing and the head say.
    func frameCamera() {
        let framing = framing
        world.camera.fieldOfViewInDegrees = framing.fieldOfViewInDegrees
        world.camera.setPosition(framing.eye(yaw: head.yaw), relativeTo: nil)
        world.camera.setOrientation(head.orientation, relativeTo: nil)
    }

    /// The ray a tap at `point` (framebuffer pixels) casts: from the camera, past any cutaway.
    /// A ray that can hit nothing for an empty viewport.
    func tapRay(through point: SIMD2<Float>) -> Ray {
        guard let ray = world.camera.ray(through: point, viewport: frame.viewport) else {
            return Ray(origin: .zero, direction: .zero)
        }
        return framing.tapRay(ray, yaw: head.yaw)
    }
}
