// A file of a visionOS app that imports SwiftUI alone, as many view files do: the 3D values, the
// spatial tap, rotations, animations and the scene actions are all SwiftUI's (or Spatial's, which
// SwiftUI brings) there, so they must be here.
import SwiftUI
import Testing

@MainActor
struct SwiftUIOnlyTests {
    /// https://developer.apple.com/documentation/swiftui/spatialtapgesture.md and
    /// https://developer.apple.com/documentation/spatial/point3d.md: named with SwiftUI alone.
    @Test func spatialValuesNeedOnlySwiftUI() {
        let tap = SpatialTapGesture(count: 2, coordinateSpace: .local)
        #expect(tap.count == 2)
        var point = Point3D(x: 1, y: 2, z: 3)
        point.vector = [4, 5, 6]
        #expect(point == Point3D(x: 4, y: 5, z: 6))
        var drag = Vector3D(x: 1, y: 2, z: 3)
        drag.y = 0
        #expect(drag == Vector3D(x: 1, y: 0, z: 3), "https://developer.apple.com/documentation/spatial/vector3d/y.md is settable")
        var size = Size3D.one
        size.vector.z = 2
        #expect(size == Size3D(width: 1, height: 1, depth: 2))
    }

    /// https://developer.apple.com/documentation/swiftui/view/rotation3deffect(_:anchor:).md
    /// writes `Rotation3D(angle: .degrees(45), axis: .y)`: Angle2D's form, not ambiguous.
    @Test func applesRotationCallPicksAngle2D() {
        let rotation = Rotation3D(angle: .degrees(45), axis: .y)
        #expect(abs(rotation.angle.degrees - 45) < 1e-9)
        #expect(abs((rotation * rotation.inverse).angle.radians) < 1e-6, "Spatial's inverse undoes it")
    }

    /// https://developer.apple.com/documentation/swiftui/animation/spring(duration:bounce:blendduration:).md
    /// and the other forms visionOS code hands to withAnimation.
    @Test func applesAnimationsCompileAndChangeAtOnce() {
        var value = 0
        for animation: Animation in [
            .spring(duration: 0.5, bounce: 0.3), .spring(), .spring(response: 0.4, dampingFraction: 0.8), .bouncy,
            .bouncy(duration: 0.3), .smooth, .smooth(duration: 1), .snappy, .snappy(extraBounce: 0.1), .easeIn,
            .easeOut(duration: 0.2), .easeInOut.delay(0.1), .linear.speed(2), .default.repeatForever(autoreverses: false),
        ] {
            withAnimation(animation) { value += 1 }
        }
        #expect(value == 14, "each change takes effect at once")
        #expect(Animation.spring(duration: 0.5, bounce: 0.3) != .spring(duration: 0.5, bounce: 0.2))
    }

    /// https://developer.apple.com/documentation/swiftui/openimmersivespaceaction.md,
    /// .../openwindowaction.md and .../dismisswindowaction.md: every callAsFunction form.
    @Test func everyFormOfTheSceneActions() async {
        let environment = EnvironmentValues()
        #expect(await environment.openImmersiveSpace(id: "Room", value: 3) == .opened)
        #expect(await environment.openImmersiveSpace(value: "Room") == .opened)
        environment.openWindow(id: "Scores", value: 1)
        environment.dismissWindow(value: 1)
        environment.dismissWindow(id: "Scores", value: 1)
    }
}

/// https://developer.apple.com/documentation/spatial/rect3d/init(center:size:)-133fy.md,
/// .../rect3d/init(origin:size:)-7v73.md and .../spatial/rect3d/center.md
@Test func rect3DHasSpatialsBasics() {
    let box = Rect3D(center: Point3D(x: 0, y: 1, z: 0), size: Size3D(width: 2, height: 2, depth: 2))
    #expect(box.origin == Point3D(x: -1, y: 0, z: -1))
    #expect(box.center == Point3D(x: 0, y: 1, z: 0))
    #expect(Rect3D(origin: box.origin, size: box.size) == box)
    #expect(box.contains(Point3D(x: 1, y: 2, z: 1)))
    #expect(!box.contains(Point3D(x: 1.5, y: 1, z: 0)))
}
