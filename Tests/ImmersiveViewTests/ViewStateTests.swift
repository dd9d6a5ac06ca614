// What an immersive view's body and RealityView do with state, the environment and the view's
// lifecycle: @State set in make, an @Observable model given with .environment(_:), onAppear,
// task and onChange, attachments, and a RealityView found inside stacks.
import RealityKit
import SwiftUI
import Testing

@MainActor @Observable final class AppModel {
    var isSpinning = false
    var selectedName: String?
    var taps = 0
    var appeared = 0
    var loaded = false
    var changes: [String] = []
}

/// A view in the idiom of visionOS samples: the RealityView sits in a stack, make keeps the root
/// entity in @State, update follows the model, a tap selects what it hits.
struct ImmersiveView: View {
    @Environment(AppModel.self) private var appModel
    @State private var root: Entity?
    @State private var updates = 0
    @State private var showsLabel = true

    var body: some View {
        VStack {
            RealityView { content, attachments in
                let root = Entity()
                root.name = "Root"
                for (index, name) in ["Left", "Right"].enumerated() {
                    let model = ModelEntity(mesh: .generateSphere(radius: 0.1), materials: [SimpleMaterial()])
                    model.name = name
                    model.position = [index == 0 ? -0.5 : 0.5, 1.5, -2]
                    model.generateCollisionShapes(recursive: false)
                    root.addChild(model)
                }
                root.components.set(InputTargetComponent())
                content.add(root)
                self.root = root
            } update: { content, attachments in
                updates += 1
                root?.findEntity(named: "Right")?.isEnabled = !appModel.isSpinning
                if let label = attachments.entity(for: "label") {
                    label.position = [0, 1.9, -2]
                    root?.addChild(label)
                }
            } attachments: {
                if showsLabel {
                    Attachment(id: "label") {
                        Text(appModel.selectedName ?? "Nothing selected")
                            .font(.system(size: 24, weight: .bold))
                            .foregroundColor(.white)
                            .padding()
                            .background(.regularMaterial)
                            .glassBackgroundEffect(in: RoundedRectangle(cornerRadius: 12))
                    }
                }
            }
            .gesture(SpatialTapGesture().targetedToAnyEntity().onEnded { value in
                appModel.selectedName = value.entity.name
                appModel.taps += 1
            })
            .onAppear { appModel.appeared += 1 }
            .task { appModel.loaded = true }
            .onChange(of: appModel.selectedName) { old, new in
                appModel.changes.append("\(old ?? "nil") -> \(new ?? "nil")")
            }
            Text("updates: \(updates)")
        }
        .frame(width: 400, height: 300)
        .ornament(attachmentAnchor: .scene(.bottom)) {
            Button("Hide label") { withAnimation { showsLabel = false } }
                .buttonStyle(.borderless)
        }
    }
}

@MainActor
@Test func makeKeepsItsEntityInStateAndUpdateRunsAgainWhenTheStateItReadChanges() async throws {
    let model = AppModel()
    let space = try await RealityViewHarness.present(ImmersiveView().environment(model))
    let right = try #require(space.findEntity(named: "Right"))
    #expect(right.isEnabled, "update ran once make had set the root")
    model.isSpinning = true
    space.advance(by: .seconds(1.0 / 90))
    #expect(!right.isEnabled, "the model changed: update ran again")
    model.isSpinning = false
    space.advance(by: .seconds(1.0 / 90))
    #expect(right.isEnabled)
}

