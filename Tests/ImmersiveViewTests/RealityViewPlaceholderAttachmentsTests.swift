// RealityView(make:update:placeholder:attachments:), as
// https://developer.apple.com/documentation/realitykit/realityview/init(make:update:placeholder:attachments:).md
// declares it: make and update take the attachments; the placeholder shows until make finishes
// (never here: the harness runs make before the first frame).
import RealityKit
import SwiftUI
import Testing

struct PlaceholderAndAttachmentsView: View {
    var body: some View {
        RealityView { content, attachments in
            let box = ModelEntity(mesh: .generateBox(size: 0.2), materials: [SimpleMaterial()])
            box.name = "Box"
            content.add(box)
            if let label = attachments.entity(for: "label") {
                label.position = [0, 0.3, 0]
                box.addChild(label)
            }
        } update: { _, _ in
        } placeholder: {
            ProgressView()
        } attachments: {
            Attachment(id: "label") { Text("Box") }
        }
    }
}

@MainActor
@Test func aRealityViewWithPlaceholderAndAttachmentsMakesItsContentAndAttachments() async throws {
    let space = try await RealityViewHarness.present(PlaceholderAndAttachmentsView())
    let box = try #require(space.findEntity(named: "Box"))
    let label = try #require(space.attachments.entity(for: "label"))
    #expect(label.parent === box)
}
