// The app's immersive view, unchanged, presented on Linux by Puzzle Prison's harness: the
// gestures are performed as a person would, and the tests read what the handlers did.
@testable import ImmersiveApp
import RealityKit
import SwiftUI
import Testing

@MainActor
@Test func aTapNudgesTheMarbleATenthOfAMetreInThreeSeconds() async throws {
    let model = AppModel()
    let space = try await RealityViewHarness.present(ImmersiveView().environment(model))
    let green = try #require(space.findEntity(named: "Green"))
    try space.perform(.tap, at: green)
    space.advance(by: .seconds(1.5))
    #expect(abs(green.position.x - 0.05) < 1e-4, "half way at half time")
    space.advance(by: .seconds(1.5))
    #expect(abs(green.position.x - 0.1) < 1e-6 && model.taps == 1)
}

@MainActor
@Test func aDragCarriesTheMarbleToTheHandUnlessTheModelForbidsIt() async throws {
    let model = AppModel()
    let space = try await RealityViewHarness.present(ImmersiveView().environment(model))
    let red = try #require(space.findEntity(named: "Red"))
    try space.perform(.drag(to: SIMD3<Float>(-0.2, 1.2, -1)), at: red)
    #expect(simd_distance(red.position, [-0.2, 1.2, -1]) < 1e-4 && model.picked == "Red")
    model.allowsDragging = false
    try space.perform(.drag(to: SIMD3<Float>(0, 1.8, -1)), at: red)
    #expect(simd_distance(red.position, [-0.2, 1.2, -1]) < 1e-4)
}

@MainActor
@Test func aPinchOfTwoHandsResizesTheMarbleFromItsSizeEachTime() async throws {
    let space = try await RealityViewHarness.present(ImmersiveView().environment(AppModel()))
    let blue = try #require(space.findEntity(named: "Blue"))
    try space.perform(.magnify(by: 2), at: blue)
    try space.perform(.magnify(by: 1.5), at: blue)
    #expect(abs(blue.scale.x - 3) < 1e-5)
}

@MainActor
@Test func aMarbleBehindAnotherCannotBeTappedThroughIt() async throws {
    let space = try await RealityViewHarness.present(ImmersiveView().environment(AppModel()))
    let red = try #require(space.findEntity(named: "Red")), green = try #require(space.findEntity(named: "Green"))
    red.position = [0, 1.5, -1]  // now in front of the green one
    #expect(throws: RealityViewHarnessError.self) { try space.perform(.tap, at: green) }
}