@MainActor
@Test func aTapOnAChildOfAnInputTargetSelectsTheChildAndTheViewSeesTheChange() async throws {
    let model = AppModel()
    let space = try await RealityViewHarness.present(ImmersiveView().environment(model))
    #expect(model.appeared == 1 && model.loaded)
    try space.perform(.tap, at: try #require(space.findEntity(named: "Left")))
    #expect(model.selectedName == "Left" && model.taps == 1)
    try space.perform(.tap, at: try #require(space.findEntity(named: "Right")))
    #expect(model.changes == ["nil -> Left", "Left -> Right"])
    #expect(model.appeared == 1, "onAppear runs once, however often the body runs")
}

@MainActor
@Test func theAttachmentsEntityCanBeLookedUpAndPlaced() async throws {
    let space = try await RealityViewHarness.present(ImmersiveView().environment(AppModel()))
    let label = try #require(space.attachments.entity(for: "label"))
    #expect(label.position(relativeTo: nil) == [0, 1.9, -2])
    #expect(space.attachments.entity(for: "another") == nil)
}

@MainActor
@Test func aDisabledTargetIsNotTappedAndWhatIsBehindItIsHiddenUntilThen() async throws {
    let model = AppModel()
    let space = try await RealityViewHarness.present(ImmersiveView().environment(model))
    let right = try #require(space.findEntity(named: "Right"))
    model.isSpinning = true
    space.advance(by: .seconds(1.0 / 90))
    #expect(throws: RealityViewHarnessError.self) { try space.perform(.tap, at: right) }
    #expect(model.taps == 0)
}

struct PlainText: View {
    var body: some View { VStack { Text("No space here") } }
}

@MainActor
@Test func aViewWithoutARealityViewCannotBePresented() async {
    await #expect(throws: RealityViewHarnessError.self) { try await RealityViewHarness.present(PlainText()) }
}

/// Two spheres on one line of sight, the near one a target only for direct input, as a panel
/// a person touches.
struct LineOfSightView: View {
    var onTap: (String) -> Void

    var body: some View {
        RealityView { content in
            for (name, z, input) in [("Near", Float(-1), InputTargetComponent.InputType.indirect), ("Far", -2, .indirect)] {
                let sphere = ModelEntity(mesh: .generateSphere(radius: 0.1), materials: [])
                sphere.name = name
                sphere.position = [0, 1.6, z]
                sphere.components.set(InputTargetComponent(allowedInputTypes: input))
                sphere.components.set(CollisionComponent(shapes: [.generateSphere(radius: 0.1)]))
                content.add(sphere)
            }
        }
        .gesture(TapGesture().targetedToEntity(where: .has(InputTargetComponent.self)).onEnded { value in
            onTap(value.entity.name)
        })
    }
}

@MainActor
@Test func anEntityBehindAnotherTargetOrOutsideTheSpaceIsAClearError() async throws {
    var tapped: [String] = []
    let space = try await RealityViewHarness.present(LineOfSightView { tapped.append($0) })
    let far = try #require(space.findEntity(named: "Far"))
    let near = try #require(space.findEntity(named: "Near"))
    let error = #expect(throws: RealityViewHarnessError.self) { try space.perform(.tap, at: far) }
    #expect(error?.description.contains("hidden behind") == true)
    #expect(throws: RealityViewHarnessError.self) { try space.perform(.tap, at: Entity()) }
    near.components[InputTargetComponent.self]?.isEnabled = false
    try space.perform(.tap, at: far)
    #expect(tapped == ["Far"], "a disabled input target lets the gaze through")
}

/// A view in the older idiom: onChange with one value, withAnimation, the immersive space's
/// dismiss action from the environment.
struct CountingView: View {
    @Environment(\.dismissImmersiveSpace) private var dismissImmersiveSpace
    @State private var count = 0
    let seen: (Int) -> Void

    var body: some View {
        RealityView { content in
            let box = ModelEntity(mesh: .generateBox(size: 0.2), materials: [])
            box.name = "Box"
            box.position = [0, 1.6, -1]
            box.components.set(InputTargetComponent())
            box.generateCollisionShapes(recursive: false)
            content.add(box)
        }
        .gesture(TapGesture().targetedToAnyEntity().onEnded { _ in
            withAnimation(.easeInOut) { count += 1 }
            if count > 5 { Task { await dismissImmersiveSpace() } }
        })
        .onChange(of: count, perform: seen)
    }
}

@MainActor
@Test func theOlderOnChangeSeesEachNewValue() async throws {
    var seen: [Int] = []
    let space = try await RealityViewHarness.present(CountingView { seen.append($0) })
    let box = try #require(space.findEntity(named: "Box"))
    try space.perform(.tap, at: box)
    try space.perform(.doubleTap, at: box)
    try space.perform(.tap, at: box)
    #expect(seen == [1, 2], "a double tap is not a tap")
}

/// A view whose body reads state that make sets, and whose update reads other state.
struct LoadingView: View {
    @State private var isLoaded = false
    @State private var label = "none"
    let bodies: (Bool) -> Void

    var body: some View {
        bodies(isLoaded)
        return RealityView { content in
            let box = ModelEntity(mesh: .generateBox(size: 0.2), materials: [])
            box.name = label
            box.position = [0, 1.6, -1]
            box.components.set(InputTargetComponent())
            box.generateCollisionShapes(recursive: false)
            content.add(box)
            isLoaded = true
        } update: { content in
            content.entities.first?.name = label
        }
        .gesture(TapGesture().targetedToAnyEntity().onEnded { _ in
            isLoaded = false
            label = "tapped"
        })
    }
}

@MainActor
@Test func stateSetInMakeOrByAGestureRunsTheBodyAndUpdateThatReadIt() async throws {
    var bodies: [Bool] = []
    let space = try await RealityViewHarness.present(LoadingView { bodies.append($0) })
    #expect(bodies == [false, true], "make set what the body read: the body ran again")
    try space.perform(.tap, at: try #require(space.entities.first))
    #expect(bodies == [false, true, false])
    #expect(space.entities.first?.name == "tapped", "update ran again with the label it read")
}
