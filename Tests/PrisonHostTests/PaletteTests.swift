import Foundation
import PrisonHost
import PrisonSession
import PrisonRules
import Testing

/// The package's `Assets` folder, found from this file's place in `Tests/PrisonSessionTests`.
let assetsDirectory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Assets")

/// A palettes file of one palette with the given name and colours.
private func paletteJSON(name: String = "\"Test\"", colours: [String], symbols: String = "false") -> Data {
    let list = colours.map { "\"\($0)\"" }.joined(separator: ", ")
    return Data(#"{"palettes": [{"name": \#(name), "colours": [\#(list)], "symbols": \#(symbols)}]}"#.utf8)
}

/// The colour of the bytes `red`, `green` and `blue`.
private func rgb(_ red: Float, _ green: Float, _ blue: Float) -> SIMD3<Float> { SIMD3(red, green, blue) / 255 }

private let tenColours = [
    "#000000", "#ffffff", "#ff0000", "#00ff00", "#0000ff", "#808080", "#FFFF00", "#00ffff", "#ff00ff", "#123456",
]

/// The error message of loading `json`, or nil when it loads.
private func paletteError(_ json: String) -> String? {
    do {
        _ = try Palette.palettes(fromJSON: Data(json.utf8), source: "test.json")
        return nil
    } catch { return error.description }
}

@Test func paletteColoursAreTheirHexComponentsOverTwoFiftyFive() throws {
    let palettes = try Palette.palettes(fromJSON: paletteJSON(colours: tenColours, symbols: "true"), source: "test")
    let palette = try #require(palettes.first)
    #expect(palettes.count == 1)
    #expect(palette.name == "Test")
    #expect(palette.showsSymbols)
    #expect(palette.colours.count == 10)
    #expect(palette.colours[1] == SIMD3(1, 1, 1))
    #expect(palette.colours[2] == SIMD3(1, 0, 0))
    #expect(palette.colours[5] == rgb(128, 128, 128))
    #expect(palette.colours[6] == SIMD3(1, 1, 0))
    #expect(palette.colours[9] == rgb(0x12, 0x34, 0x56))
}

@Test func symbolsDefaultToOff() throws {
    let json = #"{"palettes": [{"name": "A", "colours": [\#(tenColours.map { "\"\($0)\"" }.joined(separator: ","))]}]}"#
    let palettes = try Palette.palettes(fromJSON: Data(json.utf8), source: "test")
    #expect(palettes.map(\.showsSymbols) == [false])
}

@Test func paletteErrorsNameTheSourceThePaletteAndTheValue() {
    let ten = tenColours.map { "\"\($0)\"" }.joined(separator: ",")
    #expect(paletteError("palettes") == "test.json: not a palettes file: not JSON")
    #expect(paletteError("{}") == "test.json: no palettes (the file needs a \"palettes\" list with at least one palette)")
    #expect(paletteError(#"{"palettes": []}"#) == paletteError("{}"))
    #expect(paletteError(#"{"palettes": 3}"#) == "test.json: not a palettes file: palettes is not an Array<Any>")
    #expect(paletteError(#"{"palettes": [{"name": 7}]}"#) == "test.json: not a palettes file: palettes[0].name is not a String")
    #expect(paletteError(#"{"palettes": [{"colours": [\#(ten)]}]}"#) == "test.json: palette 1 has no name")
    #expect(paletteError(#"{"palettes": [{"name": "", "colours": [\#(ten)]}]}"#) == "test.json: palette 1 has no name")
    #expect(
        paletteError(#"{"palettes": [{"name": "A", "colours": [\#(ten)]}, {"name": "B", "colours": [\#(ten)]}, {"name": "A", "colours": [\#(ten)]}]}"#)
            == "test.json: palette 3 is named \"A\" like palette 1; names must differ")
    #expect(
        paletteError(##"{"palettes": [{"name": "Short", "colours": ["#000000", "#ffffff"]}]}"##)
            == "test.json: palette \"Short\" has 2 colours; a palette needs at least 10")
    #expect(paletteError(#"{"palettes": [{"name": "None"}]}"#) == "test.json: palette \"None\" has 0 colours; a palette needs at least 10")
}

@Test(arguments: ["#12345", "#1234567", "123456", "#12345g", "#+12345", "# 12345", "red", "#１２３４５６"])
func coloursMustBeHashAndSixHexDigits(_ colour: String) {
    var colours = tenColours
    colours[3] = colour
    let error = #expect(throws: DataError.self) {
        try Palette.palettes(fromJSON: paletteJSON(colours: colours), source: "p.json")
    }
    #expect(error?.description == "p.json: palette \"Test\", colour 4: \"\(colour)\" is not #rrggbb")
}

@Test func palettesAtAMissingPathOrADirectoryNameThePath() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let missing = directory.appendingPathComponent("none.json")
    #expect(throws: HostError("\(missing.path) does not exist")) { try Palette.palettes(at: missing) }
    #expect(throws: HostError("\(directory.path) is a directory, not a file")) { try Palette.palettes(at: directory) }

    let file = directory.appendingPathComponent("palettes.json")
    try paletteJSON(colours: tenColours).write(to: file)
    #expect(try Palette.palettes(at: file).map(\.name) == ["Test"])
    try Data("{".utf8).write(to: file)
    #expect(throws: HostError("\(file.path): not a palettes file: not JSON")) { try Palette.palettes(at: file) }
}

@Test func theShippedPalettesLoad() throws {
    let palettes = try Palette.palettes(at: assetsDirectory.appendingPathComponent("palettes.json"))
    #expect(palettes.count >= 3)
    let names = palettes.map(\.name)
    #expect(names.prefix(2) == ["Classic", "Colour-blind safe"])
    let safe = try #require(palettes.first { $0.name == "Colour-blind safe" })
    #expect(safe.showsSymbols)
    // Okabe–Ito orange, sky blue and bluish green lead the colour-blind safe palette.
    #expect(safe.colours.prefix(3) == [rgb(0xdf, 0x93, 0x19), rgb(0x7a, 0xce, 0xff), rgb(0x00, 0x95, 0x75)])
    for palette in palettes {
        #expect(palette.colours.count >= Board.maximumColours, "\(palette.name)")
        #expect(Set(palette.colours.map { "\($0)" }).count == palette.colours.count, "\(palette.name) repeats a colour")
        // Readable on a dark room: no block colour is near black.
        #expect(palette.colours.allSatisfy { $0.max() > 0.4 }, "\(palette.name) has a colour too dark for the room")
    }
}
