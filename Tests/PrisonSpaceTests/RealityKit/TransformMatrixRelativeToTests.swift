#if canImport(RealityKit)
import RealityKit
#else
import PrisonSpace
#endif
import PrisonSpaceTesting
import Testing

// Sources:
// https://developer.apple.com/documentation/realitykit/hastransform/transformmatrix(relativeto:)
// https://developer.apple.com/documentation/realitykit/hastransform/settransformmatrix(_:relativeto:)
@MainActor
@Suite("transformMatrix(relativeTo:) and setTransformMatrix(_:relativeTo:)")
struct TransformMatrixRelativeToTests {
    private func rotatedParentWithChild() -> (parent: Entity, child: Entity) {
        let parent = Entity()
        parent.position = [1, 0, 0]
        parent.orientation = quarterTurnAboutY
        let child = Entity()
        parent.addChild(child)
        child.position = [1, 0, 0]
        return (parent, child)
    }

    // The world matrix maps the child's origin to its world position (1,0,-1) and its +x axis
    // to the parent's turned +x, which is world -z.
    @Test func worldMatrix() {
        let (parent, child) = rotatedParentWithChild()
        let m = child.transformMatrix(relativeTo: nil)
        #expect(isClose(m * SIMD4<Float>(0, 0, 0, 1), [1, 0, -1, 1]))
        #expect(isClose(m * SIMD4<Float>(1, 0, 0, 0), [0, 0, -1, 0]))
        #expect(child.parent === parent)
    }

    // Relative to the parent the matrix is just the child's own transform.
    @Test func matrixRelativeToParentIsLocal() {
        let (parent, child) = rotatedParentWithChild()
        #expect(isClose(child.transformMatrix(relativeTo: parent), child.transform.matrix))
    }

    // The world matrix is the parent's world matrix times the child's local matrix.
    @Test func worldMatrixIsProduct() {
        let (parent, child) = rotatedParentWithChild()
        child.scale = [2, 2, 2]
        let expected = parent.transformMatrix(relativeTo: nil) * child.transform.matrix
        #expect(isClose(child.transformMatrix(relativeTo: nil), expected))
    }

    // Setting the identity as the world matrix puts the child at the world origin, unrotated:
    // locally that is position (0,0,-1) and the inverse of the parent's turn.
    @Test func setWorldMatrix() {
        let (parent, child) = rotatedParentWithChild()
        child.setTransformMatrix(Transform.identity.matrix, relativeTo: nil)
        #expect(isClose(child.position, [0, 0, -1]))
        #expect(isClose(child.orientation, quarterTurnAboutY.inverse))
        #expect(isClose(child.position(relativeTo: nil), [0, 0, 0]))
        #expect(child.parent === parent)
    }
}
