import Foundation
import PrisonFiles
import Testing

@Suite("The JSON the programs print")
struct JSONTests {
    struct Sample: Encodable {
        let gamesPerSecond: Double
        let boardSeed: UInt64
        let path: String
    }

    @Test("camelCase keys as the properties name them, sorted, pretty, slashes kept, a final newline")
    func keyStyle() throws {
        let data = try jsonData(Sample(gamesPerSecond: 2.5, boardSeed: 7, path: "a/b"))
        let text = try #require(String(data: data, encoding: .utf8))
        #expect(text == "{\n  \"boardSeed\" : 7,\n  \"gamesPerSecond\" : 2.5,\n  \"path\" : \"a/b\"\n}\n")
    }

    @Test("What JSON cannot hold is an error, not a crash")
    func notANumber() {
        #expect(throws: EncodingError.self) { try jsonData(Sample(gamesPerSecond: .nan, boardSeed: 0, path: "")) }
    }
}
