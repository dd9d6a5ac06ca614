import Foundation
import PrisonRules

/// The colours the blocks are drawn in, one per block colour of a board.
public struct Palette: Hashable, Sendable {
    /// The name the player picks the palette by.
    package let name: String
    /// Red, green and blue from 0 to 1, the sRGB components as the file writes them (no gamma conversion).
    ///
    /// There are at least `Board.maximumColours` of them, so any board can be drawn.
    package let colours: [SIMD3<Float>]
    /// Whether each colour's faces carry a symbol of their own, so colours can be told apart without hue.
    package let showsSymbols: Bool

    /// The palettes of a palettes file, `{"palettes": [{"name": …, "colours": ["#rrggbb", …], "symbols": …}]}`.
    ///
    /// `source` names the file in error messages.
    public static func palettes(fromJSON data: Data, source: String) throws(DataError) -> [Palette] {
        let file: PaletteFile
        do { file = try JSONDecoder().decode(PaletteFile.self, from: data) } catch {
            throw DataError("\(source): not a palettes file: \(describe(error))")
        }
        guard let entries = file.palettes, !entries.isEmpty else {
            throw DataError("\(source): no palettes (the file needs a \"palettes\" list with at least one palette)")
        }
        var palettes: [Palette] = []
        for (index, entry) in entries.enumerated() {
            let palette = try Palette(entry, number: index + 1, source: source)
            if let earlier = palettes.firstIndex(where: { $0.name == palette.name }) {
                throw DataError(
                    "\(source): palette \(index + 1) is named \"\(palette.name)\" like palette \(earlier + 1); "
                        + "names must differ")
            }
            palettes.append(palette)
        }
        return palettes
    }

    private init(_ entry: PaletteFile.Entry, number: Int, source: String) throws(DataError) {
        guard let name = entry.name, !name.isEmpty else {
            throw DataError("\(source): palette \(number) has no name")
        }
        let colourTexts = entry.colours ?? []
        guard colourTexts.count >= Board.maximumColours else {
            throw DataError(
                "\(source): palette \"\(name)\" has \(colourTexts.count) colours; "
                    + "a palette needs at least \(Board.maximumColours)")
        }
        var colours: [SIMD3<Float>] = []
        for (index, text) in colourTexts.enumerated() {
            guard let colour = Self.colour(hex: text) else {
                throw DataError("\(source): palette \"\(name)\", colour \(index + 1): \"\(text)\" is not #rrggbb")
            }
            colours.append(colour)
        }
        self.name = name
        self.colours = colours
        self.showsSymbols = entry.symbols ?? false
    }

    /// The colour `#rrggbb` writes, or nil if `text` is not of that form.
    private static func colour(hex text: String) -> SIMD3<Float>? {
        let digits = Array(text.utf8.dropFirst())
        guard text.first == "#", digits.count == 6 else { return nil }
        var components = SIMD3<Float>()
        for component in 0..<3 {
            let pair = String(decoding: digits[(component * 2)..<(component * 2 + 2)], as: UTF8.self)
            guard pair.allSatisfy(\.isHexDigit), let value = UInt8(pair, radix: 16) else { return nil }
            components[component] = Float(value) / 255
        }
        return components
    }
}

/// A palettes file as JSON has it, before it is checked.
private struct PaletteFile: Decodable {
    struct Entry: Decodable {
        var name: String?
        var colours: [String]?
        var symbols: Bool?
    }

    var palettes: [Entry]?
}
