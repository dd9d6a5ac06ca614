#if canImport(RealityKit)
import RealityKit
#else
import PrisonSpace
#endif
import Testing

// Sources: https://developer.apple.com/documentation/realitykit/opacitycomponent,
// https://developer.apple.com/documentation/realitykit/hovereffectcomponent
// An entity carries an opacity and a hover effect as components of its own.
@MainActor
@Suite("Opacity and hover effect components")
struct OpacityAndHoverEffectTests {
    @Test func anEntityCarriesItsOpacityAndHoverEffect() {
        let entity = Entity(components: [OpacityComponent(opacity: 0.25), HoverEffectComponent(), InputTargetComponent()])
        #expect(entity.components[OpacityComponent.self]?.opacity == 0.25)
        #expect(entity.components.has(HoverEffectComponent.self))
        #expect(OpacityComponent().opacity == 1)
    }
}
