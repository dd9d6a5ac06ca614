// The app's immersive view, as written for visionOS: three marbles at arm's length that a tap
// nudges, a drag carries and a pinch of two hands resizes. It imports Apple's frameworks; on
// Linux, Puzzle Prison's RealityKit and SwiftUI modules stand in for them, unchanged.
import RealityKit
import SwiftUI

struct ImmersiveView: View {
    @Environment(AppModel.self) private var appModel
    @State private var scaleAtStart: SIMD3<Float>?

    var body: some View {
        RealityView { content in
            for (index, name) in ["Red", "Green", "Blue"].enumerated() {
                let marble = ModelEntity(
                    mesh: .generateSphere(radius: 0.1), materials: [SimpleMaterial(color: .white, isMetallic: true)])
                marble.name = name
                marble.position = [Float(index - 1) * 0.4, 1.5, -1.5]
                marble.components.set(InputTargetComponent())
                marble.components.set(CollisionComponent(shapes: [.generateSphere(radius: 0.1)]))
                content.add(marble)
            }
        }
        .gesture(TapGesture().targetedToAnyEntity().onEnded { value in
            var transform = value.entity.transform
            transform.translation += SIMD3(0.1, 0, 0)
            value.entity.move(to: transform, relativeTo: nil, duration: 3, timingFunction: .easeInOut)
            appModel.taps += 1
        })
        .simultaneousGesture(DragGesture().targetedToAnyEntity().onChanged { value in
            guard appModel.allowsDragging else { return }
            appModel.picked = value.entity.name
            value.entity.position = value.convert(value.location3D, from: .local, to: value.entity.parent!)
        })
        .simultaneousGesture(MagnifyGesture().targetedToAnyEntity()
            .onChanged { value in
                let start = scaleAtStart ?? value.entity.scale
                scaleAtStart = start
                value.entity.scale = start * Float(value.magnification)
            }
            .onEnded { _ in scaleAtStart = nil })
    }
}

#Preview(immersionStyle: .mixed) {
    ImmersiveView()
        .environment(AppModel())
}
