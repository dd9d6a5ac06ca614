import Foundation
import PrisonSession
import Testing

/// Code written for 3.0, where the session's readers threw `AssetError`, still compiles and
/// catches what they throw now (deprecated, so the test is too, and warns no one).
@available(*, deprecated, message: "uses AssetError, the earlier name of DataError, on purpose")
@Test func theEarlierNameAssetErrorIsDataError() {
    #expect(AssetError.self == DataError.self)
    do throws(AssetError) {
        _ = try Palette.palettes(fromJSON: Data("{".utf8), source: "p.json")
        Issue.record("a palettes file that is not JSON was read")
    } catch {
        #expect(error.description == "p.json: not a palettes file: not JSON")
    }
}
