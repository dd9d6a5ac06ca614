import PrisonDesktop
import Testing

@Test func assetErrorsReadAsTheirMessage() {
    #expect(AssetError("palette file missing").description == "palette file missing")
}
