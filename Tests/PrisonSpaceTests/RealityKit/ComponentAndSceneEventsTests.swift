#if canImport(RealityKit)
import RealityKit
#else
import PrisonSpace
#endif
import Testing

// Sources: https://developer.apple.com/documentation/realitykit/componentevents,
// https://developer.apple.com/documentation/realitykit/componentevents/didadd,
// https://developer.apple.com/documentation/realitykit/sceneevents/didaddentity,
// https://developer.apple.com/documentation/realitykit/sceneevents/willremoveentity,
// https://developer.apple.com/documentation/realitykit/sceneevents/didactivateentity,
// https://developer.apple.com/documentation/realitykit/realityviewcontent/subscribe(to:on:componenttype:_:)
// The scene reports components added, changed and removed, entities added and removed, and
// entities and components activated and deactivated; a subscription can ask for one component type.

private struct ScoreComponent: Component {
    var points = 0
}

private struct LabelComponent: Component {
    var text = ""
}

@MainActor
@Suite("Component and scene events")
struct ComponentAndSceneEventsTests {
    @Test func componentsAddedChangedAndRemovedAreReportedForTheTypeAskedFor() {
        let scene = Space()
        let player = Entity()
        scene.add(player)
        var events: [String] = []
        _ = scene.subscribe(to: ComponentEvents.DidAdd.self, on: player, componentType: ScoreComponent.self) { event in
            events.append("added \(event.componentType)")
        }
        _ = scene.subscribe(to: ComponentEvents.DidChange.self, componentType: ScoreComponent.self) { _ in events.append("changed") }
        _ = scene.subscribe(to: ComponentEvents.WillRemove.self, componentType: nil) { event in
            events.append("removing \(event.componentType) from \(event.entity === player ? "player" : "?")")
        }
        player.components.set(LabelComponent(text: "one"))
        player.components.set(ScoreComponent())
        player.components[ScoreComponent.self]?.points += 1
        player.components.remove(ScoreComponent.self)
        #expect(events == ["added ScoreComponent", "changed", "removing ScoreComponent from player"])
    }

    @Test func entitiesAddedRemovedEnabledAndDisabledAreReported() {
        let scene = Space()
        let parent = Entity(name: "parent")
        let child = Entity(components: [ScoreComponent()])
        child.name = "child"
        parent.addChild(child)
        var events: [String] = []
        _ = scene.subscribe(to: SceneEvents.DidAddEntity.self) { events.append("added \($0.entity.name)") }
        _ = scene.subscribe(to: SceneEvents.WillRemoveEntity.self) { events.append("removing \($0.entity.name)") }
        _ = scene.subscribe(to: SceneEvents.DidActivateEntity.self) { events.append("activated \($0.entity.name)") }
        _ = scene.subscribe(to: SceneEvents.WillDeactivateEntity.self) { events.append("deactivating \($0.entity.name)") }
        _ = scene.subscribe(to: ComponentEvents.DidActivate.self, componentType: ScoreComponent.self) { _ in events.append("score on") }
        scene.add(parent)
        #expect(events == ["added parent", "added child", "activated parent", "activated child", "score on"])
        events = []
        parent.isEnabled = false
        parent.isEnabled = true
        #expect(events == ["deactivating parent", "deactivating child", "activated parent", "activated child", "score on"])
        events = []
        scene.add(child)
        #expect(events.isEmpty, "moving within the scene is neither a removal nor an addition")
        parent.removeFromParent()
        #expect(events == ["deactivating parent", "removing parent"])
    }

    @Test func eventsDuringAnUpdateArriveAtItsEndInTheOrderTheyHappened() {
        let scene = Space()
        let box = Entity(name: "box")
        scene.add(box)
        var events: [String] = []
        _ = scene.subscribe(to: SceneEvents.DidAddEntity.self) { events.append("added \($0.entity.name)") }
        _ = scene.subscribe(to: AnimationEvents.PlaybackCompleted.self) { _ in events.append("completed") }
        _ = scene.subscribe(to: SceneEvents.Update.self) { _ in events.append("update") }
        box.move(to: Transform(translation: [1, 0, 0]), relativeTo: nil, duration: .milliseconds(10)) {
            scene.add(Entity(name: "spark"))
            events.append("completion ran")
        }
        scene.advance(by: .milliseconds(10))
        #expect(events == ["completion ran", "added spark", "completed", "update"])
    }
}
